import FeedshotRender
import Foundation
import Testing

/// `feedshot render` picks the format from `--format` or the output's extension, and never
/// writes one format under another's name.
struct RenderFormatTests {
    let cli = CLITests()

    static let magic: [String: [UInt8]] = [
        "png": [0x89, 0x50, 0x4E, 0x47], "svg": Array("<?xml".utf8), "pdf": Array("%PDF-".utf8), "webp": Array("RIFF".utf8),
        "jpg": [0xFF, 0xD8, 0xFF], "jpeg": [0xFF, 0xD8, 0xFF],
    ]

    @Test(arguments: ["png", "svg", "pdf", "webp", "jpg", "jpeg", "PDF"])
    func theExtensionPicksTheFormat(ext: String) throws {
        let output = try cli.temporaryDirectory().appendingPathComponent("chat.\(ext)")
        let result = try cli.run(["render", "goldens/text-short.json", "--assets", "examples", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: output)
        #expect(bytes.starts(with: try #require(Self.magic[ext.lowercased()])), "\(ext)")
        if ext == "webp" { #expect(bytes.dropFirst(8).starts(with: Array("WEBP".utf8))) }
    }

    /// libjpeg-turbo's environment variables change the files `tjCompress2` writes (tables, restarts,
    /// progressive scans), so strips could not be joined: a tall JPEG is then written in one piece,
    /// as they ask, and decodes (`djpeg`).
    @Test(arguments: [("TJ_OPTIMIZE", "1"), ("TJ_RESTART", "2"), ("TJ_PROGRESSIVE", "1")])
    func libjpegTurbosEnvironmentStillWritesATallJPEG(variable: (String, String)) throws {
        let output = try cli.temporaryDirectory().appendingPathComponent("chat.jpg")
        let result = try cli.run(
            ["render", "bench/chat-50.json", "--assets", "examples", "-o", output.path], environment: [variable.0: variable.1])
        #expect(result.status == 0, "\(variable.0): \(result.stderr)")
        let bytes = try Data(contentsOf: output)
        let decoded = try cli.run(["-pnm", output.path], executable: URL(fileURLWithPath: "/usr/bin/djpeg"))
        #expect(decoded.status == 0 && decoded.stdout.starts(with: Array("P6\n750 ".utf8)), "\(variable.0): \(decoded.stderr)")
        let sof2 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xFF && $1 == 0xC2 }
        #expect(sof2 == (variable.0 == "TJ_PROGRESSIVE"), "progressive only when asked")
    }

    /// `--threads N` sets how many threads may compress a tall image: the same bytes for 1 and 4
    /// (PNG and JPEG, one output and `--out-dir`), and a count outside 1…64 is refused, naming it.
    @Test func threadsChangeNoByte() throws {
        let dir = try cli.temporaryDirectory()
        for ext in ["png", "jpg"] {
            var files: [Data] = []
            for threads in ["1", "4"] {
                let output = dir.appendingPathComponent("chat-\(threads).\(ext)")
                let result = try cli.run(["render", "bench/chat-50.json", "--assets", "examples", "--threads", threads, "-o", output.path])
                #expect(result.status == 0, "\(result.stderr)")
                files.append(try Data(contentsOf: output))
            }
            let batch = dir.appendingPathComponent("batch-\(ext)")
            let result = try cli.run([
                "render", "bench/chat-50.json", "goldens/text-short.json", "--assets", "examples", "--format", ext == "jpg" ? "jpeg" : ext,
                "--jobs", "2", "--threads", "2", "--out-dir", batch.path, "--quiet",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            files.append(try Data(contentsOf: batch.appendingPathComponent("chat-50.\(ext)")))
            #expect(files[0] == files[1] && files[0] == files[2], "\(ext): \(files.map(\.count))")
        }
        for bad in ["0", "65", "two"] {
            let refused = try cli.run(["render", "bench/chat-50.json", "--threads", bad, "-o", "-"])
            #expect(refused.status == 2 && refused.stderr.contains("--threads takes a whole number from 1 to 64"), "\(refused.stderr)")
        }
    }

    @Test func unknownExtensionsAndContradictionsAreRefused() throws {
        let dir = try cli.temporaryDirectory()
        for name in ["chat.gif", "chat.txt", "chat.json.bak"] {
            let output = dir.appendingPathComponent(name)
            let result = try cli.run(["render", "goldens/text-short.json", "-o", output.path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("unknown image extension"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        let mismatch = try cli.run(["render", "goldens/text-short.json", "--format", "svg", "-o", dir.appendingPathComponent("x.png").path])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("--format svg does not match"), "\(mismatch.stderr)")
        #expect(try cli.run(["render", "goldens/text-short.json", "--format", "gif", "-o", "-"]).stderr.contains(#"unknown format "gif""#))
        let quality = try cli.run(["render", "goldens/text-short.json", "--quality", "80", "-o", dir.appendingPathComponent("x.png").path])
        #expect(quality.status == 2 && quality.stderr.contains("--quality applies to webp and jpeg, not png"))
        #expect(try cli.run(["render", "goldens/text-short.json", "--quality", "0", "--format", "jpeg", "-o", "-"]).status == 2)
        // An explicit format that agrees with the extension is fine.
        #expect(
            try cli.run(["render", "goldens/text-short.json", "--format", "jpg", "-o", dir.appendingPathComponent("x.jpeg").path]).status
                == 0)
    }

    @Test func standardOutputIsPNGUnlessFormatSaysOtherwise() throws {
        let json = try Data(contentsOf: CLITests.root.appendingPathComponent("goldens/text-short.json"))
        let png = try cli.run(["render", "-", "-o", "-", "--assets", "examples"], stdin: json)
        #expect(png.status == 0 && png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try cli.run(["render", "-", "-o", "-", "--format", "pdf", "--assets", "examples"], stdin: json)
        #expect(pdf.status == 0 && pdf.stdout.starts(with: Array("%PDF-".utf8)))
        // A file without an extension takes --format too, else PNG.
        let dir = try cli.temporaryDirectory()
        #expect(try cli.run(["render", "goldens/text-short.json", "-o", dir.appendingPathComponent("plain").path]).status == 0)
        #expect(try Data(contentsOf: dir.appendingPathComponent("plain")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func withoutOutputTheFileIsNamedForTheFormat() throws {
        let dir = try cli.temporaryDirectory()
        let input = dir.appendingPathComponent("doc.json")
        try Data(contentsOf: CLITests.root.appendingPathComponent("goldens/text-short.json")).write(to: input)
        let result = try cli.run(["render", input.path, "--format", "webp", "--quality", "70"])
        #expect(result.status == 0, "\(result.stderr)")
        let webp = try Data(contentsOf: dir.appendingPathComponent("doc.webp"))
        #expect(webp.dropFirst(8).starts(with: Array("WEBPVP8 ".utf8)))  // lossy
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("doc.png").path))
    }

    @Test func batchesHonourTheFormat() throws {
        let dir = try cli.temporaryDirectory()
        let result = try cli.run([
            "render", "goldens/text-short.json", "goldens/thai.json", "--assets", "examples", "--out-dir", dir.path, "--format", "jpeg",
            "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["text-short.jpg", "thai.jpg"])
        for file in files { #expect(try Data(contentsOf: dir.appendingPathComponent(file)).starts(with: [0xFF, 0xD8, 0xFF])) }
        let svgDir = try cli.temporaryDirectory()
        #expect(try cli.run(["render", "goldens/thai.json", "--out-dir", svgDir.path, "--format", "svg", "--quiet"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: svgDir.path) == ["thai.svg"])
    }
}
