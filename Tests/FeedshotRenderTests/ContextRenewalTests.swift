import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// A thread's Pango context is replaced once its texts have asked for many font sizes: Pango's font
/// map keeps a pattern for every size and never lets one go, so a server fed documents of hundreds
/// of one-character runs at hundreds of sizes grew without bound (a worker died at its 1 GiB limit).
struct ContextRenewalTests {
    /// A MessageKit chat whose one attributed message has `sizes` runs, each at a size of its own.
    static func runs(_ sizes: Int, from first: Double) -> Data {
        let runs = (0..<sizes).map { #"{"text": "x", "font": {"size": \#(first + Double($0) / 8)}}"# }
        return Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 375, "me": "u1", "now": "2026-11-29T12:00:00Z",
             "users": {"u2": {"displayName": "Ann"}},
             "messages": [{"id": "a", "from": "u2", "type": "attributedText", "sentAt": "2026-11-29T11:00:00Z", "runs": [\#(runs.joined(separator: ","))]}]}
            """#.utf8)
    }

    @Test func aContextIsRenewedPastItsSizesAndDrawsTheSame() throws {
        // On a thread of its own, so no other test's context is replaced under it.
        let outcome = try Self.onAThreadOfItsOwn { () throws -> Outcome in
            let document = Self.runs(40, from: 9)
            let before = try Feedshot.render(json: document)
            let first = try PangoThreadContext.current()
            let counted = first.sizesAskedFor.count
            // Fewer sizes than the limit: kept.
            PangoThreadContext.renewIfWorn(after: counted)
            let kept = try PangoThreadContext.current() === first
            // More: a new context, empty, and the same pixels from it.
            PangoThreadContext.renewIfWorn(after: counted - 1)
            let second = try PangoThreadContext.current()
            let renewed = second !== first && second.sizesAskedFor.isEmpty
            return Outcome(counted: counted, renewed: renewed, kept: kept, same: try Feedshot.render(json: document) == before)
        }
        #expect(outcome.counted >= 40, "each run's size is counted")
        #expect(outcome.kept)
        #expect(outcome.renewed)
        #expect(outcome.same)
    }

    struct Outcome: Sendable {
        var counted: Int
        var renewed: Bool
        var kept: Bool
        var same: Bool
    }

    /// `body`'s result, run on a new thread (a thread's context is the thread's alone).
    static func onAThreadOfItsOwn(_ body: @escaping @Sendable () throws -> Outcome) throws -> Outcome {
        final class Box: @unchecked Sendable { var result: Result<Outcome, any Error>? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result(catching: body)
            done.signal()
        }
        thread.start()
        done.wait()
        return try #require(box.result).get()
    }
}
