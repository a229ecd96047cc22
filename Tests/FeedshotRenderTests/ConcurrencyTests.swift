import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// Rendering from many threads at once gives the same bytes as rendering on one.
struct ConcurrencyTests {
    @Test func manyThreadsRenderTheSameBytesAsOne() throws {
        let names = ["text-short", "emoji", "arabic", "message-types", "mk-kinds-incoming", "custom-cells", "thai", "cjk"]
        let options = RenderOptions(images: ImageSource(assetRoot: packageRoot.appendingPathComponent("examples")))
        let documents = try names.map { try Data(contentsOf: packageRoot.appendingPathComponent("goldens/\($0).json")) }
        let expected = try documents.map { try Feedshot.render(json: $0, options: options) }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var mismatches: [String] = []
            var renders = 0
        }
        let results = Results()
        let threads = 8
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<3 {
                for (index, document) in documents.enumerated() where (index + thread + round) % 2 == 0 || round == 2 {
                    let png = try? Feedshot.render(json: document, options: options)
                    results.lock.withLock {
                        results.renders += 1
                        if png != expected[index] { results.mismatches.append("\(names[index]) on thread \(thread)") }
                    }
                }
            }
        }
        #expect(results.mismatches.isEmpty, "\(results.mismatches)")
        #expect(results.renders > threads * documents.count)
    }
}
