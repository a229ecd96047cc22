import FeedshotRender
import Foundation
import Testing

extension RGBAImage {
    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// One folder per test process for the files tests write, removed when the process exits, so a
/// test run leaves nothing in the temporary directory.
enum TestScratch {
    static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feedshot-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.root) }
        return url
    }()
}

/// End-to-end: the built `feedshot` binary, run as a user would.
struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return candidates.map { $0.appendingPathComponent("feedshot") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? root.appendingPathComponent(".build/debug/feedshot")
    }

    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs `executable` (the `feedshot` binary by default) and collects its output.
    func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL = CLITests.root, executable: URL = CLITests.binary,
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes at once (standard error on another thread), so neither can fill and block the child.
        nonisolated(unsafe) var errData = Data()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder inside `TestScratch.root`, which goes when the test process exits.
    func temporaryDirectory() throws -> URL {
        let url = TestScratch.root.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A document read from a pipe by its path (`<(…)`, a named FIFO), which Foundation's
    /// `contents(atPath:)` refused: "cannot be read (permissions?)".
    @Test func aDocumentIsReadFromANamedPipe() throws {
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("chat.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let document = try Data(contentsOf: CLITests.root.appendingPathComponent("examples/chat.json"))
        // The writer blocks until the command opens the pipe to read it. A reader that closed the
        // pipe early fails the write (EPIPE; SIGPIPE is ignored, as `RenderProcessTests` does for
        // this process anyway), which `write(contentsOf:)` throws and the test then sees as a
        // document cut short.
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                try? handle.write(contentsOf: document)
                try? handle.close()
            }
        }
        writer.start()
        // Bounded: a command that opened the pipe twice would wait for a second writer for ever.
        let result = try run(
            ["60", CLITests.binary.path, "layout", fifo, "--assets", "examples"], executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains(#""items""#))
    }

    /// `--strings FILE`: an app's AmityLocalizable.strings (here UTF-16, as Xcode saves it) over the
    /// catalogue; a malformed one is refused naming its line.
    @Test func aStringsFileOverridesTheCatalogue() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("AmityLocalizable.strings")
        let text = "/* the app's */\n\"feedshot_today\" = \"Heute, \\\"heute\\\"\";\n\"app_only_key\" = \"x\";\n"
        try #require(text.data(using: .utf16)).write(to: file)
        let plain = try run(["layout", "examples/chat.json"])
        let overridden = try run(["layout", "examples/chat.json", "--strings", file.path])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        let plainText = String(decoding: plain.stdout, as: UTF8.self)
        let overriddenText = String(decoding: overridden.stdout, as: UTF8.self)
        #expect(plainText.contains("\"Today\"") && !plainText.contains("Heute"))
        #expect(overriddenText.contains(#""Heute, \"heute\"""#) && !overriddenText.contains("\"Today\""))
        try Data("\"a\" = \"b\"\n\"c\" = \"d\";".utf8).write(to: file)
        let bad = try run(["layout", "examples/chat.json", "--strings", file.path])
        #expect(bad.status != 0 && bad.stderr.contains("line 2: expected ; after the value of \"a\""), "\(bad.stderr)")
        // A string that inserts its argument more than four times is refused naming its key; the
        // app's keys Feedshot does not draw are not checked.
        let copies = String(repeating: "%1$@", count: 5)
        try Data("\"post_detail_comment_edited\" = \"\(copies)\";\n\"app_only_key\" = \"\(copies)\";".utf8).write(to: file)
        let repeated = try run(["layout", "examples/chat.json", "--strings", file.path])
        #expect(repeated.status == 2, "\(repeated.stderr)")
        #expect(
            repeated.stderr.contains(
                "\"post_detail_comment_edited\" inserts 5 arguments (%@, %1$@, …); a string may insert at most 4"), "\(repeated.stderr)")
        // So is one longer than --max-string-length, at once, naming the file and the key.
        try Data("\"general_like\" = \"Like it a lot\";".utf8).write(to: file)
        let long = try run(["layout", "examples/chat.json", "--strings", file.path, "--max-string-length", "10"])
        #expect(long.status == 2, "\(long.stderr)")
        #expect(
            long.stderr.contains(
                "--strings: \(file.path), \"general_like\" is 13 Unicode scalars, more than the limit of 10 (raise it with --max-string-length)"
            ),
            "\(long.stderr)")
    }

    /// `--typography FILE`: an app's fonts under each document's own; the file's own faults
    /// (a bad field, a family not installed) exit 2 naming the file and the path in it.
    @Test func aTypographyFileSetsTheAppsFonts() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("typography.json")
        try Data(#"{"body": {"size": 30}, "caption": {"family": "Noto Sans Lao"}}"#.utf8).write(to: file)
        let plain = try run(["layout", "examples/chat.json"])
        let app = try run(["layout", "examples/chat.json", "--typography", file.path])
        #expect(plain.status == 0 && app.status == 0, "\(app.stderr)")
        let plainHeight = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])["height"] as? Double
        let appLayout = try #require(try JSONSerialization.jsonObject(with: app.stdout) as? [String: Any])
        #expect(try #require(appLayout["height"] as? Double) > (try #require(plainHeight)))
        let fonts = try #require(appLayout["fonts"] as? [[String: Any]])
        #expect(fonts.contains { $0["family"] as? String == "Noto Sans Lao" }, "\(fonts)")
        // The README's example file: larger body and caption text, so a taller chat.
        let shipped = try run(["layout", "examples/chat.json", "--typography", "examples/typography/app-typography.json"])
        let shippedLayout = try #require(try JSONSerialization.jsonObject(with: shipped.stdout) as? [String: Any], "\(shipped.stderr)")
        #expect(try #require(shippedLayout["height"] as? Double) > (try #require(plainHeight)))
        for (json, expected) in [
            (#"{"body": {"size": -1}}"#, "--typography: \(file.path): body.size: must be"),
            (
                #"{"caption": {"family": "Noto Sans Lo"}}"#,
                #"--typography: \#(file.path): caption.family: font family "Noto Sans Lo" is not installed"#
            ),
        ] {
            try Data(json.utf8).write(to: file)
            let bad = try run(["layout", "examples/chat.json", "--typography", file.path])
            #expect(bad.status == 2 && bad.stderr.contains(expected), "\(bad.stderr)")
        }
        let missing = try run(["render", "examples/chat.json", "--typography", dir.appendingPathComponent("none.json").path, "-o", "-"])
        #expect(
            missing.status == 2 && missing.stderr.contains("--typography: \(dir.appendingPathComponent("none.json").path): no such file"),
            "\(missing.stderr)")
    }

    @Test func rendersTheExampleChatToAPNGOfTheLayoutsSize() throws {
        let dir = try temporaryDirectory()
        let output = dir.appendingPathComponent("chat.png")
        let render = try run(["render", "examples/chat.json", "-o", output.path])
        #expect(render.status == 0, "\(render.stderr)")
        let image = try RGBAImage(png: try Data(contentsOf: output))
        let layout = try run(["layout", "examples/chat.json"])
        #expect(layout.status == 0)
        let tree = try #require(try JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any])
        let height = try #require(tree["height"] as? Double)
        #expect(image.width == 750)
        #expect(image.height == Int((height * 2).rounded(.up)))
        let items = try #require(tree["items"] as? [[String: Any]])
        #expect(items.contains { $0["type"] as? String == "textIncoming" })
    }

    @Test func layoutListsItemsElementsLinesActionsAndWarnings() throws {
        let result = try run(["layout", "examples/custom-cells.json"])
        #expect(result.status == 0)
        let tree = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let items = try #require(tree["items"] as? [[String: Any]])
        let text = try #require(items.first { $0["id"] as? String == "m1" })
        #expect(text["type"] as? String == "textIncoming")
        let elements = try #require(text["elements"] as? [[String: Any]])
        #expect(Set(elements.compactMap { $0["role"] as? String }).isSuperset(of: ["avatar", "name", "bubble", "text", "time"]))
        let lines = try #require(elements.first { $0["role"] as? String == "text" }?["lines"] as? [String])
        #expect(lines.joined() == "Are we still on for lunch tomorrow? I booked the table by the window.")
        let image = try #require(items.first { $0["id"] as? String == "m2" })
        #expect((image["frame"] as? [String: Double])?["height"] == 244)
        #expect((tree["warnings"] as? [String])?.isEmpty == true, "the example's pictures all load")
        // Without its picture the image cell keeps its height and the tree says why.
        let broken = try temporaryDirectory().appendingPathComponent("broken.json")
        try String(contentsOfFile: "examples/custom-cells.json", encoding: .utf8).replacingOccurrences(of: "assets/beach.jpg", with: "")
            .write(to: broken, atomically: true, encoding: .utf8)
        let warned = try #require(
            try JSONSerialization.jsonObject(with: try run(["layout", broken.path, "--assets", "examples"]).stdout) as? [String: Any])
        #expect((warned["warnings"] as? [String])?.first?.hasPrefix("messages[1].image.src") == true)
    }

    @Test func dashReadsStandardInputAndWritesStandardOutput() throws {
        let json = try Data(contentsOf: Self.root.appendingPathComponent("goldens/text-short.json"))
        let result = try run(["render", "-", "-o", "-", "--assets", "examples"], stdin: json)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage(png: result.stdout)
        #expect(image.width == 750)
    }

    @Test(arguments: [
        (
            #"{"kind": "chat", "messages": [{"id": "m", "from": "u", "type": "image", "sentAt": "2026-11-29T11:00:00Z", "image": {"src": "a.png", "width": -3}}]}"#,
            "feedshot: messages[0].image.width: must be a positive number (got -3)"
        ),
        (#"{"kind": "chat", "width": 1e400, "messages": []}"#, "feedshot: malformed JSON"),
        (#"{"kind": "chat", "scale": 0, "messages": []}"#, "feedshot: scale: must be 1, 2 or 3 (got 0)"),
        (#"{"kind": "feed"}"#, "feedshot: posts: is required"),
        (#"[1, 2"#, "feedshot: malformed JSON"),
        (#"{"kind": "chat", "messages": []}"#, "feedshot: the layout is empty"),
    ])
    func badInputExitsWith2AndOneLineNamingThePath(json: String, expected: String) throws {
        let result = try run(["render", "-", "-o", "-"], stdin: Data(json.utf8))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func usageErrorsExitWith2() throws {
        #expect(try run(["render"]).status == 2)
        #expect(try run(["render", "a.json", "b.json"]).stderr.contains("several inputs need --out-dir DIR"))
        #expect(try run(["frobnicate"]).status == 2)
        #expect(try run(["render", "--compression", "13", "x.json"]).stderr.contains("--compression takes a whole number from 0 to 12"))
        #expect(try run(["render", "missing.json"]).status == 2)
        #expect(try run(["render", "--help"]).stdout.count > 200)
    }

    /// An option that only means something beside another is refused alone, not ignored.
    @Test(arguments: [
        (["render", "examples/chat.json", "--jobs", "2", "-o", "-"], "--jobs goes with --out-dir"),
        (["bench", "--threads", "1"], "--threads goes with --only"),
        (["render", "examples/chat.json", "--allow-image-hosts", "https://img.example.com", "-o", "-"], "is not a host"),
        (["render", "examples/chat.json", "--allow-image-hosts", "img.example.com:99999", "-o", "-"], "from 1 to 65535"),
    ])
    func optionsThatCannotApplyAreRefused(words: [String], message: String) throws {
        let result = try run(words)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func batchRenderingSkipsABadDocumentAndReportsIt() throws {
        let dir = try temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"kind": "chat", "scale": 7, "messages": []}"#.utf8).write(to: bad)
        let result = try run([
            "render", "goldens/text-short.json", bad.path, "goldens/thai.json", "--assets", "examples", "--out-dir", dir.path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.json: scale: must be 1, 2 or 3 (got 7)"))
        #expect(result.stderr.contains("Rendered 2 of 3 documents"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("text-short.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("thai.png").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.png").path))
    }

    /// Inputs of one file name get their position, and standard error says which is which.
    @Test func batchRenderingListsInputsOfOneName() throws {
        let dir = try temporaryDirectory()
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: CLITests.root.appendingPathComponent("goldens/text-short.json"), to: dir.appendingPathComponent("\(folder)/chat.json"))
        }
        let out = dir.appendingPathComponent("out")
        let a = dir.appendingPathComponent("a/chat.json").path, b = dir.appendingPathComponent("b/chat.json").path
        let result = try run(["render", a, b, "--assets", "examples", "--out-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\(a) → \(out.path)/chat-1.png (another input has its name)"))
        #expect(result.stderr.contains("\(b) → \(out.path)/chat-2.png (another input has its name)"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("chat-2.png").path))
    }

    @Test func missingImagesWarnButTheRenderSucceeds() throws {
        let dir = try temporaryDirectory()
        let result = try run([
            "render", "goldens/broken-images.json", "--assets", "examples", "-o", dir.appendingPathComponent("b.png").path,
        ])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: messages[0].image.src: no file at \"assets/missing.png\" under the asset root"))
        #expect(result.stderr.contains("warning: messages[2].image.src: the path \"../../etc/passwd\" leaves the asset root"))
        #expect(result.stderr.contains("warning: users.u4.avatar: not a PNG, JPEG, WebP or GIF image"))
    }
}

/// An installed `feedshot` — `bin/feedshot` with `share/feedshot/` beside it, as the Dockerfile
/// lays it out — run by its name from PATH in another folder reads its data from the install, not
/// from whatever `argv[0]` names relative to the working directory, nor from the source checkout.
struct InstalledBinaryTests {
    @Test func anInstalledFeedshotRunByNameFindsItsFilesBesideIt() throws {
        let install = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: install) }
        let bin = install.appendingPathComponent("bin"), share = install.appendingPathComponent("share/feedshot")
        // Deep enough that no `../share/feedshot` beside it is the install's.
        let work = install.appendingPathComponent("elsewhere/work")
        for folder in [bin, share, work] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(at: CLITests.binary, to: bin.appendingPathComponent("feedshot"))
        let build = CLITests.binary.deletingLastPathComponent()
        for bundle in try FileManager.default.contentsOfDirectory(atPath: build.path) where bundle.hasSuffix(".resources") {
            try FileManager.default.copyItem(at: build.appendingPathComponent(bundle), to: share.appendingPathComponent(bundle))
        }
        try FileManager.default.createSymbolicLink(
            at: share.appendingPathComponent("fonts"), withDestinationURL: CLITests.root.appendingPathComponent("fonts"))
        // The installed catalogue says something the source checkout's does not.
        let strings = share.appendingPathComponent(
            "Feedshot_FeedshotLayout.resources/Resources/Localization/en.lproj/AmityLocalizable.strings")
        let text = try String(contentsOf: strings, encoding: .utf8)
        #expect(text.contains(#""feedshot_today" = "Today";"#))
        try text.replacingOccurrences(of: #""feedshot_today" = "Today";"#, with: #""feedshot_today" = "Today (installed)";"#)
            .write(to: strings, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for name in ["FEEDSHOT_RESOURCES", "FEEDSHOT_FONT_DIR"] { environment[name] = nil }
        process.environment = environment
        process.arguments = ["feedshot", "layout", CLITests.root.appendingPathComponent("goldens/text-short.json").path]
        process.currentDirectoryURL = work
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let layout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(layout.contains(#""Today (installed)""#), "\(layout.prefix(400))")
    }
}
