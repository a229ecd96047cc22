import Foundation
import Testing

@testable import FeedshotLayout

/// The text, gallery and file cells (docs/conformance/amity.md, "Feed").
struct FeedContentCellTests {
    typealias F = FeedFixture
    static let words = (1...80).map { "word\($0)" }.joined(separator: " ")

    @Test func theTextCellInsetsItsLabel8AboveAndBelowAndIs16WhenEmpty() throws {
        let layout = try F.layout([F.post("a", #""text": "Hello""#), F.post("b", "")])
        let text = try #require(layout.item("a.text"))
        #expect(text.frame.height == 19 + 16)
        // The glyphs are raised 1.2 (the label's baselineOffset).
        #expect(
            text.frames(.text).map {
                abs($0.y - (8 - AmityExpandableLabel.baselineOffsetRatio * 15)) < 1e-9 && $0.x == 16 && $0.width == 343
            } == [true])
        // A text post always has its text cell (AmityPostTextComponent), 16 tall without text.
        #expect(layout.item("b.text")?.frame.height == 16)
        #expect(layout.items.map(\.id) == ["a.header", "a.text", "a.footer", "b.header", "b.text", "b.footer"])
    }

    /// Inside a gallery or a file cell the text collapses after 3 lines, not 8; on the detail
    /// screen, or expanded, it shows whole.
    @Test func mediaCellsCollapseTheirTextAfterThreeLinesAndTheDetailShowsItWhole() throws {
        func lines(_ fields: String, extra: String = "", single: Bool = false, cell: String) throws -> [String] {
            let post = F.post("m", #""text": "\#(Self.words)", \#(fields)"#)
            let layout = single ? try F.single(post, extra: extra) : try F.layout([post])
            let item = try #require(layout.item("m.\(cell)"))
            let text = try #require(item.elements.first { $0.role == .text && $0.content.styledText?.string.hasPrefix("word") == true })
            guard case .text(_, let lines) = text.content else { throw CancellationError() }
            return lines
        }
        let gallery = #""dataType": "image", "images": [{"src": ""}]"#
        let file = #""dataType": "file", "files": [{"name": "agenda.pdf", "size": 1}]"#
        for (fields, cell) in [(gallery, "gallery"), (file, "file")] {
            let collapsed = try lines(fields, cell: cell)
            #expect(collapsed.count == 3 && collapsed[2].hasSuffix("...Read more"), "\(cell)")
            let whole = try lines(fields, extra: #", "display": "detail""#, single: true, cell: cell)
            #expect(whole.count > 8 && !whole.joined().contains("Read more"), "\(cell)")
            #expect(try lines(fields + #", "isExpanded": true"#, cell: cell).count == whole.count, "\(cell)")
        }
    }

    @Test func collapsedTextKeepsEightLinesAndCutsTheLastByCharacterCount() throws {
        // 45 characters a line at 343; 80 words need more than 8 lines.
        let layout = try F.layout([F.post("p", #""text": "\#(Self.words)""#)])
        let text = try #require(layout.item("p.text"))
        #expect(text.frame.height == (8 * 18.75).rounded(.up) + 16)
        let element = try #require(text.elements.first { $0.role == .text })
        guard case .text(let styled, let lines) = element.content else { throw CancellationError() }
        #expect(lines.count == 8)
        // The 8th line loses its last 13 characters (" ...Read more" has 13), then " " and "...Read more".
        let eighth = lines[7]
        #expect(styled.string.hasSuffix(" ...Read more"))
        #expect(eighth.hasSuffix("...Read more"))
        let link = try #require(styled.spans.last)
        #expect(link.color == Theme.amityLight.highlight && link.weight == .semibold)
        #expect(link.end - link.start == "...Read more".utf8.count)
        // A tap expands it in place: Feedshot's own event.
        #expect(text.actions("readMoreDidTap").first?.arguments == ["postId": "p", "origin": "feedshot"])
        // Only the cell's insets select the row (`postDidtap` over the row, last).
        #expect(text.actions("postDidtap").map(\.frame) == [Rect(x: 0, y: 0, width: 375, height: text.frame.height)])
        #expect(text.actions.last?.event == "postDidtap")
        let expanded = try F.layout([F.post("p", #""text": "\#(Self.words)", "isExpanded": true"#)])
        let whole = FakeMeasurer().measure(StyledText(Self.words, font: AmityFont.body.spec), width: 343).lines.count
        #expect(whole > 8)
        #expect(expanded.item("p.text")?.frame.height == (Double(whole) * 18.75).rounded(.up) + 16)
        #expect(expanded.item("p.text")?.actions("postDidtap").count == 2)
    }

    /// Links underlined in the highlight colour; mentions primary in the body font, regular (the
    /// label's font goes over their bold: `copyWithAddedFontAttribute`, AmityExpandableLabel.swift:482-486).
    @Test func linksAreUnderlinedInTheHighlightColourAndMentionsPrimaryInTheBodyFont() throws {
        let text = "Hi @Bob see example.com/trail"
        let layout = try F.layout([F.post("p", #""text": "\#(text)", "mentions": [{"userId": "u3", "index": 3, "length": 3}]"#)])
        let item = try #require(layout.item("p.text"))
        let styled = try #require(item.elements.first { $0.role == .text }?.content.styledText)
        // The text itself: body 15, regular, in base.
        #expect(styled.font == FontSpec(size: 15) && styled.color == Theme.amityLight.base)
        let link = try #require(styled.spans.first { $0.isUnderlined == true })
        #expect(link.start == 12 && link.end == 29 && link.color == Theme.amityLight.highlight)
        let mention = try #require(styled.spans.first { $0.start == 3 })
        #expect(mention.end == 7 && mention.color == Theme.amityLight.primary && mention.weight == .regular)
        #expect(!styled.spans.contains { $0.weight == .semibold })
        // The mention fires userDidTap over its characters ("Hi " before it: 3 × 7.5).
        #expect(item.actions("userDidTap").map(\.frame) == [Rect(x: 16 + 22.5, y: 8, width: 30, height: 19)])
        #expect(item.actions("userDidTap").first?.arguments == ["userId": "u3"])
        // Without metadata an "@word" is plain text, as in the kit.
        let plain = try #require(try F.layout([F.post("p", #""text": "Hi @Bob""#)]).item("p.text")?.elements.last?.content.styledText)
        #expect(plain.spans.isEmpty)
    }

    /// The label lists its links before its mentions and a tap goes to the first that holds it
    /// (AmityExpandableLabel.swift:256, 602-621): a mention inside a link opens the link, and
    /// mentions nested in one another each keep only what the earlier ones do not hold.
    @Test func aTapWhereLinksAndMentionsOverlapGoesWhereTheKitSendsIt() throws {
        let text = "see example.com/trail"
        let overlapping = #""text": "\#(text)", "mentions": [{"userId": "u3", "index": 4, "length": 6}]"#
        let item = try #require(try F.layout([F.post("p", overlapping)]).item("p.text"))
        #expect(item.actions("userDidTap").isEmpty)
        let link = try #require(item.actions.firstIndex { $0.event == "linkDidTap" })
        // Over the link's 17 characters, on the label's line (its glyphs drawn 0.08 × 15 higher).
        let label = try #require(item.elements.first { $0.role == .text }?.frame)
        #expect(item.actions[link].frame == Rect(x: 16 + 4 * 7.5, y: label.y + 0.08 * 15, width: 17 * 7.5, height: 19))
        // 300 mentions nested from the "@": 300 boxes, not 45,000.
        let long = "@" + String(repeating: "b", count: 300)
        let nested = (1...300).map { #"{"userId": "u\#($0)", "index": 0, "length": \#($0)}"# }.joined(separator: ", ")
        let post = try #require(try F.layout([F.post("p", #""text": "\#(long)", "mentions": [\#(nested)]"#)]).item("p.text"))
        let taps = post.actions("userDidTap")
        #expect(taps.count == 300)
        // The first holds "@b", each later one its last "b".
        #expect(taps.map(\.frame.width) == [15] + Array(repeating: 7.5, count: 299))
        #expect(taps.first?.arguments == ["userId": "u1"] && taps.last?.arguments == ["userId": "u300"])
    }

    /// The kit checks a mention's end (UTF-16 units) against the text's character count, so after
    /// two emoji (4 units, 2 characters) a mention at the end of the text is dropped: plain, no tap.
    @Test func aMentionPastTheTextsCharacterCountIsDroppedAsTheKitDoes() throws {
        func item(_ text: String, index: Int) throws -> LayoutItem {
            try #require(
                try F.layout([F.post("p", #""text": "\#(text)", "mentions": [{"userId": "u3", "index": \#(index), "length": 3}]"#)]).item(
                    "p.text"))
        }
        // "🎉🎉 hi @Bob": 12 UTF-16 units, 10 characters; the mention ends at 12.
        let dropped = try item("🎉🎉 hi @Bob", index: 8)
        #expect(dropped.actions("userDidTap").isEmpty)
        #expect(dropped.elements.first { $0.role == .text }?.content.styledText?.spans.isEmpty == true)
        // The same mention with room to spare in characters is styled and tappable.
        let kept = try item("🎉🎉 hi @Bob and more", index: 8)
        #expect(kept.actions("userDidTap").count == 1)
    }

    /// The kit opens a tapped link itself; Feedshot's own `linkDidTap` covers the link's
    /// characters, before the label's `postDidtap` (a re-audit found links fired `postDidtap`).
    @Test func aLinkInPostTextIsItsOwnTap() throws {
        let item = try #require(try F.layout([F.post("p", #""text": "Hi see example.com/trail""#)]).item("p.text"))
        let links = item.actions("linkDidTap")
        // "Hi see " before it: 7 × 7.5; "example.com/trail": 17 × 7.5.
        #expect(links.map(\.frame) == [Rect(x: 16 + 52.5, y: 8, width: 127.5, height: 19)])
        // Feedshot's own events say so (`origin`), with the URL the kit's label opens: "http://" in
        // front of a link that does not start with "http" (AmityExpandableLabel.swift:164,607).
        #expect(links.first?.arguments == ["url": "http://example.com/trail", "origin": "feedshot"])
        let written = try #require(
            try F.layout([F.post("p", #""text": "HTTPS://a.io/x, mail hike@example.com or b.io/ü""#)]).item("p.text"))
        #expect(
            written.actions("linkDidTap").map { $0.arguments["url"] } == [
                "HTTPS://a.io/x", "http://hike@example.com", "http://b.io/%C3%BC",
            ])
        let events = item.actions.map(\.event)
        #expect(events.firstIndex(of: "linkDidTap")! < events.firstIndex(of: "postDidtap")!)
    }

    /// A tile whose picture does not load is Feedshot's placeholder: a base-shade-4 box of the
    /// tile's radius 4 with the photo glyph centred (32 pt at most), and a warning naming it.
    @Test func aGalleryTileThatDoesNotLoadIsAPlaceholderBox() throws {
        let layout = try F.layout([F.post("g", #""dataType": "image", "text": "", "images": [{"src": ""}]"#)])
        let item = try #require(layout.item("g.gallery"))
        let tile = try #require(item.elements.first { $0.role == .tile })
        // In the item: the 16-point inset (element frames are on the canvas, below the header).
        #expect(tile.frame.offsetBy(dy: -item.frame.y) == Rect(x: 16, y: 16, width: 343, height: 343))
        guard case .box(let fill, _, let corners) = tile.content else {
            Issue.record("the tile is \(tile.content), not a box")
            return
        }
        #expect(fill == Theme.amityLight.baseShade4 && corners == .all(4))
        let icon = try #require(item.elements.first { $0.role == .icon })
        #expect(icon.frame.offsetBy(dy: -item.frame.y) == Rect(x: 16 + 171.5 - 16, y: 16 + 171.5 - 16, width: 32, height: 32))
        #expect(layout.warnings.contains { $0.hasPrefix("posts[0].images[0].src") })
    }

    /// A video without a thumbnail is the kit's `videoThumbnailPlaceholder`, a solid black image
    /// (AmityGalleryCollectionViewCell.swift:123-128), under the play icon, with no warning: the
    /// kit has nothing to load. A photo without a source is still Feedshot's placeholder.
    @Test func aVideoWithoutAThumbnailIsTheKitsBlackPlaceholder() throws {
        let layout = try F.layout([F.post("v", #""dataType": "video", "text": "", "images": [{"src": ""}]"#)])
        let item = try #require(layout.item("v.gallery"))
        let tile = try #require(item.elements.first { $0.role == .tile })
        #expect(tile.content == .box(fill: .black, corners: .all(4)))
        #expect(tile.frame.offsetBy(dy: -item.frame.y) == Rect(x: 16, y: 16, width: 343, height: 343))
        #expect(item.glyphs == [.playFill])
        #expect(layout.warnings.isEmpty)
    }

    /// "+ N" is the cell xib's `boldSystem 20`, white, centred on the fourth tile; no code sets
    /// its font, so an app's typography (here a 30-point `headerLine`) leaves it.
    @Test func theOverflowCountIsTheXibsBoldSystem20WhateverTheTypography() throws {
        let images = (0..<6).map { _ in #"{"src": ""}"# }.joined(separator: ",")
        let layout = try F.layout(
            [F.post("g", #""dataType": "image", "images": [\#(images)]"#)],
            extra: #", "typography": {"headerLine": {"size": 30, "family": "Noto Sans Hebrew"}}"#)
        let item = try #require(layout.item("g.gallery"))
        let count = try #require(item.elements.first { $0.content.styledText?.string == "+ 3" })
        #expect(count.content.styledText?.font == FontSpec(size: 20, weight: .bold) && count.content.styledText?.color == .white)
        let fourth = item.elements.filter { $0.role == .tile }[3].frame
        #expect(abs(count.frame.midX - fourth.midX) < 1e-9 && abs(count.frame.midY - fourth.midY) < 1e-9, "\(count.frame) \(fourth)")
    }

    /// A feed's gallery is not editable and its media idle (`downloadableImage`,
    /// `downloadableVideo`): no close button, upload veil, progress bar or error badge, only the
    /// tiles, the play icons of video tiles not counting the rest, and "+ N"
    /// (`AmityGalleryCollectionViewCell.swift:102-116,155-212`).
    @Test func aFeedGalleryHasNoUploadOverlays() throws {
        let refs = ["a.jpg", "b.jpg", "", "d.jpg", "e.jpg", "f.jpg"]
        let images = refs.map { #"{"src": "\#($0)"}"# }.joined(separator: ",")
        let loaded = ImageCatalog.Entry.loaded(width: 800, height: 600)
        let catalog = ImageCatalog(entries: ["a.jpg": loaded, "b.jpg": loaded, "d.jpg": loaded])
        func kinds(_ dataType: String) throws -> [String] {
            let feed = F.feed([F.post("g", #""dataType": "\#(dataType)", "images": [\#(images)]"#)])
            let layout = try LayoutEngine.layout(Document.decode(feed), measurer: FakeMeasurer(), images: catalog)
            return try #require(layout.item("g.gallery")).elements.map { element in
                let role = element.role.rawValue
                switch element.content {
                case .image: return "\(role) image"
                case .box: return "\(role) box"
                case .glyph(let glyph, _): return "\(role) \(glyph)"
                case .text(let text, _): return "\(role) \(text.string)"
                case .bubble: return "\(role) bubble"
                }
            }.sorted()
        }
        // The card; three pictures and the one that did not load (Feedshot's box and photo glyph),
        // the fourth tile carrying "+ 3".
        #expect(try kinds("image") == ["cell box", "icon photo", "text + 3", "tile box", "tile image", "tile image", "tile image"])
        // Videos: the black placeholder for the one without a thumbnail, and play on all but the fourth.
        #expect(
            try kinds("video") == [
                "cell box", "icon playFill", "icon playFill", "icon playFill", "text + 3", "tile box", "tile image", "tile image",
                "tile image",
            ])
    }

    @Test func galleryMosaicsAreTheKitsIntegralDivisionsInsideA16PointInset() throws {
        func tiles(_ n: Int, text: String = "") throws -> (LayoutItem, [Rect]) {
            let images = (0..<n).map { _ in #"{"src": ""}"# }.joined(separator: ",")
            let item = try #require(
                try F.layout([F.post("g", #""dataType": "image", "text": "\#(text)", "images": [\#(images)]"#)]).item("g.gallery"))
            return (item, item.frames(.tile))
        }
        #expect(try tiles(1).1 == [Rect(x: 16, y: 16, width: 343, height: 343)])
        #expect(try tiles(2).1 == [Rect(x: 16, y: 16, width: 168, height: 343), Rect(x: 192, y: 16, width: 167, height: 343)])
        #expect(
            try tiles(3).1 == [
                Rect(x: 16, y: 16, width: 343, height: 168), Rect(x: 16, y: 192, width: 168, height: 167),
                Rect(x: 192, y: 192, width: 167, height: 167),
            ])
        let (four, frames) = try tiles(4, text: "Golden hour")
        // The text sits at the cell's top (19), the W × W collection view under it.
        #expect(four.frame.height == 19 + 375)
        // Raised 1.2 by the label's baselineOffset.
        #expect(
            four.frames(.text).map {
                abs($0.y + AmityExpandableLabel.baselineOffsetRatio * 15) < 1e-9 && $0.width == 343 && $0.height == 19
            } == [true])
        #expect(frames.first == Rect(x: 16, y: 19 + 16, width: 343, height: 229))
        #expect(frames.dropFirst().map(\.x) == [16, 133, 250] && frames.dropFirst().allSatisfy { $0.y == 19 + 253 && $0.width == 109 })
        let (nine, _) = try tiles(9)
        #expect(nine.texts.contains("+ 6"))
        #expect(nine.actions("imageDidTap").map { $0.arguments["index"] } == ["0", "1", "2", "3"])
        #expect(nine.actions("imageDidTap").allSatisfy { $0.arguments["origin"] == "feedshot" })
    }

    @Test func videoTilesShowPlayFillExceptTheOneCountingTheRest() throws {
        let images = (0..<6).map { _ in #"{"src": ""}"# }.joined(separator: ",")
        let item = try #require(try F.layout([F.post("v", #""dataType": "video", "images": [\#(images)]"#)]).item("v.gallery"))
        #expect(item.glyphs.filter { $0 == .playFill }.count == 3)
        let play = try #require(item.frame(ofGlyph: .playFill))
        #expect(play.width == 44 && play.height == 44)
    }

    @Test func fileRowsAre76WithA64BoxThe40By48IconAndTheSizeUnderTheName() throws {
        let item = try #require(
            try F.layout([F.post("f", #""dataType": "file", "text": "Agenda", "files": [{"name": "agenda.pdf", "size": 482133}]"#)]).item(
                "f.file"))
        // Text 19, 8, the table's 12, a row of 76.
        #expect(item.frame.height == 19 + 8 + 12 + 76)
        #expect(item.frames(.file) == [Rect(x: 16, y: 39, width: 343, height: 64)])
        #expect(item.frame(ofGlyph: .filePdf) == Rect(x: 28, y: 47, width: 40, height: 48))
        #expect(item.frame(ofText: "agenda.pdf")?.origin == (80, 51))
        #expect(item.frame(ofText: "482 KB")?.origin == (80, 70))
        #expect(item.actions("fileDidTap").first?.arguments == ["postId": "f", "index": "0", "origin": "feedshot"])
        // Without a size the kit's `AmityFile` reads 0: "Zero KB" in the same place.
        let unsized = try #require(
            try F.layout([F.post("f", #""dataType": "file", "text": "Agenda", "files": [{"name": "agenda.pdf"}]"#)]).item("f.file"))
        #expect(unsized.frame(ofText: "Zero KB")?.origin == (80, 70))
        // A long name is one line, W − 130 wide at the most (the hidden close button keeps its room).
        let long = String(repeating: "quarterly report ", count: 6) + "final.pdf"
        let longItem = try #require(
            try F.layout([F.post("f", #""dataType": "file", "files": [{"name": "\#(long)", "size": 1}]"#)]).item("f.file"))
        let name = try #require(longItem.elements.first { $0.content.drawnText?.lines.first?.hasPrefix("quarterly") == true })
        // Cut with "…" where the line is full: within a character of the 245 points.
        #expect(name.content.drawnText?.lines.count == 1 && name.frame.x == 80, "\(name)")
        #expect(name.frame.width <= 375 - 130 && name.frame.width > 375 - 130 - 12, "\(name.frame)")
        #expect(name.content.drawnText?.lines.first?.hasSuffix("…") == true)
    }

    @Test func moreThanFiveFilesEndWithViewAllFilesInSystemBlue() throws {
        let files = (1...7).map { #"{"name": "f\#($0).zip", "size": 1000}"# }.joined(separator: ",")
        let item = try #require(try F.layout([F.post("f", #""dataType": "file", "files": [\#(files)]"#)]).item("f.file"))
        // 8 + 12 + 5 × 76, then the 36-point footer; its 20-point label at its top.
        #expect(item.frame.height == 20 + 380 + 36)
        #expect(item.frames(.file).count == 5)
        #expect(item.glyphs.filter { $0 == .fileZip }.count == 5)
        let more = try #require(item.frame(ofText: "View all files"))
        #expect(more.x == 16 && more.y == 400 + 0.5)
        // "View all files", then the row (the gaps between files select it).
        #expect(
            item.actions("postDidtap").map(\.frame) == [
                Rect(x: 16, y: 400, width: 343, height: 20), Rect(x: 0, y: 0, width: 375, height: 436),
            ])
        let text = try #require(item.elements.first { $0.role == .readMore }?.content.styledText)
        #expect(text.color == Color(hex: "#007AFF") && text.font == AmityFont.body.spec)
        // systemBlue is a dynamic colour: in the dark theme it is the dark appearance's.
        let dark = try #require(
            try F.layout([F.post("f", #""dataType": "file", "files": [\#(files)]"#)], extra: #", "theme": "dark""#).item("f.file"))
        #expect(dark.elements.first { $0.role == .readMore }?.content.styledText?.color == Color(hex: "#0A84FF"))
        let expanded = try #require(
            try F.layout([F.post("f", #""dataType": "file", "files": [\#(files)], "isExpanded": true"#)]).item("f.file"))
        #expect(expanded.frames(.file).count == 7 && expanded.frame.height == 20 + 7 * 76)
    }
}

extension Rect {
    var origin: (Double, Double) { (x, y) }
}

func == (lhs: (Double, Double)?, rhs: (Double, Double)) -> Bool {
    guard let lhs else { return false }
    return lhs.0 == rhs.0 && lhs.1 == rhs.1
}
