import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// Feedshot uses only its bundled fonts: the machine's fonts never change a pixel.
struct FontIsolationTests {
    @Test func renderingDoesNotDependOnTheMachinesFonts() throws {
        // A child process with fontconfig pointed at an empty configuration and no system font
        // paths renders the same bytes as this process.
        let cli = packageRoot.appendingPathComponent(".build/debug/feedshot")
        try #require(FileManager.default.isExecutableFile(atPath: cli.path), "no \(cli.path): run swift build first")
        let json = packageRoot.appendingPathComponent("goldens/mixed-scripts.json")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-nofonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try Data("<?xml version=\"1.0\"?><fontconfig></fontconfig>".utf8).write(to: empty.appendingPathComponent("fonts.conf"))
        let output = empty.appendingPathComponent("out.png")
        let process = Process()
        process.executableURL = cli
        process.arguments = [
            "render", json.path, "--assets", packageRoot.appendingPathComponent("examples").path, "-o", output.path, "--quiet",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = empty.appendingPathComponent("fonts.conf").path
        environment["XDG_DATA_HOME"] = empty.path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let here = try Feedshot.render(Feedshot.decode(Data(contentsOf: json)), options: options)
        #expect(try Data(contentsOf: output) == here)
    }
}
