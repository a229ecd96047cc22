import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// `feedshot diff` and `feedshot preview`, and the gallery in a real browser.
struct DiffAndPreviewTests {
    let cli = CLITests()

    func png(_ width: Int, _ height: Int, _ edit: (inout RGBAImage) -> Void = { _ in }) throws -> URL {
        var image = RGBAImage(width: width, height: height, fill: (255, 255, 255, 255))
        edit(&image)
        let url = try cli.temporaryDirectory().appendingPathComponent("image.png")
        try image.pngData().write(to: url)
        return url
    }

    @Test func diffExitsZeroForMatchingImagesAndOneForDifferentOnes() throws {
        let a = try png(10, 10)
        let b = try png(10, 10) { image in
            image.pixels[0] = 0; image.pixels[1] = 0
        }
        let same = try cli.run(["diff", a.path, a.path])
        #expect(same.status == 0)
        #expect(String(decoding: same.stdout, as: UTF8.self).hasPrefix("match: 0 of 100 pixels"))
        let diffImage = a.deletingLastPathComponent().appendingPathComponent("diff.png")
        let different = try cli.run(["diff", a.path, b.path, "--diff", diffImage.path])
        #expect(different.status == 1)
        #expect(String(decoding: different.stdout, as: UTF8.self).hasPrefix("differ: 1 of 100 pixels (1.000 %)"))
        #expect(try RGBAImage(png: Data(contentsOf: diffImage)).pixel(0, 0) == (255, 0, 0, 255))
        #expect(try cli.run(["diff", a.path, b.path, "--allowed-pixels", "1"]).status == 0)
        let json = try cli.run(["diff", a.path, b.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["differingPixels"] as? Int == 1 && object["match"] as? Bool == false)
    }

    @Test func diffRefusesBadInputWithExit2() throws {
        let a = try png(10, 10), tall = try png(10, 11)
        let sizes = try cli.run(["diff", a.path, tall.path])
        #expect(sizes.status == 2)
        #expect(sizes.stderr.contains("the images differ in size: \(a.path) is 10 × 10 pixels, \(tall.path) 10 × 11"))
        let missing = try cli.run(["diff", a.path, "/nonexistent.png"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent.png: no such file"))
        let text = a.deletingLastPathComponent().appendingPathComponent("text.png")
        try Data("not a png".utf8).write(to: text)
        let notPNG = try cli.run(["diff", a.path, text.path])
        #expect(notPNG.status == 2 && notPNG.stderr.contains("not a PNG file"))
        #expect(try cli.run(["diff", a.path, a.path, "--threshold", "2"]).status == 2)
    }

    func gallery() throws -> URL {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "examples/chat.json", "goldens/custom-type.json", "--assets", "examples", "--out", out.path,
            "--widths", "320,414", "--themes", "light,dark",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    /// A document that fails is shown on the page and named on standard error, the others are
    /// still drawn, and the exit code is the worst of them, as `render --out-dir` ends (it was 0).
    @Test func previewWithAFailingDocumentWritesThePageAndExitsWithItsCode() throws {
        let dir = try cli.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"kind": "chat""#.utf8).write(to: bad)
        let sheet = dir.appendingPathComponent("sheet.pdf")
        let result = try cli.run([
            "preview", "examples/chat.json", bad.path, "--assets", "examples", "--out", dir.path, "--pdf", sheet.path, "--widths", "375",
            "--themes", "light",
        ])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("feedshot: bad: malformed JSON"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "feedshot: bad:").count == 2, "named once: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("images/chat-w375-s2-light-large.png").path))
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("malformed JSON"))
        #expect(FileManager.default.fileExists(atPath: sheet.path))
        // One variant past a limit: that variant, by its caption; the other is drawn.
        let limited = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--pdf", sheet.path, "--widths", "375", "--themes", "light",
            "--max-pixels", "300000",
        ])
        #expect(limited.status == 2 && limited.stderr.contains("feedshot: chat: 375 pt · light · large: the image would be "))
        // Every failing variant is named, not the first alone (the page shows four; standard
        // error named one).
        let several = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--out", dir.path, "--widths", "375,414", "--themes", "light,dark",
            "--scales", "3", "--max-pixels", "3000000",
        ])
        #expect(several.status == 2)
        let named = several.stderr.split(separator: "\n").filter { $0.hasPrefix("feedshot: chat: ") }
        #expect(named.count == 4, "\(several.stderr)")
        for caption in ["375 pt @3x · light", "375 pt @3x · dark", "414 pt @3x · light", "414 pt @3x · dark"] {
            #expect(named.contains { $0.contains(caption) }, "\(caption): \(several.stderr)")
        }
        let fine = try cli.run(["preview", "examples/chat.json", "--assets", "examples", "--out", dir.path, "--widths", "375"])
        #expect(fine.status == 0 && fine.stderr.isEmpty, "\(fine.stderr)")
    }

    @Test func previewWritesEveryVariantWithAnImageMapOfItsActions() throws {
        let out = try gallery()
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let images = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("images").path)
        #expect(images.count == 2 * 2 * 2)
        #expect(images.contains("chat-w414-s2-dark-large.png"))
        #expect(html.contains(#"title="imageViewer messageId=c3""#))
        #expect(html.contains(#"title="fileDidTap messageId=c5""#))
        #expect(html.components(separatedBy: "<img ").count - 1 == 8)
        // Each picture sized in points, so the image map's coordinates fall on it (a merge once
        // wrote width="(Function)").
        let sizes = html.matches(of: /<img [^>]*width="([^"]*)" height="([^"]*)"/).map { ($0.1, $0.2) }
        #expect(sizes.count == 8 && sizes.allSatisfy { Double($0.0) != nil && Double($0.1) != nil }, "\(sizes)")
        #expect(sizes.contains { $0.0 == "414" })
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The page's body attributes after load, as Chromium's DOM dump shows them.
    func loadInChromium(_ page: URL) throws -> [String: Int] {
        let result = try cli.run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom", page.absoluteString],
            executable: URL(fileURLWithPath: Self.chromium!))
        let dom = String(decoding: result.stdout, as: UTF8.self)
        var attributes: [String: Int] = [:]
        for name in [
            "data-images-total", "data-images-loaded", "data-areas", "data-comparisons", "data-sliders", "data-overlays", "data-loads",
            "data-version", "data-shown", "data-first-paint", "data-ignored",
        ] {
            if let range = dom.range(of: "\(name)=\""), let end = dom[range.upperBound...].firstIndex(of: "\"") {
                attributes[name] = Int(dom[range.upperBound..<end])
            }
        }
        return attributes
    }

    @Test(.enabled(if: chromium != nil, "skipped: Chromium is not installed (apt-get install chromium; .ci/run installs it)"))
    func theGalleryLoadsInARealBrowser() throws {
        let loaded = try loadInChromium(try gallery().appendingPathComponent("index.html"))
        #expect(loaded["data-images-total"] == 8)
        #expect(loaded["data-images-loaded"] == 8)
        // The chat's loaded photo (imageViewer), its file (fileDidTap) and its audio message
        // (audioPlayDidTap) in each of its 4 variants; the kit's chat avatars and names fire nothing.
        #expect(loaded["data-areas"] == 12)
        #expect(loaded["data-shown"] == 8, "\(loaded)")
    }

    /// A screenshot of the page shows every card in the window drawn, as a reviewer's CI job
    /// would take it: the gallery's images decode before the browser paints (with
    /// `decoding="async"`, headless Chromium's screenshot showed the first card and blank white
    /// boxes for the rest). The dark variants' background, #17181C, fills their cards.
    @Test(.enabled(if: chromium != nil, "skipped: Chromium is not installed (apt-get install chromium; .ci/run installs it)"))
    func aScreenshotOfTheGalleryShowsEveryCardInTheWindow() throws {
        // Two documents in the default variants: 12 images, 6 of them in the window.
        let out = try cli.temporaryDirectory()
        let written = try cli.run(["preview", "examples/chat.json", "examples/messagekit.json", "--out", out.path])
        #expect(written.status == 0, "\(written.stderr)")
        let page = out.appendingPathComponent("index.html")
        // Chromium's screenshot shows the async decoding in most runs, not all: the attribute is checked too.
        #expect(try !String(contentsOf: page, encoding: .utf8).contains("decoding="))
        let shot = try cli.temporaryDirectory().appendingPathComponent("page.png")
        let profile = try cli.temporaryDirectory()
        let result = try cli.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--hide-scrollbars",
                "--window-size=1400,2000", "--screenshot=\(shot.path)", page.absoluteString,
            ], executable: URL(fileURLWithPath: Self.chromium!))
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage(png: Data(contentsOf: shot))
        var dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x, y) == (0x17, 0x18, 0x1C, 255) { dark += 1 }
        }
        // The dark Amity chats at 320 (first row) and 375 (second row) fill 320 × 1,000 at the
        // least (507,178 pixels here; with `decoding="async"`, none in most runs).
        #expect(dark > 320 * 1_000, "\(dark) dark-theme pixels")
        // Two kits: a menu of them, which the address sets too.
        #expect(try String(contentsOf: page, encoding: .utf8).contains(#"<select data-axis="kit" aria-label="kit">"#))
        let messageKit = try loadInChromium(try #require(URL(string: page.absoluteString + "?kit=messagekit")))
        #expect(messageKit["data-shown"] == 6 && messageKit["data-ignored"] == 0, "\(messageKit)")
    }

    /// The gallery's filters: a search over names (also from `?q=`), and menus of the kinds,
    /// themes and widths on the page, which the address can set too.
    @Test func theGalleryFiltersByNameKindThemeAndWidth() throws {
        let page = try gallery().appendingPathComponent("index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<input type="search" id="filter""#))
        #expect(html.contains(#"<select data-axis="theme" aria-label="theme"><option value="">every theme</option><option value="light">"#))
        #expect(html.contains(#"<option value="320">320</option><option value="414">414</option>"#))
        #expect(html.contains(#"<section data-name="chat" data-kind="chat" data-kit="Amity">"#))
        #expect(!html.contains(#"data-axis="kit""#), "one kit: no menu")
        #expect(html.contains(#"<figure data-theme="dark" data-width="414" data-scale="2" data-size="large">"#))
        #expect(!html.contains(#"data-axis="scale""#), "one scale: no menu")
        // Feedshot's own: the four dark Amity chats, and the chat's file cell and typing line in its four variants.
        #expect(html.components(separatedBy: "The Amity kit&#39;s chat is always light").count - 1 == 4)
        #expect(html.components(separatedBy: "Feedshot&#39;s own rules (c5, typing)").count - 1 == 4)
        if Self.chromium != nil {
            let filtered = try loadInChromium(try #require(URL(string: page.absoluteString + "?q=CUSTOM")))
            // custom-type's four variants; the chat's are hidden.
            #expect(filtered["data-shown"] == 4, "\(filtered)")
            // A menu's value from the address, in any case: the two dark variants at 414.
            let dark = try loadInChromium(try #require(URL(string: page.absoluteString + "?theme=DARK&width=414")))
            #expect(dark["data-shown"] == 2 && dark["data-ignored"] == 0, "\(dark)")
            // A value no variant has is said on the page, and the rest still applies.
            let unknown = try loadInChromium(try #require(URL(string: page.absoluteString + "?theme=dark&device=iPhoneSE&kind=post")))
            #expect(unknown["data-shown"] == 4 && unknown["data-ignored"] == 2, "\(unknown)")
        }
    }

    /// Several scales get a menu like every other axis; an image of a fractional height (a
    /// MessageKit chat 1148.25 points tall) has whole-number attributes, as HTML requires, and its
    /// exact size in its style.
    @Test func theGalleryFiltersByScaleAndSizesImagesAsHTMLRequires() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "goldens/mk-kinds-incoming.json", "--assets", "examples", "--out", out.path, "--widths", "375", "--scales", "1,3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            html.contains(
                #"<select data-axis="scale" aria-label="scale"><option value="">every scale</option><option value="1">1</option><option value="3">3</option></select>"#
            ))
        #expect(html.contains(#"data-width="375" data-scale="3""#))
        #expect(html.contains(#"width="375" height="1148" style="width:375px;height:1148.25px""#))
        #expect(!html.contains(#"height="1148.25""#))
    }

    @Test func theFailureReportShowsReferenceFailureAndDifferenceWithASlider() throws {
        // As assertSnapshot leaves them: a folder per test file.
        let artifacts = try cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: artifacts.appendingPathComponent("ChatTests"), withIntermediateDirectories: true)
        for kind in ["reference", "failure", "difference"] {
            try RGBAImage(width: 20, height: 20, fill: (kind == "failure" ? 255 : 0, 0, 0, 255)).pngData()
                .write(to: artifacts.appendingPathComponent("ChatTests/chat.\(kind).png"))
        }
        let out = try cli.temporaryDirectory()
        let result = try cli.run(["preview", "--report", artifacts.path, "--out", out.path])
        #expect(result.status == 0)
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(
            html.contains("report/ChatTests/chat.reference.png") && html.contains("report/ChatTests/chat.failure.png")
                && html.contains("report/ChatTests/chat.difference.png"))
        #expect(html.contains(#"type="range""#))
        #expect(html.contains(#"class="overlay" src="report/ChatTests/chat.difference.png""#))
        if Self.chromium != nil {
            let loaded = try loadInChromium(out.appendingPathComponent("report.html"))
            #expect(loaded["data-images-total"] == loaded["data-images-loaded"])
            // Reference, failure and difference; the wipe's two images and the overlay.
            #expect(loaded["data-images-total"] == 6)
            #expect(loaded["data-sliders"] == 1 && loaded["data-overlays"] == 1)
        }
    }
}

/// What a failure report reads and where it writes, when the artifacts folder or --out is careless
/// or hostile.
struct FailureReportSafetyTests {
    let cli = CLITests()

    /// `--out` whose `report/` is the artifacts folder removed the files it copied onto themselves;
    /// one inside it made each run find the last run's copies as failures of their own.
    @Test func aReportOverlappingTheArtifactsIsRefused() throws {
        let dir = try cli.temporaryDirectory()
        let artifacts = dir.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: artifacts.appendingPathComponent("T"), withIntermediateDirectories: true)
        let reference = artifacts.appendingPathComponent("T/x.reference.png")
        try RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 255)).pngData().write(to: reference)
        try RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)).pngData().write(to: artifacts.appendingPathComponent("T/x.failure.png"))
        for out in [dir, artifacts.appendingPathComponent("T/html"), dir.appendingPathComponent("report/..")] {
            let result = try cli.run(["preview", "--report", artifacts.path, "--out", out.path])
            #expect(
                result.status == 2 && result.stderr.contains("overlap: write the report somewhere else"), "\(out.path): \(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: reference.path))
        #expect(try cli.run(["preview", "--report", artifacts.path, "--out", dir.appendingPathComponent("html").path]).status == 0)
    }

    /// A marker is one line of JSON: a 3 GB one (a sparse file) took 3 GB to read. A marker
    /// longer than 64 KiB is not one, and a text failure's listing is shown up to 1 MB.
    @Test func markersAndListingsAreReadUpToTheirSize() throws {
        let artifacts = try cli.temporaryDirectory()
        let folder = artifacts.appendingPathComponent("T")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let huge = folder.appendingPathComponent("big.passed.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 3 << 30)  // sparse: no disk
        try handle.close()
        #expect(ArtifactsFolder.markedReference(at: huge) == nil)
        let marker = folder.appendingPathComponent("ok.passed.json")
        try JSONEncoder().encode(["reference": "/r/__Snapshots__/T/ok.png"]).write(to: marker)
        #expect(ArtifactsFolder.markedReference(at: marker)?.path == "/r/__Snapshots__/T/ok.png")
        try Data(repeating: UInt8(ascii: "a"), count: (1 << 20) + 10).write(to: folder.appendingPathComponent("t.failure.txt"))
        let out = try cli.temporaryDirectory()
        let result = try cli.run(["preview", "--report", artifacts.path, "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("… (cut at 1 MB)") && html.utf8.count < (1 << 20) + 100_000)
    }
}

/// The axes a designer turns beyond width, scale, theme and text size: named devices, locales and
/// directions, each a menu on the page and part of each image's name.
struct PreviewAxesTests {
    let cli = CLITests()
    let browser = DiffAndPreviewTests()

    @Test func devicesLocalesAndDirectionsAreAxesOfThePage() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--out", out.path, "--devices", "iPhoneSE,iphone15promax",
            "--locales", "en_US,ar", "--themes", "light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("images").path).sorted()
        #expect(
            images == [
                "chat-iPhone15ProMax-light-large-ar.png", "chat-iPhone15ProMax-light-large-en_US.png", "chat-iPhoneSE-light-large-ar.png",
                "chat-iPhoneSE-light-large-en_US.png",
            ])
        // The device's scale: iPhone 15 Pro Max is 430 pt @3x.
        let big = try RGBAImage(png: Data(contentsOf: out.appendingPathComponent("images/chat-iPhone15ProMax-light-large-en_US.png")))
        #expect(big.width == 1290)
        let page = out.appendingPathComponent("index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(
            html.contains(
                #"<select data-axis="device" aria-label="device"><option value="">every device</option><option value="iPhoneSE">"#))
        #expect(html.contains(#"<select data-axis="locale" aria-label="locale">"#))
        #expect(!html.contains(#"data-axis="theme""#), "one theme: no menu")
        #expect(
            html.contains(
                #"<figure data-device="iPhoneSE" data-theme="light" data-width="375" data-scale="2" data-size="large" data-locale="ar">"#))
        #expect(html.contains("iPhoneSE 375 pt @2x · light · large · ar"))
        // The locale reached the layout: in Arabic the chat is mirrored, so others' photo (the
        // imageViewer region) moves from the left to the right.
        let photos = html.matches(of: /<area shape="rect" coords="(\d+),\d+,\d+,\d+" title="imageViewer/).map { Int($0.1)! }
        // Figures in order: iPhoneSE en_US, ar; iPhone15ProMax en_US, ar.
        #expect(photos.count == 4 && photos[0] < photos[1] && photos[2] < photos[3] && photos[1] != photos[3], "\(photos)")
        if DiffAndPreviewTests.chromium != nil {
            let filtered = try browser.loadInChromium(try #require(URL(string: page.absoluteString + "?device=iPhoneSE&locale=ar")))
            #expect(filtered["data-shown"] == 1, "\(filtered)")
            let all = try browser.loadInChromium(page)
            #expect(all["data-shown"] == 4 && all["data-images-loaded"] == 4, "\(all)")
        }
    }

    /// Kit behaviour a designer would take for a bug is marked where they look: under the variant,
    /// with the note and a link to its conformance row; a document without any shows none.
    @Test func theGalleryMarksKitBehaviourWithItsConformanceRow() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "goldens/post-pending.json", "examples/chat.json", "examples/messagekit.json", "--assets", "examples", "--out",
            out.path, "--widths", "375",
            "--themes", "light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let notes = html.matches(
            of: /<li data-kit-behaviour="([a-z-]+)" data-items="[^"]*"><strong>Kit behaviour<\/strong> \(([^)]*)\): [^<]*<a href="([^"]*)">/
        )
        // The pending poll's "1 more options"; the chat's incoming photo c3, whose time the kit
        // cuts off, and its audio c7 at "0:00"; MessageKit's link preview, which opens from below itself.
        #expect(
            notes.map { String($0.1) } == [
                "bug-one-more-options", "bug-incoming-image-time", "bug-audio-at-rest", "bug-mk-link-preview-tap",
            ])
        #expect(notes.map { String($0.2) } == ["poll.poll", "c3", "c7", "lp"])
        // Each item a note names has an outline over the image, shown while the pointer is on the note.
        #expect(html.contains(#"<li data-kit-behaviour="bug-incoming-image-time" data-items="c3">"#))
        #expect(html.contains(#"<div class="outline" data-item="c3" style="left:0.0px;top:304.0px;width:375.0px;height:202.0px"></div>"#))
        #expect(html.contains(#"<li class="own" data-feedshot-own data-items="c5 typing">"#) && html.contains(#"data-item="typing""#))
        // The link reaches the row: its entry on the page beside the gallery, which links this
        // checkout's table at the row's anchor.
        let link = try #require(notes.first.map { String($0.3) })
        #expect(link == "kit-behaviours.html#bug-one-more-options")
        let behaviours = try String(contentsOf: out.appendingPathComponent("kit-behaviours.html"), encoding: .utf8)
        let entry = try #require(behaviours.firstMatch(of: /<article class="behaviour" id="bug-one-more-options">.*?<\/article>/))
        #expect(entry.0.contains("poll_more_options") && entry.0.contains("docs/conformance/amity.md#bug-one-more-options\""))
        let page = try String(contentsOf: URL(fileURLWithPath: "docs/conformance/amity.md"), encoding: .utf8)
        #expect(page.contains(#"<a id="bug-one-more-options"></a>"#))
        let messageKit = try #require(html.range(of: #"<section data-name="messagekit""#))
        let messageKitNotes = html[messageKit.lowerBound...].matches(of: /data-kit-behaviour="([a-z-]+)"/).map { String($0.1) }
        #expect(messageKitNotes == ["bug-mk-link-preview-tap"], "MessageKit's example shows MessageKit's behaviour only")
    }

    @Test func aDirectionOverridesTheLocales() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "examples/chat.json", "--assets", "examples", "--out", out.path, "--widths", "375", "--themes", "light",
            "--directions", "ltr,rtl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains(#"data-direction="rtl""#) && html.contains("375 pt @2x · light · large · rtl"))
        let photos = html.matches(of: /<area shape="rect" coords="(\d+),\d+,\d+,\d+" title="imageViewer/).map { Int($0.1)! }
        #expect(photos.count == 2 && photos[0] < photos[1], "\(photos)")
    }

    @Test func badAxisValuesAreRefusedNamingTheOption() throws {
        let out = try cli.temporaryDirectory().path
        let device = try cli.run(["preview", "examples/chat.json", "--out", out, "--devices", "iPhone14"])
        #expect(
            device.status == 2 && device.stderr.contains(#"--devices: "iPhone14" is not a device; did you mean "iPhone15"?"#),
            "\(device.stderr)")
        #expect(device.stderr.contains("iPhoneSE, iPhone13Mini"))
        let both = try cli.run(["preview", "examples/chat.json", "--out", out, "--devices", "iPhoneSE", "--widths", "320"])
        #expect(both.status == 2 && both.stderr.contains("give --devices or --widths/--scales, not both"))
        let direction = try cli.run(["preview", "examples/chat.json", "--out", out, "--directions", "up"])
        #expect(direction.status == 2 && direction.stderr.contains(#"--directions: "up" is not a valid value (one of: ltr, rtl)"#))
        // A fixed set is listed, and the nearest named (the names were left to guess).
        let size = try cli.run(["preview", "examples/chat.json", "--out", out, "--text-sizes", "accessibilityExtraExtraExtraLarge"])
        #expect(size.status == 2 && size.stderr.contains("accessibilityXXLarge, accessibilityXXXLarge)"), "\(size.stderr)")
        let theme = try cli.run(["preview", "examples/chat.json", "--out", out, "--themes", "drak"])
        #expect(theme.stderr.contains(#"--themes: "drak" is not a valid value; did you mean "dark"? (one of: light, dark, document)"#))
        let locale = try cli.run(["preview", "examples/chat.json", "--out", out, "--locales", "en US"])
        #expect(
            locale.status == 2 && locale.stderr.contains(#"--locales: "en US" must be a locale identifier like "en_US""#),
            "\(locale.stderr)")
        let numbering = try cli.run(["preview", "examples/chat.json", "--out", out, "--locales", "ar-u-nu-zzzz"])
        #expect(numbering.status == 2 && numbering.stderr.contains(#"--locales: "ar-u-nu-zzzz" asks for the numbering system "zzzz""#))
        // A number out of its range says the range.
        let scale = try cli.run(["preview", "examples/chat.json", "--out", out, "--scales", "4"])
        #expect(scale.status == 2 && scale.stderr.contains(#"--scales: "4" is not a valid value (1, 2 or 3)"#), "\(scale.stderr)")
        let width = try cli.run(["preview", "examples/chat.json", "--out", out, "--widths", "0"])
        #expect(
            width.stderr.contains(#"--widths: "0" is not a valid value (a width in points, over 0 and at most 4096)"#), "\(width.stderr)")
    }

    /// What the layouts made do with (a missing image) is said on standard error and on the page,
    /// once for all the variants, as `render` says it.
    @Test func previewReportsTheLayoutsWarningsOnce() throws {
        let out = try cli.temporaryDirectory()
        let result = try cli.run([
            "preview", "goldens/broken-images.json", "--assets", "examples", "--out", out.path, "--widths", "320,375",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let line =
            #"broken-images: warning: messages[0].image.src: no file at "assets/missing.png" under the asset root; drew a placeholder"#
        #expect(result.stderr.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(result.stderr)")
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "assets/missing.png").count - 1 == 1, "the page lists the warning once")
        #expect(page.contains(#"<ul class="warnings"><li>warning: messages[0].image.src: no file at &quot;assets/missing.png&quot;"#))
        // A contact sheet alone says them too; with a page as well, once.
        let sheet = out.appendingPathComponent("sheet.pdf").path
        let alone = try cli.run(["preview", "goldens/broken-images.json", "--assets", "examples", "--pdf", sheet, "--widths", "320,375"])
        #expect(alone.stderr.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(alone.stderr)")
        let both = try cli.run([
            "preview", "goldens/broken-images.json", "--assets", "examples", "--out", out.path, "--pdf", sheet, "--widths", "320",
        ])
        #expect(both.stderr.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(both.stderr)")
    }
}

/// The report of a whole snapshot run: failures first with reference, failure and difference (a
/// text snapshot with its line difference), then what was recorded, then what passed.
struct RunReportTests {
    let cli = CLITests()
    let browser = DiffAndPreviewTests()

    @Test func theReportListsFailuresFirstThenRecordedThenPassed() throws {
        let dir = try cli.temporaryDirectory()
        let references = dir.appendingPathComponent("__Snapshots__/ChatTests")
        try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
        let artifacts = dir.appendingPathComponent("artifacts")
        let black = try RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255)).pngData()
        let red = try RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)).pngData()
        func verify(_ data: Data, _ name: String, as strategy: Snapshotting = .image(tolerance: SnapshotTolerance())) -> String? {
            verifySnapshot(data, as: strategy, reference: references.appendingPathComponent(name), mode: .missing, artifacts: artifacts)
        }
        try black.write(to: references.appendingPathComponent("ChatTests.same.png"))
        try black.write(to: references.appendingPathComponent("ChatTests.changed.png"))
        try Data("a\nb\n".utf8).write(to: references.appendingPathComponent("ChatTests.lines.txt"))
        #expect(verify(black, "ChatTests.same.png") == nil)
        #expect(verify(red, "ChatTests.changed.png")?.contains("does not match") == true)
        #expect(verify(red, "ChatTests.new.png")?.hasPrefix("Recorded") == true)
        #expect(verify(Data("a\nc\n".utf8), "ChatTests.lines.txt", as: .lines)?.contains("1 line removed and 1 added") == true)

        let out = try cli.temporaryDirectory()
        let result = try cli.run(["preview", "--report", artifacts.path, "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("(2 failures)"))
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains(#"data-failed="2" data-recorded="1" data-passed="1">2 failed · 1 recorded · 1 passed."#))
        #expect(
            html.contains("<pre class=\"listing\">--- reference\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"),
            "the text failure's line difference")
        let order = [
            "<h2>ChatTests/ChatTests.changed</h2>", "<h2>ChatTests/ChatTests.lines</h2>", "<h2>Recorded (1)</h2>", "<h2>Passed (1)</h2>",
        ]
        .map { html.range(of: $0)?.lowerBound }
        #expect(
            order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "failures first, then recorded, then passed")
        #expect(html.contains(#"<img src="report/ChatTests/ChatTests.same.reference.png" loading="lazy""#))

        // A second run in which the failure was fixed: it moves to the passed list.
        try red.write(to: references.appendingPathComponent("ChatTests.changed.png"))
        #expect(verify(red, "ChatTests.changed.png") == nil)
        _ = try cli.run(["preview", "--report", artifacts.path, "--out", out.path])
        let again = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(again.contains(">1 failed · 1 recorded · 2 passed."), "\(again.prefix(2000))")
        if DiffAndPreviewTests.chromium != nil {
            let loaded = try browser.loadInChromium(out.appendingPathComponent("report.html"))
            // The new reference and the two passed ones, every one decoded.
            #expect(loaded["data-images-total"] == 3 && loaded["data-images-loaded"] == 3, "\(loaded)")
        }
    }
}

/// `feedshot accept`: a failure's new version replaces its reference; a name that matches no
/// failure is refused, listing the failures.
struct AcceptCommandTests {
    let cli = CLITests()

    /// `accept --list` on a run with no failures says so on standard error, keeping standard output
    /// one line per failure (it printed nothing at all).
    @Test func acceptListOfARunWithoutFailuresSaysSo() throws {
        let dir = try cli.temporaryDirectory()
        let result = try cli.run(["accept", dir.path, "--list"])
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(result.stderr.contains("no failed snapshots in \(dir.path)"), "\(result.stderr)")
    }

    @Test func acceptReplacesTheReferenceAndRemovesTheFailure() throws {
        let dir = try cli.temporaryDirectory()
        let reference = dir.appendingPathComponent("Tests/__Snapshots__/ChatTests/ChatTests.conversation.light.png")
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 255)).pngData().write(to: reference)
        let failures = dir.appendingPathComponent("artifacts/ChatTests")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let new = try RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)).pngData()
        try new.write(to: failures.appendingPathComponent("ChatTests.conversation.light.failure.png"))
        try Data(#"{"reference":"\#(reference.path)"}"#.utf8).write(
            to: failures.appendingPathComponent("ChatTests.conversation.light.snapshot.json"))
        let artifacts = dir.appendingPathComponent("artifacts").path
        let unknown = try cli.run(["accept", artifacts, "nothing.like.this"])
        #expect(unknown.status == 2 && unknown.stderr.contains("failures: ChatTests/ChatTests.conversation.light"), "\(unknown.stderr)")
        let listed = try cli.run(["accept", artifacts, "--list"])
        #expect(String(decoding: listed.stdout, as: UTF8.self) == "ChatTests/ChatTests.conversation.light → \(reference.path)\n")
        let accepted = try cli.run(["accept", artifacts, "conversation.light"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(String(decoding: accepted.stdout, as: UTF8.self).contains("Accepted 1 of 1 failed snapshots."))
        #expect(try Data(contentsOf: reference) == new)
        #expect(try FileManager.default.contentsOfDirectory(atPath: failures.path).isEmpty)
    }

    /// A marker names the file it replaces, and an artifacts folder may come from elsewhere: one
    /// naming any file (`victim/important.conf`) had it overwritten. Only a reference where
    /// assertSnapshot keeps one — in `__Snapshots__`, or under `--snapshot-directory`, named as
    /// its failure is — is written; otherwise nothing is, and the listing escapes what it prints.
    @Test func acceptWritesOnlyReferences() throws {
        let dir = try cli.temporaryDirectory()
        let victim = dir.appendingPathComponent("victim/important.conf")
        let custom = dir.appendingPathComponent("Refs/ChatTests.custom.png")
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim)
        let artifacts = dir.appendingPathComponent("artifacts")
        func failure(_ folder: String, _ name: String, ext: String, reference: URL) throws {
            let at = artifacts.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: at, withIntermediateDirectories: true)
            try Data("new".utf8).write(to: at.appendingPathComponent("\(name).failure.\(ext)"))
            try JSONEncoder().encode(["reference": reference.path]).write(to: at.appendingPathComponent("\(name).snapshot.json"))
        }
        try failure("victim", "important", ext: "conf", reference: victim)
        let refused = try cli.run(["accept", artifacts.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "victim/important: its marker names \(victim.path), not a file of a __Snapshots__ folder's test folder"),
            "\(refused.stderr)")
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        // Named unlike its failure: refused too, even in a __Snapshots__ folder.
        try FileManager.default.removeItem(at: artifacts)
        try failure("ChatTests", "ChatTests.a", ext: "png", reference: dir.appendingPathComponent("__Snapshots__/ChatTests/package.png"))
        let misnamed = try cli.run(["accept", artifacts.path])
        #expect(misnamed.status == 2 && misnamed.stderr.contains("which is not a reference of that name"), "\(misnamed.stderr)")
        // A test's own snapshotDirectory, when named.
        try FileManager.default.removeItem(at: artifacts)
        try failure("Refs", "ChatTests.custom", ext: "png", reference: custom)
        #expect(try cli.run(["accept", artifacts.path]).status == 2)
        let given = try cli.run(["accept", artifacts.path, "--snapshot-directory", custom.deletingLastPathComponent().path])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try Data(contentsOf: custom) == Data("new".utf8))
        // A link in a __Snapshots__ folder that leads elsewhere is followed, and refused; --list says so.
        try FileManager.default.removeItem(at: artifacts)
        let snapshots = dir.appendingPathComponent("pkg/Tests/__Snapshots__")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: snapshots.appendingPathComponent("victim").path, withDestinationPath: victim.deletingLastPathComponent().path)
        try failure("victim", "important", ext: "conf", reference: snapshots.appendingPathComponent("victim/important.conf"))
        #expect(try cli.run(["accept", artifacts.path]).status == 2)
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        let refusedListing = String(decoding: try cli.run(["accept", artifacts.path, "--list"]).stdout, as: UTF8.self)
        #expect(refusedListing.hasPrefix("victim/important refused: its marker names "), "\(refusedListing)")
        try FileManager.default.removeItem(at: artifacts)
        try failure("Refs", "ChatTests.custom", ext: "png", reference: custom)
        // A name with a terminal escape is listed escaped.
        try failure("Refs", "x\u{1b}[8m", ext: "png", reference: dir.appendingPathComponent("Refs/x\u{1b}[8m.png"))
        let listed = String(
            decoding: try cli.run(["accept", artifacts.path, "--list", "--snapshot-directory", custom.deletingLastPathComponent().path])
                .stdout,
            as: UTF8.self)
        #expect(listed.contains(#"Refs/x\u001B[8m → "#) && !listed.contains("\u{1b}"), "\(listed)")
    }

    /// A mistyped folder must not read as a run without failures (Foundation's enumerator on Linux
    /// yields nothing for a folder that does not exist).
    @Test(arguments: [["accept"], ["accept", "--list"], ["preview", "--out", "OUT", "--report"]])
    func aMissingArtifactsFolderIsRefusedNotReadAsNoFailures(command: [String]) throws {
        let dir = try cli.temporaryDirectory()
        let missing = dir.appendingPathComponent("feedshot-snapshotz").path
        let out = dir.appendingPathComponent("report").path
        let result = try cli.run(command.map { $0 == "OUT" ? out : $0 } + [missing])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no artifacts folder at \(missing)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
