import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

@testable import FeedshotSnapshot

/// Two documents whose names make the same slug (`a b`, `a-b`) keep their own pictures on the
/// preview and comparison pages: one's change is never shown with the other's images.
struct ImageNameTests {
    /// A one-message document whose text is `text` (longer text: a taller picture).
    static func document(_ text: String) -> Data {
        Data(
            #"{"kind": "message", "width": 320, "now": "2026-11-29T12:00:00Z", "users": {"u": {"displayName": "U"}}, "message": {"id": "m", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "\#(text)"}}"#
                .utf8)
    }

    static let short = document("hi")
    static let long = document(String(repeating: "A longer message that wraps over several lines. ", count: 6))

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The height in pixels of the PNG at `path` under `directory`.
    func height(_ directory: URL, _ path: String) throws -> Int {
        try RGBAImage(png: Data(contentsOf: directory.appendingPathComponent(path))).height
    }

    @Test func namesThatSanitizeAlikeGetTheirOwnStems() {
        #expect(SnapshotPaths.imageStem("chat") == "chat")
        #expect(SnapshotPaths.imageStem("a-b") == "a-b")
        let spaced = SnapshotPaths.imageStem("a b")
        #expect(spaced.wholeMatch(of: /a-b\.[0-9a-f]{8}/) != nil && spaced != SnapshotPaths.imageStem("a  b"))
        // A slug that looks like a hashed stem keeps its own, and names differing only in case
        // (one file on a case-blind disk) get two.
        let lookalike = "a-b-" + spaced.suffix(8)
        #expect(SnapshotPaths.imageStem(lookalike) == lookalike && lookalike != spaced)
        #expect(SnapshotPaths.imageStem("Chat").lowercased() != SnapshotPaths.imageStem("chat"))
        #expect(SnapshotPaths.imageStem("Chat").wholeMatch(of: /Chat\.[0-9a-f]{8}/) != nil)
    }

    /// A document with a very long name gets pictures a file system can write: its stem is cut
    /// and hashed as a reference's is (`SnapshotPaths.fitted`), the two long names stay apart,
    /// and the preview writes both.
    @Test func aVeryLongDocumentNameGetsPicturesThatCanBeWritten() throws {
        let name = String(repeating: "a-very-long-document-name-", count: 12)
        #expect(SnapshotPaths.imageStem(name).utf8.count == SnapshotPaths.maxStemBytes)
        #expect(SnapshotPaths.imageStem(name) != SnapshotPaths.imageStem(name + "2"))
        #expect(SnapshotPaths.imageStem(name + " spaced").utf8.count <= SnapshotPaths.maxStemBytes)
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var gallery = PreviewGallery()
        gallery.widths = [320]
        gallery.themes = ["light"]
        try gallery.write(documents: [(name, Self.short), (name + "2", Self.long)], to: out)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let sources = html.matches(of: /<img src="([^"]+)"/).map { String($0.1) }
        #expect(sources.count == 2 && Set(sources).count == 2, "\(sources)")
        #expect(try height(out, sources[0]) < height(out, sources[1]))
    }

    /// A quote followed by a combining mark (U+0301) is one `Character` but still ends an
    /// attribute: a file named so, then ` onload=…`, ran its script from the gallery, the
    /// comparison page and the failure report. Every quote, bracket and ampersand is escaped,
    /// whatever follows it.
    @Test func escapingIsScalarByScalar() {
        let name = "x\"\u{301} onload=document.title=1 <\u{301}b>&\u{301}'\u{301}"
        #expect(
            PreviewHTML.escape(name)
                == "x&quot;\u{301} onload=document.title=1 &lt;\u{301}b&gt;&amp;\u{301}&#39;\u{301}")
        #expect(!PreviewHTML.escape(name).unicodeScalars.contains { "\"'<>".unicodeScalars.contains($0) })
    }

    @Test func thePreviewShowsEachDocumentWithItsOwnPictures() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var gallery = PreviewGallery()
        gallery.widths = [320]
        gallery.themes = ["light"]
        try gallery.write(documents: [("a b", Self.short), ("a-b", Self.long)], to: out)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let sources = html.matches(of: /<img src="([^"]+)"/).map { String($0.1) }
        #expect(sources.count == 2 && Set(sources).count == 2, "\(sources)")
        #expect(try height(out, sources[0]) < height(out, sources[1]))
        let maps = html.matches(of: /<map name="([^"]+)"/).map { String($0.1) }
        #expect(Set(maps).count == maps.count, "\(maps)")
    }

    /// A second preview into the same folder removes the pictures the first showed and it does
    /// not — only those: a user's own PNG there, or one behind a link, stays.
    @Test func aSecondPreviewIntoTheFolderRemovesOnlyTheImagesItWroteAndNoLongerShows() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let images = out.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("logo".utf8).write(to: images.appendingPathComponent("logo.png"))
        let elsewhere = try folder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try Data("holiday".utf8).write(to: elsewhere.appendingPathComponent("holiday.png"))
        try FileManager.default.createSymbolicLink(
            at: images.appendingPathComponent("linked.png"), withDestinationURL: elsewhere.appendingPathComponent("holiday.png"))
        var gallery = PreviewGallery()
        gallery.widths = [320, 375]
        gallery.themes = ["light"]
        try gallery.write(documents: [("a", Self.short), ("b", Self.long)], to: out)
        let first = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".png") }
        #expect(first.count == 4 + 2)
        gallery.widths = [320]
        try gallery.write(documents: [("b", Self.short)], to: out)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let shown = Set(html.matches(of: /<img src="images\/([^"?]+)/).map { String($0.1) })
        #expect(shown.count == 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: images.path))
        #expect(left == shown.union(["logo.png", "linked.png"]), "\(left)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("holiday.png").path))
    }

    /// A kit behaviour's note links its entry on `kit-behaviours.html`, beside the page, which
    /// holds its conformance row and names the tables' path as text: a `file://` link opened raw
    /// Markdown at its top, was blocked from a page served over HTTP, and named a path only the
    /// machine that wrote the page had. The page links back to the gallery.
    @Test func theGalleryNamesTheConformanceRowWithoutAFileLink() throws {
        let photo = Data(
            #"{"kind": "chat", "width": 320, "now": "2026-11-29T12:00:00Z", "me": "me", "users": {"u": {"displayName": "U"}, "me": {"displayName": "Me"}}, "messages": [{"id": "p", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"width": 40, "height": 30}}]}"#
                .utf8)
        func pages() throws -> (index: String, behaviours: String) {
            let out = try folder()
            defer { try? FileManager.default.removeItem(at: out) }
            var gallery = PreviewGallery()
            gallery.widths = [320]
            gallery.themes = ["light"]
            try gallery.write(documents: [("photo", photo)], to: out)
            return (
                try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8),
                try String(contentsOf: out.appendingPathComponent("kit-behaviours.html"), encoding: .utf8)
            )
        }
        let served = try pages()
        let note = try #require(served.index.firstMatch(of: /<li data-kit-behaviour="bug-incoming-image-time" data-items="p">.*?<\/li>/))
        let reference =
            #"<a href="kit-behaviours.html#bug-incoming-image-time"><code>docs/conformance/amity.md#bug-incoming-image-time</code></a></li>"#
        #expect(note.0.hasSuffix(reference), "\(note.0)")
        #expect(!served.index.contains("file://") && !served.behaviours.contains("file://"))
        // Every behaviour is on the page, anchored, with its row from this checkout's tables.
        for behaviour in KitBehaviour.allCases {
            #expect(served.behaviours.contains(#"<article class="behaviour" id="\#(behaviour.id)">"#))
        }
        let entry = try #require(served.behaviours.firstMatch(of: /<article class="behaviour" id="bug-incoming-image-time">.*?<\/article>/))
        #expect(entry.0.contains("<code>M/Cells/Image/AmityMessageImageIncomingTableViewCell.xib:15</code>"), "\(entry.0)")
        #expect(entry.0.contains("<code>docs/conformance/amity.md#bug-incoming-image-time</code>"))
        #expect(served.behaviours.contains(#"<a href="index.html">← The gallery</a>"#))
    }

    /// The gallery `documents` make in these variants: its page, and the folder it was written to,
    /// which is removed unless `keep` (then the caller removes it).
    func galleryPage(
        _ documents: [(name: String, json: Data)], widths: [Double] = [320], themes: [String] = ["light"],
        textSizes: [ContentSizeCategory] = [.large], keep: Bool = false
    ) throws -> (html: String, folder: URL) {
        let out = try folder()
        defer { if !keep { try? FileManager.default.removeItem(at: out) } }
        var gallery = PreviewGallery()
        gallery.widths = widths
        gallery.themes = themes
        gallery.textSizes = textSizes
        try gallery.write(documents: documents, to: out)
        return (try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8), out)
    }

    /// A variant whose image is byte for byte the one at an earlier text size says so — an Amity
    /// chat's labels keep their sizes, so its accessibility sizes drew identical images side by
    /// side with nothing said — while a MessageKit chat, whose fonts follow Dynamic Type, says nothing.
    @Test func aTextSizeThatChangesNothingIsSaid() throws {
        func chat(_ style: String) -> Data {
            Data(
                #"{"kind": "chat", "style": "\#(style)", "width": 320, "now": "2026-11-29T12:00:00Z", "me": "me", "users": {"u": {"displayName": "U"}}, "messages": [{"id": "a", "from": "u", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "Hello there"}]}"#
                    .utf8)
        }
        let html = try galleryPage([("amity", chat("amity")), ("mk", chat("messagekit"))], textSizes: [.large, .accessibilityLarge]).html
        let amity = try #require(html.range(of: #"<section data-name="amity""#))
        let mk = try #require(html.range(of: #"<section data-name="mk""#))
        let notes = html.matches(of: /<p class="same" data-same-as="large">([^<]*)<\/p>/).map { ($0.range.lowerBound, String($0.1)) }
        #expect(notes.count == 1, "\(notes.map(\.1))")
        #expect(notes.first.map { $0.0 > amity.lowerBound && $0.0 < mk.lowerBound } == true)
        #expect(notes.first?.1 == "The same image as at large: the Amity kit's labels keep their sizes at every text size.")
    }

    /// Each variant's caption links its PNG, to see it pixel for pixel; its tap regions take no
    /// tab stop (a gallery of 120 images had 2,426 of them before its first document's end) and
    /// a click on one stays where it is.
    @Test func eachVariantLinksItsPNGAndItsTapRegionsTakeNoTabStops() throws {
        let photo = Data(
            #"{"kind": "chat", "width": 320, "now": "2026-11-29T12:00:00Z", "me": "me", "users": {"u": {"displayName": "U"}}, "messages": [{"id": "f", "from": "u", "type": "file", "sentAt": "2026-11-29T11:00:00Z", "file": {"name": "a.pdf", "size": 10}}]}"#
                .utf8)
        let (html, out) = try galleryPage([("file", photo)], keep: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let caption = /<figcaption><span class="doc">file<\/span>[^<]*<a href="(images\/[^"]+\.png)" target="_blank">PNG<\/a><\/figcaption>/
        let link = try #require(html.firstMatch(of: caption))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(String(link.1)).path))
        let areas = html.matches(of: /<area [^>]*>/).map { String($0.0) }
        #expect(!areas.isEmpty && areas.allSatisfy { $0.contains(#"tabindex="-1""#) }, "\(areas)")
        #expect(html.contains("area.addEventListener('click', function (event) { event.preventDefault(); });"))
        // The file bubble of another's message is at the left: its label opens from its left edge.
        let taps = html.matches(of: /<div class="(tap[^"]*)" style="left:([\d.]+)px;top:[\d.]+px;width:([\d.]+)px/)
        #expect(!taps.isEmpty && taps.allSatisfy { ($0.1 == "tap end") == (Double($0.2)! + Double($0.3)! / 2 > 160) }, "\(taps.map(\.0))")
    }

    /// A variant's light and dark are one box on the page, side by side, which the grid wraps as a
    /// whole: at 1,440 pixels they shared a row for 4 of 16 pairs, as the cards happened to wrap.
    @Test func aVariantsThemesSitSideBySide() throws {
        let html = try galleryPage([("chat", message("Hi"))], widths: [320, 375], themes: ["light", "dark"]).html
        let pairs = html.matches(of: /<div class="pair">(.*?)<\/figure><\/div>/)
        #expect(pairs.count == 2)
        for (pair, width) in zip(pairs, ["320", "375"]) {
            let figures = pair.1.matches(of: /<figure data-theme="(\w+)" data-width="(\d+)"/).map { "\($0.2) \($0.1)" }
            #expect(figures == ["\(width) light", "\(width) dark"], "\(figures)")
        }
        #expect(!(try galleryPage([("chat", message("Hi"))], widths: [320, 375]).html).contains(#"<div class="pair">"#))
    }

    /// A table row's cells split at unescaped pipes; its Markdown shown as HTML.
    @Test func conformanceRowsAreReadAsTheTableWritesThem() {
        #expect(PreviewHTML.tableCells(#"| a | b \| c | `x` |"#) == ["a", #"b \| c"#, "`x`"])
        #expect(PreviewHTML.inlineMarkdown(#"`a<b` [the table](x.md#y) \| 1"#) == "<code>a&lt;b</code> the table | 1")
        let rows = PreviewHTML.conformanceRows(in: PreviewHTML.localCheckout)
        #expect(Set(rows.keys) == Set(KitBehaviour.allCases.map(\.id)))
        #expect(rows.values.allSatisfy { !$0.title.isEmpty && !$0.seen.isEmpty && !$0.why.isEmpty && !$0.source.isEmpty })
    }

    @Test func aChangeToOneDocumentIsReportedWithItsOwnImages() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let options = RenderOptions()
        func version(_ name: String, _ json: Data) -> ComparisonReport.Version { .init(name: name, json: json, options: options) }
        // "a b" changes from short to long; "a-b" stays short.
        let outcomes = try ComparisonReport().write(
            pairs: [(version("a b", Self.short), version("a b", Self.long)), (version("a-b", Self.short), version("a-b", Self.short))],
            to: out)
        #expect(outcomes.map(\.name) == ["a b", "a-b"])
        #expect(outcomes[1].outcome == .identical)
        let html = try String(contentsOf: out.appendingPathComponent("compare.html"), encoding: .utf8)
        let sources = html.matches(of: /src="(compare\/[^"]+\.after\.png)"/).map { String($0.1) }
        #expect(Set(sources).count == 2, "\(sources)")
        let spaced = try #require(sources.first { $0.contains(SnapshotPaths.imageStem("a b")) })
        let dashed = try #require(sources.first { $0 == "compare/a-b.after.png" })
        #expect(try height(out, spaced) > height(out, dashed))
    }
}
