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

    @Test func aMalformedIconIsRefusedNamingTheFile() throws {
        let json = #"{"icons": [{"name": "x", "width": 1, "height": 1, "layers": [{"fill": "plaid", "evenOdd": false, "path": "M0,0Z"}]}]}"#
        let file = try JSONDecoder().decode(KitIcon.IconFile.self, from: Data(json.utf8))
        #expect {
            try KitIcon(file.icons[0], file: "Resources/KitIcons/test.json")
        } throws: { error in
            "\(error)" == "Feedshot's data file Resources/KitIcons/test.json is malformed: x: unknown fill plaid"
        }
    }
}
