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
        let dom = try domInChromium(page)
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

    /// The page's DOM once headless Chromium has loaded it and run its scripts.
    func domInChromium(_ page: URL) throws -> String {
        let result = try cli.run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom", page.absoluteString],
            executable: URL(fileURLWithPath: Self.chromium!))
        return String(decoding: result.stdout, as: UTF8.self)
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
