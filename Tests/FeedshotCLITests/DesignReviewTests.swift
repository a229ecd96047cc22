import FeedshotRender
import Foundation
import Testing

/// The design-review workflow: the PDF contact sheet, `preview --watch` with a page that reloads
/// itself, and `feedshot compare`'s before/after page, in a real browser where there is one.
struct DesignReviewTests {
    let cli = CLITests()
    let browser = DiffAndPreviewTests()

    /// A poppler tool's standard output (`scripts/install-deps --test` installs poppler-utils).
    func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        let path = URL(fileURLWithPath: "/usr/bin/\(tool)")
        try #require(FileManager.default.isExecutableFile(atPath: path.path), "\(tool) is missing: run scripts/install-deps --test")
        let result = try cli.run(arguments, executable: path)
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    @Test func theContactSheetHasAPagePerDocumentWithEveryVariantCaptioned() throws {
        let sheet = try cli.temporaryDirectory().appendingPathComponent("sheet.pdf")
        let result = try cli.run([
            "preview", "examples/chat.json", "goldens/arabic.json", "--assets", "examples", "--pdf", sheet.path, "--widths", "320,375",
            "--themes", "light,dark", "--scales", "2,3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // Scales do not apply to a vector page: 2 widths × 2 themes.
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("(2 pages for 2 documents, 4 variants each)"))
        let info = try poppler("pdfinfo", [sheet.path])
        #expect(info.contains("Pages:           2"))
        let first = try poppler("pdftotext", ["-f", "1", "-l", "1", sheet.path, "-"])
        for caption in ["chat", "320 pt · light · large", "375 pt · light · large", "320 pt · dark · large", "375 pt · dark · large"] {
            #expect(first.contains(caption), "\(caption) is not on the first page")
        }
        // Each variant's text, as text: Bob's message's time is there four times.
        #expect(first.components(separatedBy: "11:06 AM").count - 1 == 4)
        #expect(try poppler("pdftotext", ["-f", "2", "-l", "2", sheet.path, "-"]).contains("arabic"))
        // Two columns of 320 and 375 points with margins and a gap: 32 + 320 + 24 + 375 + 32.
        #expect(try poppler("pdfinfo", ["-f", "1", "-l", "1", sheet.path]).contains("Page    1 size:  783 x"))
    }

    /// A grid taller than a PDF page may be (14,400 points, docs/snapshot-testing.md) goes on as many
    /// pages as it needs, whole rows to a page: a poll in two themes and five languages was one
    /// page 17,865 points tall.
    @Test func aTallContactSheetIsSplitIntoPagesViewersOpen() throws {
        let sheet = try cli.temporaryDirectory().appendingPathComponent("tall.pdf")
        let result = try cli.run([
            "preview", "goldens/post-poll.json", "--assets", "examples", "--pdf", sheet.path, "--themes", "light,dark", "--locales",
            "en_US,ar,de_DE,ja_JP,ko_KR",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("(2 pages for 1 document, 30 variants each)"))
        let sizes = try poppler("pdfinfo", ["-f", "1", "-l", "9", sheet.path]).split(separator: "\n").filter {
            $0.hasPrefix("Page ") && $0.contains(" size: ")
        }
        #expect(sizes.count == 2)
        for line in sizes {
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            #expect(numbers.count >= 3 && numbers[1] <= 14_400 && numbers[2] <= 14_400, "\(line)")
        }
        // Every variant is on one of them: each caption with a theme appears 15 times.
        let text = try poppler("pdftotext", [sheet.path, "-"])
        #expect(text.components(separatedBy: "· dark ·").count - 1 == 15)
    }

    /// A variant that shows a kit behaviour carries its note under the drawing, as in the HTML
    /// gallery: chat-text's "…Read" at 414 points is explained, not left to look like a bug.
    @Test func theContactSheetNotesKitBehavioursUnderTheirDrawings() throws {
        let sheet = try cli.temporaryDirectory().appendingPathComponent("notes.pdf")
        let result = try cli.run([
            "preview", "goldens/chat-text.json", "--assets", "examples", "--pdf", sheet.path, "--widths", "375,414", "--themes", "light",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try poppler("pdftotext", ["-raw", sheet.path, "-"])
        #expect(text.contains("Kit behaviour (x4)"), "\(text)")
        #expect(text.contains("bug-read-more-clipped"))
    }

    @Test func aRowShareOfPagesKeepsRowsWholeAndGivesATallRowAPageOfItsOwn() {
        // The title's top 100, rows of 6,000, 6,000, 20,000 and 100 points.
        #expect(ContactSheet.pages(rowHeights: [6_000, 6_000, 20_000, 100], top: 100) == [[0, 1], [2], [3]])
        #expect(ContactSheet.pages(rowHeights: [], top: 100) == [[]])
    }

    /// A long-running `feedshot` and the lines of its standard output so far.
    final class Running: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var text = ""

        init(_ arguments: [String], in directory: URL) throws {
            process.executableURL = CLITests.binary
            process.arguments = arguments
            process.currentDirectoryURL = directory
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            out.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var output: String { lock.withLock { text } }

        /// Waits up to `seconds` for `condition`; whether it came true.
        func wait(seconds: Double, for condition: () throws -> Bool) rethrows -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if try condition() { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return try condition()
        }

        /// SIGTERM, then its exit status.
        func stop() -> Int32 {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test func watchRendersAnEditedDocumentAgainAndBumpsThePageVersion() throws {
        let dir = try cli.temporaryDirectory()
        let input = dir.appendingPathComponent("doc.json")
        let original = try String(contentsOf: CLITests.root.appendingPathComponent("goldens/text-short.json"), encoding: .utf8)
        try original.write(to: input, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("gallery"), sheet = dir.appendingPathComponent("sheet.pdf")
        let watcher = try Running(
            [
                "preview", input.path, "--assets", CLITests.root.appendingPathComponent("examples").path, "--out", out.path, "--pdf",
                sheet.path, "--widths", "375", "--themes", "light", "--watch",
            ], in: dir)
        defer { _ = watcher.stop() }
        let image = out.appendingPathComponent("images/doc-w375-s2-light-large.png")
        let version = out.appendingPathComponent("version.js")
        func versionScript() -> String { (try? String(contentsOf: version, encoding: .utf8)) ?? "" }
        #expect(watcher.wait(seconds: 120) { watcher.output.contains("Watching 1 document;") }, "\(watcher.output)")
        #expect(versionScript() == "feedshotVersionIs(1);\n")
        let before = try Data(contentsOf: image)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("var feedshotVersion = 1;") && page.contains("doc-w375-s2-light-large.png?v=1"))

        // A real edit of the document: a new message text, written in place.
        let message = try #require(original.range(of: #""text": ""#))
        var edited = original
        edited.insert(contentsOf: "Edited while watching. ", at: message.upperBound)
        try edited.write(to: input, atomically: false, encoding: .utf8)
        #expect(watcher.wait(seconds: 60) { versionScript() == "feedshotVersionIs(2);\n" }, "\(watcher.output)")
        // The line is printed after version.js is written: wait for it too.
        #expect(watcher.wait(seconds: 10) { watcher.output.contains("Rendered \(input.path) again: version 2") }, "\(watcher.output)")
        #expect(try Data(contentsOf: image) != before)
        let reloaded = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(reloaded.contains("var feedshotVersion = 2;") && reloaded.contains("doc-w375-s2-light-large.png?v=2"))
        #expect(try poppler("pdftotext", [sheet.path, "-"]).contains("Edited while watching."))
        // Nothing changes, nothing is rendered.
        Thread.sleep(forTimeInterval: 1)
        #expect(versionScript() == "feedshotVersionIs(2);\n")
        // A broken edit is said to be broken, not "rendered again"; the page shows the error.
        try String(edited.dropLast(4)).write(to: input, atomically: false, encoding: .utf8)
        #expect(watcher.wait(seconds: 60) { watcher.output.contains("Could not render \(input.path): ") }, "\(watcher.output)")
        #expect(watcher.output.contains("(version 3 shows it)") && !watcher.output.contains("again: version 3"), "\(watcher.output)")
        #expect(watcher.stop() == 0)
        // The pipe's reader may take the last line after the process has exited: wait for it.
        #expect(watcher.wait(seconds: 10) { watcher.output.contains("Stopped watching.") }, "\(watcher.output)")
    }

    /// In Chromium, from a file:// URL: the page reloads itself once `version.js` names a later
    /// version, and stays when it names its own. (This version.js says 2 to the first load only
    /// — as if the watcher had written once — so the reloaded page settles.)
    @Test(.enabled(if: DiffAndPreviewTests.chromium != nil, "skipped: Chromium is not installed (scripts/install-deps --test)"))
    func aWatchedPageReloadsItselfWhenTheVersionMovesOn() throws {
        let dir = try cli.temporaryDirectory()
        let out = dir.appendingPathComponent("gallery")
        let watcher = try Running(
            [
                "preview", "goldens/text-short.json", "--assets", "examples", "--out", out.path, "--widths", "375", "--themes", "light",
                "--watch",
            ], in: CLITests.root)
        #expect(watcher.wait(seconds: 120) { watcher.output.contains("Watching 1 document;") }, "\(watcher.output)")
        #expect(watcher.stop() == 0)
        let page = out.appendingPathComponent("index.html")
        let steady = try browser.loadInChromium(page)
        #expect(steady["data-version"] == 1 && steady["data-loads"] == 1 && steady["data-images-loaded"] == 1)
        try Data("feedshotVersionIs(window.name === '1' ? 2 : 1);\n".utf8).write(to: out.appendingPathComponent("version.js"))
        let reloaded = try browser.loadInChromium(page)
        #expect(reloaded["data-loads"] == 2, "\(reloaded)")
        #expect(reloaded["data-images-loaded"] == 1)
    }

    @Test func compareWritesTheBeforeAfterPageForTwoDocuments() throws {
        let dir = try cli.temporaryDirectory()
        let old = CLITests.root.appendingPathComponent("examples/chat.json")
        let new = dir.appendingPathComponent("chat.json")
        try String(contentsOf: old, encoding: .utf8).replacingOccurrences(of: "12:30", with: "12:45").write(
            to: new, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("review")
        let result = try cli.run(["compare", old.path, new.path, "--assets", "examples", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        #expect(stdout.contains("1 of 1 documents changed") && stdout.contains("chat: "), "\(stdout)")
        let html = try String(contentsOf: out.appendingPathComponent("compare.html"), encoding: .utf8)
        for file in ["chat.before.png", "chat.after.png", "chat.difference.png"] {
            #expect(html.contains("compare/\(file)"))
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("compare/\(file)").path))
        }
        #expect(html.contains(#"type="range""#) && html.contains(#"class="overlay""#))
        #expect(html.contains("differ by more than 0.1"))
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        // Without --assets the copy in dir/ finds none of its images: each is warned about.
        let unfound = try cli.run(["compare", new.path, new.path, "--out", dir.appendingPathComponent("unfound").path])
        #expect(unfound.status == 0)
        #expect(
            unfound.stderr.contains("chat: warning: before: messages[") && unfound.stderr.contains("chat: warning: after: "),
            "\(unfound.stderr)")
        // The page's path as given, not made absolute (as the guide shows it).
        let relative = try cli.run(
            ["compare", old.path, new.path, "--assets", CLITests.root.appendingPathComponent("examples").path, "--out", "review"], in: dir)
        #expect(String(decoding: relative.stdout, as: UTF8.self).hasPrefix("Wrote review/compare.html: 1 of 1 documents changed"))
        // The same document twice: identical.
        let same = try cli.run(["compare", old.path, old.path, "--out", dir.appendingPathComponent("same").path])
        #expect(String(decoding: same.stdout, as: UTF8.self).contains("0 of 1 documents changed"))
        #expect(try cli.run(["compare", old.path, "--out", out.path]).status == 2)
        #expect(try cli.run(["compare", old.path, dir.path, "--out", out.path]).status == 2)
        // A version that does not decode: on the page and on standard error, exit 2 (it was 0).
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"kind": "chat""#.utf8).write(to: bad)
        let failed = try cli.run(["compare", old.path, bad.path, "--out", dir.appendingPathComponent("failed").path])
        #expect(failed.status == 2 && failed.stderr.contains("feedshot: bad: after: malformed JSON"), "\(failed.stderr)")
        let page = try String(contentsOf: dir.appendingPathComponent("failed/compare.html"), encoding: .utf8)
        #expect(page.contains("malformed JSON"))
        // Two folders, one file that cannot be read (a dangling link): it fails on the page, the
        // others are compared (the whole comparison was refused, no page written).
        let before = dir.appendingPathComponent("before"), after = dir.appendingPathComponent("after")
        for folder in [before, after] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: old, to: folder.appendingPathComponent("chat.json"))
        }
        try FileManager.default.createSymbolicLink(
            atPath: after.appendingPathComponent("gone.json").path, withDestinationPath: dir.appendingPathComponent("nothing.json").path)
        let folders = try cli.run([
            "compare", before.path, after.path, "--assets", "examples", "--out", dir.appendingPathComponent("folders").path,
        ])
        #expect(folders.status == 2, "\(folders.stderr)")
        #expect(folders.stderr.contains("feedshot: gone: after: "), "\(folders.stderr)")
        #expect(String(decoding: folders.stdout, as: UTF8.self).contains("1 of 2 documents changed"), "\(folders.stdout)")
        let foldersPage = try String(contentsOf: dir.appendingPathComponent("folders/compare.html"), encoding: .utf8)
        #expect(foldersPage.contains("compare/chat.before.png"))
    }

    @Test func compareFoldersPairsDocumentsByName() throws {
        let dir = try cli.temporaryDirectory()
        let old = dir.appendingPathComponent("old"), new = dir.appendingPathComponent("new")
        for folder in [old, new] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let goldens = CLITests.root.appendingPathComponent("goldens")
        for name in ["text-short", "thai", "emoji"] {
            try FileManager.default.copyItem(
                at: goldens.appendingPathComponent("\(name).json"), to: old.appendingPathComponent("\(name).json"))
        }
        for name in ["text-short", "arabic"] {
            try FileManager.default.copyItem(
                at: goldens.appendingPathComponent("\(name).json"), to: new.appendingPathComponent("\(name).json"))
        }
        // thai.json narrower in the new version: another size, compared over the padded canvas.
        let thai = try String(contentsOf: goldens.appendingPathComponent("thai.json"), encoding: .utf8)
        try thai.replacingOccurrences(of: #""width": 375"#, with: #""width": 300"#).write(
            to: new.appendingPathComponent("thai.json"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("review")
        let result = try cli.run(["compare", old.path, new.path, "--assets", "examples", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        #expect(stdout.contains("3 of 4 documents changed"), "\(stdout)")
        #expect(stdout.contains("arabic: new") && stdout.contains("emoji: removed") && stdout.contains("thai: "))
        #expect(!stdout.contains("text-short:"))
        let html = try String(contentsOf: out.appendingPathComponent("compare.html"), encoding: .utf8)
        #expect(html.contains("the size changed from 750 × "))
        // Before, after and difference share one canvas, so the slider's layers line up.
        let sizes = try ["before", "after", "difference"].map { side in
            let image = try RGBAImage(png: Data(contentsOf: out.appendingPathComponent("compare/thai.\(side).png")))
            return [image.width, image.height]
        }
        #expect(sizes[0] == sizes[1] && sizes[1] == sizes[2] && sizes[0][0] == 750, "\(sizes)")
        #expect(html.contains(#"src="compare/thai.before.png" style="width:375.0px""#))
        if DiffAndPreviewTests.chromium != nil {
            let loaded = try browser.loadInChromium(out.appendingPathComponent("compare.html"))
            #expect(loaded["data-images-total"] == loaded["data-images-loaded"] && (loaded["data-images-total"] ?? 0) > 0)
            // Wipe and overlay for the two documents in both folders; the new and the removed one alone.
            #expect(loaded["data-comparisons"] == 2 && loaded["data-sliders"] == 2 && loaded["data-overlays"] == 2, "\(loaded)")
        }
    }
}
