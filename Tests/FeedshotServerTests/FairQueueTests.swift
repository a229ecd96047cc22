import Testing

@testable import FeedshotServer

/// Which queued render a free worker starts (`WorkerPool.fairest`): round robin between the
/// clients waiting, whatever order their requests came in.
struct FairQueueTests {
    @Test func theNextRenderIsTheOldestOfTheClientServedLeast() {
        // Oldest first when every client is alike.
        #expect(WorkerPool.fairest(["a", "a", "b"], running: [:], lastStart: [:]) == 0)
        // A client with a render running waits behind one with none.
        #expect(WorkerPool.fairest(["a", "a", "b"], running: ["a": 1], lastStart: [:]) == 2)
        // With none running, the client whose last render started longest ago (never: first).
        #expect(WorkerPool.fairest(["a", "a", "b", "c"], running: [:], lastStart: ["a": 7, "b": 3]) == 3)
        #expect(WorkerPool.fairest(["a", "a", "b"], running: [:], lastStart: ["a": 7, "b": 3]) == 2)
        // Running counts before recency.
        #expect(WorkerPool.fairest(["a", "b"], running: ["b": 1], lastStart: ["a": 9, "b": 1]) == 0)
    }
}
