import Foundation
import Testing

/// Options that were accepted and then ignored, or answered with the wrong words (from a
/// newcomer's trial of every documented command and flag against docs/cli.md).
struct ArgumentChecksTests {
    let cli = CLITests()

    /// `--compression` with a WebP output was accepted and did nothing (`--quality` with PNG is refused).
    @Test func compressionIsRefusedForAnythingButPNG() throws {
        let out = try cli.temporaryDirectory().appendingPathComponent("c.webp")
        let result = try cli.run(["render", "examples/chat.json", "-o", out.path, "--compression", "12"])
        #expect(result.status == 2 && result.stderr.contains("--compression applies to png, not webp"), "\(result.stderr)")
    }

    /// `sign` printed a URL for a document the server answers 400 to, and for a base address without a scheme.
    @Test func signRefusesADocumentTheServerWouldRefuseAndABaseWithoutScheme() throws {
        let dir = try cli.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"kind": "chat", "thme": "dark", "now": "2026-11-29T12:00:00Z", "messages": []}"#.utf8).write(to: bad)
        let refused = try cli.run(["sign", bad.path, "--key", "k"])
        #expect(refused.status == 2 && refused.stderr.contains("thme: unknown field") && refused.stdout.isEmpty, "\(refused.stderr)")
        let good = dir.appendingPathComponent("good.json")
        try Data(#"{"kind": "chat", "now": "2026-11-29T12:00:00Z", "messages": []}"#.utf8).write(to: good)
        let noScheme = try cli.run(["sign", good.path, "--key", "k", "--base", "img.example.com"])
        #expect(noScheme.status == 2 && noScheme.stderr.contains("is not an http:// or https:// address"), "\(noScheme.stderr)")
        #expect(try cli.run(["sign", good.path, "--key", "k", "--base", "https://img.example.com"]).status == 0)
        // Past the default limits is the server's to judge (it may raise them): signed.
        let long = dir.appendingPathComponent("long.json")
        let text = String(repeating: "a", count: 100_001)
        try Data(
            #"{"kind": "message", "now": "2026-11-29T12:00:00Z", "me": "u1", "message": {"id": "m1", "type": "text", "from": "u1", "sentAt": "2026-11-29T11:58:00Z", "text": "\#(text)"}}"#
                .utf8
        ).write(to: long)
        let overLimit = try cli.run(["sign", long.path, "--key", "k"])
        #expect(overLimit.status == 0, "\(overLimit.stderr)")
    }

    /// `preview --report` ignored documents, `--pdf` and `--watch` given with it.
    @Test(arguments: [["examples/chat.json"], ["--pdf", "x.pdf"], ["--watch"], ["--widths", "999"]])
    func previewReportRefusesGalleryArguments(extra: [String]) throws {
        let dir = try cli.temporaryDirectory()
        let result = try cli.run(["preview", "--report", dir.path, "--out", dir.appendingPathComponent("r").path] + extra)
        #expect(result.status == 2 && result.stderr.contains("preview --report"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r").path))
    }

    /// `feedshot help render` printed the general usage.
    @Test func helpNamesACommand() throws {
        let help = try cli.run(["help", "render"])
        let direct = try cli.run(["render", "--help"])
        #expect(help.status == 0 && help.stdout == direct.stdout && !help.stdout.isEmpty)
    }

    /// `bench --inputs DIR` without the inputs named `bench/bubble.json`, not DIR.
    @Test func benchNamesTheInputsFolderItWasGiven() throws {
        let dir = try cli.temporaryDirectory()
        let result = try cli.run(["bench", "--inputs", dir.path])
        #expect(result.status == 2 && result.stderr.contains("\(dir.path)/bubble.json"), "\(result.stderr)")
    }
}
