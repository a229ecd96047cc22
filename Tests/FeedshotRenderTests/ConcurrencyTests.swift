import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// Rendering from many threads at once, or after other documents, gives the bytes of rendering alone.
struct ConcurrencyTests {
    @Test func manyThreadsRenderTheSameBytesAsOne() throws {
        let names = [
            "text-short", "emoji", "arabic", "message-types", "mk-kinds-incoming", "custom-cells", "thai", "cjk", "japanese",
            "traditional-chinese",
        ]
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

    /// Pango kept a font's approximate character width at 0 for good when it was first asked for
    /// while another font's width was being computed, on any thread (pangocairo-font.c's process-wide
    /// `in_get_metrics`), and its line breaker looks further for a break within three of those
    /// widths (`PangoMetricsGuard`). Two threads rendering `post-rtl` at 150.5 points at once
    /// failed 7 times in 8 with "r.header: the painter's layout of a text has 3 lines where the
    /// layout tree has 2" (the CLI's `--jobs 2`: 59 of 60). Each concurrent render must give the
    /// bytes of the document rendered alone, on a thread of its own.
    @Test func twoThreadsRenderingTheSameNarrowArabicPostAgree() throws {
        let json = try #require(try golden("post-rtl", width: 150.5))
        let alone = try #require(ConcurrencyTests.renderOnNewThreads(1, [json]).first?.first).get()
        for _ in 0..<4 {
            for renders in ConcurrencyTests.renderOnNewThreads(2, [json]) {
                #expect(try renders.first?.get() == alone, "a concurrent render differs from one alone")
            }
        }
    }

    /// What a thread rendered before does not change what it renders next: `mk-link-preview` at
    /// 150.5 points had a line fewer (28 pixels shorter) when `mk-rtl-mirrored` was rendered first
    /// on its thread (an Arabic font's sample sentence had left Feedshot Inter's approximate width
    /// at 0: `PangoMetricsGuard`).
    @Test func aRenderDoesNotDependOnWhatItsThreadRenderedBefore() throws {
        let preview = try #require(try golden("mk-link-preview", width: 150.5))
        let mirrored = try #require(try golden("mk-rtl-mirrored", width: 320))
        let alone = try #require(ConcurrencyTests.renderOnNewThreads(1, [preview]).first?.first).get()
        let afterArabic = try #require(ConcurrencyTests.renderOnNewThreads(1, [mirrored, preview]).first).map { try $0.get() }
        #expect(afterArabic.last == alone, "a render after an Arabic document differs from one alone")
    }

    static let options = {
        var options = RenderOptions(images: ImageSource(assetRoot: packageRoot.appendingPathComponent("examples")))
        options.encodingThreads = 1
        return options
    }()

    /// `documents` rendered one after the other on each of `count` new threads (each with Pango
    /// state of its own), started together.
    static func renderOnNewThreads(_ count: Int, _ documents: [Data]) -> [[Result<Data, RenderError>]] {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var results: [[Result<Data, RenderError>]]
            init(_ count: Int) { results = Array(repeating: [], count: count) }
        }
        let box = Box(count)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let options = ConcurrencyTests.options
        for index in 0..<count {
            Thread {
                start.wait()
                let results = documents.map { json in
                    Result { () throws(RenderError) in try Feedshot.render(json: json, options: options) }
                }
                box.lock.withLock { box.results[index] = results }
                done.signal()
            }.start()
        }
        for _ in 0..<count { start.signal() }
        for _ in 0..<count { done.wait() }
        return box.lock.withLock { box.results }
    }
}
