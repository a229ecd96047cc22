import Foundation
import Testing

/// `feedshot bench` runs end to end; its figures are only meaningful in a release build, so these
/// tests check the report's shape, never its times.
struct BenchCommandTests {
    let cli = CLITests()

    /// A folder where every benchmark input is the bubble, so a debug build gets through quickly.
    static func bubbleOnlyInputs() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bubble = CLITests.root.appendingPathComponent("bench/bubble.json")
        for name in ["bubble.json", "chat-50.json", "feed-20.json"] {
            try FileManager.default.copyItem(at: bubble, to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: CLITests.root.appendingPathComponent("bench/texts.json"), to: folder.appendingPathComponent("texts.json"))
        return folder
    }

    @Test func jsonReportHasEveryMeasurement() throws {
        let inputs = try Self.bubbleOnlyInputs()
        defer { try? FileManager.default.removeItem(at: inputs) }
        let run = try cli.run(["bench", "--seconds", "0.05", "--json", "--inputs", inputs.path])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        for key in [
            "textHeight", "textHeightNewText", "textHeightCached", "bubbleToPNG", "bubbleWithNewTextToPNG", "chat50ToPNG", "feed20ToPNG",
        ] {
            let stat = try #require(report[key] as? [String: Any], "\(key) missing")
            let median = try #require(stat["median"] as? Double), p99 = try #require(stat["p99"] as? Double)
            #expect(median > 0 && p99 >= median, "\(key): median \(median), p99 \(p99)")
            #expect((stat["samples"] as? Int ?? 0) >= 20)
        }
        // The long-text case is slow by nature: five samples.
        let longText = try #require(report["unbreakable100kTextHeight"] as? [String: Any])
        #expect((longText["median"] as? Double ?? 0) > 0 && (longText["samples"] as? Int ?? 0) >= 5)
        let split = try #require(report["bubbleSplitMedianSeconds"] as? [String: Double])
        #expect(Set(split.keys) == ["parse", "layout", "draw", "encode"])
        #expect((report["pngBytes"] as? Int ?? 0) > 0 && (report["cairoPNGBytes"] as? Int ?? 0) > 0)
        // Every format for the bubble and the chat, PNG first.
        let formats = try #require(report["formats"] as? [[String: Any]])
        #expect(
            formats.compactMap { $0["label"] as? String }
                == Array(repeating: ["png", "webp lossless", "webp q80", "jpeg", "svg", "pdf"], count: 2).flatMap { $0 })
        #expect(
            formats.compactMap { $0["document"] as? String } == Array(repeating: "bubble", count: 6) + Array(repeating: "chat-50", count: 6)
        )
        for row in formats {
            #expect((row["bytes"] as? Int ?? 0) > 0 && (row["encode"] as? Double ?? 0) > 0 && (row["draw"] as? Double ?? 0) > 0, "\(row)")
            #expect((row["samples"] as? Int ?? 0) >= 5)
        }
    }

    /// `--only`: one document's render and split alone, with the thread count it was given.
    @Test func onlyMeasuresOneDocument() throws {
        let run = try cli.run(["bench", "--only", "bubble", "--threads", "1", "--seconds", "0.05", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["document"] as? String == "bubble")
        #expect(report["encodingThreads"] as? Int == 1)
        let render = try #require(report["render"] as? [String: Any])
        #expect((render["median"] as? Double ?? 0) > 0 && (render["samples"] as? Int ?? 0) >= 20)
        let split = try #require(report["splitMedianSeconds"] as? [String: Double])
        #expect(Set(split.keys) == ["parse", "layout", "draw", "encode"])
        let wrong = try cli.run(["bench", "--only", "feed"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--only takes bubble or chat"), "\(wrong.stderr)")
    }

    @Test func memoryModePrintsTenReadings() throws {
        let run = try cli.run(["bench", "--memory", "20"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").filter { $0.contains("renders  RSS") }
        #expect(lines.count == 10)
        #expect(lines.last?.hasPrefix("      20 renders") == true)
    }
}
