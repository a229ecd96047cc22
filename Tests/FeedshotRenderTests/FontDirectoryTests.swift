import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// `Feedshot.addFontDirectory` (and `--font-dir`) never fails in silence: a folder that is not
/// there, one with no font in it, and one added after the fonts were fixed are refused, saying which.
struct FontDirectoryTests {
    /// The `RenderError.fonts` message `addFontDirectory(path)` throws, or nil when it adds the folder.
    func refusal(_ path: String) -> String? {
        do throws(RenderError) {
            try Feedshot.addFontDirectory(path)
            return nil
        } catch .fonts(let message) {
            return message
        } catch {
            return "\(error)"
        }
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-fontdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aMissingFolderIsRefused() throws {
        let message = try #require(refusal("/nonexistent/feedshot-fonts"))
        #expect(message == "font directory /nonexistent/feedshot-fonts: no such folder")
    }

    @Test func aFolderWithoutFontsIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        let message = try #require(refusal(folder.path))
        #expect(message == "font directory \(folder.path): no font files in it (.ttf, .otf, .ttc, .otc)")
    }

    @Test func aFolderAddedAfterTheFirstRenderIsRefused() throws {
        _ = try Feedshot.render(json: Data(contentsOf: packageRoot.appendingPathComponent("goldens/emoji.json")))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = try #require(
            try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("fonts").path)
                .first { $0.hasSuffix(".ttf") })
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("fonts/\(font)"), to: folder.appendingPathComponent(font))
        let message = try #require(refusal(folder.path))
        #expect(message == "font directory \(folder.path): added after the first render; add fonts before rendering")
    }

    @Test func theCommandLineNamesTheFlag() throws {
        let cli = packageRoot.appendingPathComponent(".build/debug/feedshot")
        try #require(FileManager.default.isExecutableFile(atPath: cli.path), "no \(cli.path): run swift build first")
        let process = Process()
        process.executableURL = cli
        process.arguments = [
            "render", packageRoot.appendingPathComponent("goldens/emoji.json").path, "--font-dir", "/nonexistent", "-o", "-",
        ]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("--font-dir: font directory /nonexistent: no such folder"), "\(stderr)")
    }
}
