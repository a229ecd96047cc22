import FeedshotLayout
import FeedshotRender
import Foundation

extension BenchCommand {
    /// What `--only` prints: one document's render time and its split into stages.
    struct OnlyReport: Encodable {
        var document: String
        var machine: String
        var render: Stat
        var splitMedianSeconds: [String: Double]
        var encodingThreads: Int
    }

    /// `--only bubble` or `--only chat`: that document's JSON → PNG time and its split alone, for
    /// scripts that measure other programs in the same run (`bench/compare.py`) and A/B runs.
    static func runOnly(_ name: String, bubble: Data, chat: Data, options: RenderOptions, seconds: Double, json: Bool) throws {
        let document: Data
        switch name {
        case "bubble": document = bubble
        case "chat": document = chat
        default: throw CLIError.usage("--only takes bubble or chat (got \"\(name)\")")
        }
        let render = try sampleThrowing(seconds: seconds) { _ = try Feedshot.render(json: document, options: options) }
        var stages: [RenderStages] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline || stages.count < 5 {
            stages.append(try RenderStages.measure(json: document, options: options, comparingWithCairo: false))
        }
        func median(_ key: KeyPath<RenderStages, Double>) -> Double { stat(stages.map { $0[keyPath: key] }).median }
        let split = ["parse": median(\.parse), "layout": median(\.layout), "draw": median(\.draw), "encode": median(\.encode)]
        let report = OnlyReport(
            document: name, machine: machineDescription, render: render, splitMedianSeconds: split, encodingThreads: options.encodingThreads
        )
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            FileHandle.standardOutput.write((try? encoder.encode(report)) ?? Data())
            print()
            return
        }
        print(
            String(
                format:
                    "%@ → PNG: median %.3f ms, p99 %.3f ms (%@, %@); parse %.3f · layout %.3f · draw %.3f · encode %.3f ms",
                name,
                render.median * 1000, render.p99 * 1000, machineDescription, counted(options.encodingThreads, "encoding thread"),
                split["parse"]! * 1000,
                split["layout"]! * 1000,
                split["draw"]! * 1000, split["encode"]! * 1000))
    }

    /// Cores and memory of this machine.
    static var machineDescription: String {
        "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB"
    }
}
