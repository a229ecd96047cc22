import FeedshotRender
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where the commands write, and what they do with the paths a user names: a pipe or a link is
/// written through, never replaced; one render never overwrites another's image or its own input;
/// an option given twice is refused (from a newcomer's trial of the CLI against docs/cli.md).
struct OutputPathTests {
    let cli = CLITests()
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47])

    /// A copy of examples/chat.json and its pictures in a fresh folder.
    func chat() throws -> URL {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.copyItem(
            at: CLITests.root.appendingPathComponent("examples/assets"), to: dir.appendingPathComponent("assets"))
        let file = dir.appendingPathComponent("chat.json")
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("examples/chat.json"), to: file)
        return file
    }

    /// Foundation's atomic write renamed a new file over a named pipe (and, run as root, over
    /// `/dev/null` and `/dev/stdout`): the reader got nothing and the pipe was gone.
    @Test func aNamedPipeIsWrittenIntoNotReplaced() throws {
        let input = try chat()
        let fifo = input.deletingLastPathComponent().appendingPathComponent("out.png")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // POSIX reads (Foundation's file reading does not wait for a pipe's writer).
            let descriptor = open(fifo.path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(contentsOf: buffer[..<count])
            }
            if descriptor >= 0 { close(descriptor) }
            done.signal()
        }
        let result = try cli.run(["render", input.path, "-o", fifo.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(done.wait(timeout: .now() + 30) == .success, "the pipe's reader got no end of file")
        #expect(received.prefix(4) == Self.pngSignature && received.count > 10_000, "\(received.count) bytes")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
    }

    /// `-o /dev/stdout` with standard output sent to a file writes into that file: followed as a
    /// link it looked like the file, which was replaced under the caller's open handle (the caller
    /// read nothing).
    @Test func devStdoutIsTheOpenStandardOutputEvenWhenItIsAFile() throws {
        let input = try chat()
        let file = input.deletingLastPathComponent().appendingPathComponent("captured.png")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["render", input.path, "-o", "/dev/stdout"]
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        #expect(process.terminationStatus == 0)
        #expect(try Data(contentsOf: file).prefix(4) == Self.pngSignature)
    }

    /// A link's file is replaced, not the link; a file that existed keeps its permissions.
    @Test func aLinkIsFollowedAndAFileKeepsItsMode() throws {
        let input = try chat()
        let dir = input.deletingLastPathComponent()
        let target = dir.appendingPathComponent("target.png"), link = dir.appendingPathComponent("link.png")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try cli.run(["render", input.path, "-o", link.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path, "the link is still a link")
        #expect(try Data(contentsOf: target).prefix(4) == Self.pngSignature)
        var info = stat()
        #expect(stat(target.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// `render doc.png` (a document saved with the wrong extension) wrote the image over it.
    @Test func aRenderDoesNotReplaceItsOwnInput() throws {
        let chat = try chat()
        let misnamed = chat.deletingLastPathComponent().appendingPathComponent("doc.png")
        try FileManager.default.copyItem(at: chat, to: misnamed)
        for arguments in [["render", misnamed.path], ["render", misnamed.path, "-o", "./" + misnamed.lastPathComponent]] {
            let result = try cli.run(arguments, in: misnamed.deletingLastPathComponent())
            #expect(result.status == 2 && result.stderr.contains("the image would replace its own input document"), "\(result.stderr)")
        }
        let layout = try cli.run(["layout", chat.path, "-o", chat.path])
        #expect(layout.status == 2 && layout.stderr.contains("the layout would replace its own input document"), "\(layout.stderr)")
        #expect(try Data(contentsOf: misnamed) == Data(contentsOf: chat) && Data(contentsOf: chat).first == UInt8(ascii: "{"))
    }

    /// `a/chat.json b/chat.json chat-2.json --out-dir` named the second `chat-2.png` and the third
    /// `chat-2.png` too: one render was lost, and the summary counted it.
    @Test func outDirNamesNeverClash() throws {
        let chat = try chat()
        let dir = chat.deletingLastPathComponent()
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: chat, to: dir.appendingPathComponent("\(folder)/chat.json"))
        }
        try FileManager.default.copyItem(at: chat, to: dir.appendingPathComponent("chat-2.json"))
        let out = dir.appendingPathComponent("out")
        let result = try cli.run(["render", "a/chat.json", "b/chat.json", "chat-2.json", "--out-dir", out.path, "--jobs", "1"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["chat-1.png", "chat-2-2.png", "chat-2.png"])
    }

    /// Of an option given twice the last wins, under either spelling (`-o a.png --output b.png`
    /// wrote a.png: `-o` won whatever the order).
    @Test(arguments: [
        (["-o", "a.png", "-o", "b.png"], "b.png"), (["-o", "a.png", "--output", "b.png"], "b.png"),
        (["--output", "b.png", "-o", "a.png"], "a.png"),
    ])
    func theLastOfAnOptionGivenTwiceWins(twice: [String], written: String) throws {
        let chat = try chat()
        let dir = chat.deletingLastPathComponent()
        let result = try cli.run(["render", chat.path] + twice, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") } == [written])
    }

    /// `diff` said exit 1, "they differ", when it could not write `--diff`, though the images matched.
    @Test func aDiffImageThatCannotBeWrittenIsNotADifference() throws {
        let dir = try cli.temporaryDirectory()
        let image = dir.appendingPathComponent("a.png")
        try RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255)).pngData().write(to: image)
        let result = try cli.run(["diff", image.path, image.path, "--diff", dir.appendingPathComponent("no/such/folder/d.png").path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("match: "))
        #expect(result.stderr.contains("could not write (no folder"), "\(result.stderr)")
    }

    /// `preview other/mine.json examples/chat.json` read both documents' pictures from `other/`:
    /// each now reads its own folder, as `render` does.
    @Test func previewReadsEachDocumentsPicturesFromItsOwnFolder() throws {
        let chat = try chat()
        let dir = try cli.temporaryDirectory()
        let mine = dir.appendingPathComponent("mine.json")
        try
            #"{"kind": "chat", "me": "u1", "users": {"u2": {"displayName": "Ann"}}, "messages": [{"id": "m1", "type": "text", "from": "u2", "text": "Hi", "sentAt": "2026-11-29T10:00:00Z"}]}"#
            .write(to: mine, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("page")
        for inputs in [[mine.path, chat.path], [chat.path, mine.path]] {
            let result = try cli.run(["preview"] + inputs + ["--out", out.path, "--widths", "375", "--themes", "light"])
            #expect(result.status == 0 && !result.stderr.contains("no file at"), "\(result.stderr)")
        }
        let sheet = try cli.run(["preview", mine.path, chat.path, "--pdf", dir.appendingPathComponent("s.pdf").path, "--widths", "375"])
        #expect(sheet.status == 0 && !sheet.stderr.contains("no file at"), "\(sheet.stderr)")
    }

    /// A document that cannot be read ended `preview` before any page; it is a failed section now,
    /// as a document that does not decode is (docs/cli.md, "Exit codes").
    @Test func previewWritesItsPageWhenAnInputIsMissing() throws {
        let chat = try chat()
        let out = chat.deletingLastPathComponent().appendingPathComponent("page")
        let result = try cli.run(["preview", chat.path, "missing.json", "--out", out.path, "--widths", "375", "--themes", "light"])
        #expect(result.status == 2 && result.stderr.contains("feedshot: missing: missing.json: no such file"), "\(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("missing.json: no such file") && html.contains("images/chat-"))
    }
}
