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

    /// Through the pipeline, as the server renders: a render that starts on a thread whose
    /// context has loaded more fonts than the options allow gets a new, empty context, and draws
    /// the same pixels from it; below the limit the context is kept.
    @Test func aRenderStartsWithANewContextPastItsFontsAndDrawsTheSame() throws {
        // On a thread of its own, so no other test's context is replaced under it.
        let outcome = try Self.onAThreadOfItsOwn { () throws -> Outcome in
            var options = RenderOptions()
            options.fontsBeforeRenewal = 32
            let document = try Feedshot.decode(Self.runs(40, from: 9))
            let before = try Feedshot.render(document, options: options)
            let first = try PangoThreadContext.current()
            let counted = first.fontsAskedFor.count
            // The defaults allow far more than 40 sizes: kept.
            _ = try Feedshot.render(document)
            let kept = try PangoThreadContext.current() === first
            // Past 32, the next render renews.
            let again = try Feedshot.render(document, options: options)
            let second = try PangoThreadContext.current()
            return Outcome(counted: counted, renewed: second !== first, kept: kept, same: again == before)
        }
        #expect(outcome.counted >= 40, "each run's size is a font")
        #expect(outcome.kept)
        #expect(outcome.renewed)
        #expect(outcome.same)
    }

    /// A span's font is its own size, weight, style and family over the text's: each combination
    /// is a font the font map keeps.
    @Test func eachCombinationOfASpansFontCounts() throws {
        let counted = try Self.onAThreadOfItsOwn { () throws -> Int in
            PangoThreadContext.renewIfWorn(after: 0)
            let runs = ["regular", "semibold", "bold"].flatMap { weight in
                [false, true].map { italic in #"{"text": "x", "font": {"size": 15, "weight": "\#(weight)", "italic": \#(italic)}}"# }
            }
            let json = Data(
                #"""
                {"kind": "chat", "style": "messagekit", "width": 375, "me": "u1", "now": "2026-11-29T12:00:00Z",
                 "users": {"u2": {"displayName": "Ann"}},
                 "messages": [{"id": "a", "from": "u2", "type": "attributedText", "sentAt": "2026-11-29T11:00:00Z", "runs": [\#(runs.joined(separator: ","))]}]}
                """#.utf8)
            _ = try Feedshot.layout(Feedshot.decode(json))
            return try PangoThreadContext.current().fontsAskedFor.count { $0.size == 15 }
        }
        #expect(counted >= 6, "three weights, upright and italic, at one size")
    }

    /// A thread's contexts share one budget: a Japanese document's many sizes, after a few in the
    /// standard context, renew both; fewer than the budget between them keep both.
    @Test func aThreadsContextsShareOneBudget() throws {
        let (kept, renewed) = try Self.onAThreadOfItsOwn { () throws -> ([Bool], [Bool]) in
            var options = RenderOptions()
            options.fontsBeforeRenewal = 32
            func japanese(_ sizes: Int) throws -> Document {
                var object = try JSONSerialization.jsonObject(with: Self.runs(sizes, from: 9)) as! [String: Any]
                object["locale"] = "ja_JP"
                return try Feedshot.decode(JSONSerialization.data(withJSONObject: object))
            }
            _ = try Feedshot.layout(Feedshot.decode(Self.runs(4, from: 9)), options: options)
            _ = try Feedshot.layout(japanese(12), options: options)
            let (standard, japaneseContext) = (try PangoThreadContext.current(.standard), try PangoThreadContext.current(.japanese))
            // Under 32 between them: the next render keeps both.
            _ = try Feedshot.layout(japanese(12), options: options)
            let kept = [
                try PangoThreadContext.current(.standard) === standard, try PangoThreadContext.current(.japanese) === japaneseContext,
            ]
            // 40 more sizes in the Japanese context: the next render starts both afresh.
            _ = try Feedshot.layout(japanese(40), options: options)
            let worn = try PangoThreadContext.current(.japanese)
            _ = try Feedshot.layout(Feedshot.decode(Self.runs(4, from: 9)), options: options)
            let renewed = [try PangoThreadContext.current(.standard) !== standard, try PangoThreadContext.current(.japanese) !== worn]
            return (kept, renewed)
        }
        #expect(kept == [true, true])
        #expect(renewed == [true, true])
    }

    struct Outcome: Sendable {
        var counted: Int
        var renewed: Bool
        var kept: Bool
        var same: Bool
    }

    /// `body`'s result, run on a new thread (a thread's context is the thread's alone).
    static func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
        let box = ResultBox<Value>()
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

/// One thread's result, read by another after a semaphore says it is written.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}
