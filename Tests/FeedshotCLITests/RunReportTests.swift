import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

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
