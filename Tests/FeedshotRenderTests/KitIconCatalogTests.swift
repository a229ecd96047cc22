import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// The kit's icons, read from `Resources/KitIcons/*.json` (scripts/kit-icons.py); the goldens hold
/// what they draw.
struct KitIconCatalogTests {
    @Test func everyIconTheGlyphsDrawIsBundled() throws {
        let icons = try KitIcon.bundled.get()
        #expect(icons.count == 34)
        #expect(icons.values.map(\.layers.count).reduce(0, +) == 86)
        #expect(
            Set(icons.keys) == [
                "filePage", "fileAudio", "fileAvi", "fileCsv", "fileDefault", "fileDoc", "fileHtml", "fileImg", "fileMov", "fileMp3",
                "fileMp4", "fileMpeg", "filePdf", "filePpt", "fileTxt", "fileXls", "fileZip", "officialBadge", "moderatorBadge",
                "bannedBadge", "option", "likeOutline", "likeFill", "comment", "share", "playLiveStream", "postPlaceholder", "radioOn",
                "radioOff", "radioCheck", "likeBadge", "liveStreamPlaceholder", "reply", "replies",
            ])
        let badge = try #require(icons["likeBadge"])
        guard case .linear(let start, let end, _, _) = badge.layers[0].fill else {
            Issue.record("likeBadge's first layer is not its gradient: \(badge.layers[0].fill)")
            return
        }
        #expect(start == 0x5B9DFF && end == 0x0041BE)
        #expect(icons["filePage"]?.width == 40 && icons["liveStreamPlaceholder"]?.height == 221)
    }

    /// An asset's own colour is its PDF's fill × 255, rounded once: `icon_comment` fills with
    /// 0.505882 0.523529 0.594118 (129.0, 133.4999, 151.5001) and `icon_badge_moderator` and
    /// `icon_reply_inverse` with 0.387473 0.406374 0.472527 (98.8, 103.6, 120.49). The generator
    /// rounded to three decimals first, which made them #818697 and #636879.
    @Test(arguments: [("comment", 0x81_8598), ("moderatorBadge", 0x63_6878), ("replies", 0x63_6878)] as [(String, UInt32)])
    func anAssetsOwnColourIsItsPDFsFill(name: String, rgb: UInt32) throws {
        let icon = try #require(try KitIcon.bundled.get()[name])
        let colours = icon.layers.compactMap { layer -> UInt32? in
            if case .rgb(let colour) = layer.fill { colour } else { nil }
        }
        #expect(!colours.isEmpty && colours.allSatisfy { $0 == rgb }, "\(name): \(colours.map { String($0, radix: 16) })")
    }

    /// The layout tree gives a glyph drawn in one colour of its asset's own the colour the painter
    /// draws it in, in every golden: the Comment button, the moderator badge, "View replies" and
    /// the unknown post's card (until December 2026 the last three named the theme's shade their
    /// fill is near, #636779 and #A5A9B6). The file icons, the like badge and the radio buttons are
    /// drawn in several colours; their element's colour is the tint of template layers only.
    @Test func aGlyphInItsAssetsOneColourHasThatColourInTheTree() throws {
        var checked: Set<Glyph> = []
        for name in GoldenTests.names {
            let json = try Data(contentsOf: GoldenTests.directory.appendingPathComponent("\(name).json"))
            var options = RenderOptions()
            options.images.assetRoot = packageRoot.appendingPathComponent("examples")
            let layout = try Feedshot.layout(Feedshot.decode(json, options: options), options: options)
            for element in layout.items.flatMap(\.elements) {
                guard case .glyph(let glyph, let color) = element.content, let icon = Glyphs.kitIcon(glyph) else { continue }
                let colours = icon.layers.map { layer -> UInt32? in if case .rgb(let rgb) = layer.fill { rgb } else { nil } }
                guard let rgb = colours.first ?? nil, colours.allSatisfy({ $0 == rgb }) else { continue }
                #expect(color == KitIcon.color(rgb), "\(name): \(glyph) is \(color) in the tree, drawn \(KitIcon.color(rgb))")
                checked.insert(glyph)
            }
        }
        #expect(checked.isSuperset(of: [.commentOutline, .moderatorBadge, .replies, .postPlaceholder]), "\(checked)")
    }

    /// The layout tree gives the Comment glyph the colour the painter draws it in: the asset's
    /// own fill (`KitColors.commentIcon`).
    @Test func theCommentGlyphsColourInTheTreeIsTheAssetsFill() throws {
        let icon = try #require(try KitIcon.bundled.get()["comment"])
        let fills = icon.layers.compactMap { layer -> UInt32? in if case .rgb(let colour) = layer.fill { colour } else { nil } }
        let colour = KitColors.commentIcon
        #expect(fills == [UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue)])
    }

    @Test func aMalformedIconIsRefusedNamingTheFile() throws {
        let json = #"{"icons": [{"name": "x", "width": 1, "height": 1, "layers": [{"fill": "plaid", "evenOdd": false, "path": "M0,0Z"}]}]}"#
        let file = try JSONDecoder().decode(KitIcon.IconFile.self, from: Data(json.utf8))
        #expect {
            try KitIcon(file.icons[0], file: "Resources/KitIcons/test.json")
        } throws: { error in
            "\(error)" == "Feedshot's data file Resources/KitIcons/test.json is malformed: x: unknown fill plaid"
        }
    }

    @Test func pathDataIsReadAsItsCommands() throws {
        let commands = try PathCommand.parse("M 1,2 L-3.5 .25\nC 1,2,3,4,5,6 Z M0,0Z")
        #expect(commands.count == 6)
        guard case .line(let x, let y) = commands[1], case .curve(_, _, _, _, let endX, let endY) = commands[2] else {
            Issue.record("not a line then a curve: \(commands)")
            return
        }
        #expect(x == -3.5 && y == 0.25 && endX == 5 && endY == 6)
        #expect(try PathCommand.parse("").isEmpty)
    }

    @Test(arguments: [
        ("M 1,2 L 3", "path data at byte 6: L takes 2 numbers, not 1"),
        ("M 1,2 l 3,4", "path data at byte 6: unknown command l"),
        ("  1,2 M0,0", "path data at byte 2: numbers before the first command"),
        ("M 1,2 L 3;4", "path data at byte 9: unexpected byte 0x3b"),
        ("M 1,2 L 3..4,5", "path data at byte 8: 3..4 is not a number"),
        ("M 1,2 L 3,4 5,6", "path data at byte 6: L takes 2 numbers, not 4"),
    ])
    func malformedPathDataIsRefusedWhereItGoesWrong(data: String, message: String) {
        #expect {
            try PathCommand.parse(data)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func anIconWithMalformedPathDataIsRefusedNamingTheFileAndIcon() throws {
        let json =
            #"{"icons": [{"name": "x", "width": 1, "height": 1, "layers": [{"fill": "tint", "evenOdd": false, "path": "M0,0 Q1,1Z"}]}]}"#
        let file = try JSONDecoder().decode(KitIcon.IconFile.self, from: Data(json.utf8))
        #expect {
            try KitIcon(file.icons[0], file: "Resources/KitIcons/test.json")
        } throws: { error in
            "\(error)" == "Feedshot's data file Resources/KitIcons/test.json is malformed: x: path data at byte 5: unknown command Q"
        }
    }
}
