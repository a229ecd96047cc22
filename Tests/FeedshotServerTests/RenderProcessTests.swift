import Foundation
import Testing

@testable import FeedshotServer

/// A render worker process's lifecycle, with a stand-in program for the worker.
struct RenderProcessTests {
    /// A host process that ignores SIGCHLD, or waits for any child, collects a dead worker
    /// itself: `waitpid` then fails with ECHILD. The worker is forgotten and a new one started;
    /// its id stayed set, so the worker was never replaced and a later kill went to that id.
    @Test func aWorkerCollectedBySomeoneElseIsForgottenAndReplaced() throws {
        // The write to the dead worker's pipe must fail with EPIPE here too, as in the server.
        signal(SIGPIPE, SIG_IGN)
        let process = RenderProcess(command: ["/bin/sleep", "3600"])
        try process.start()
        let first = process.pid
        try #require(first > 0)
        kill(first, SIGKILL)
        var status: Int32 = 0
        try #require(waitpid(first, &status, 0) == first, "collected by the test, not by RenderProcess")
        let result = process.call(HTTPRequest(method: "GET", path: "/healthz"), deadline: .now + .seconds(5), grace: .seconds(1))
        guard case .failure(.undelivered) = result else {
            Issue.record("the request reached a dead worker: \(result)")
            return
        }
        #expect(process.pid == 0)
        try process.start()
        #expect(process.pid > 0 && process.pid != first)
        process.stop(waitingUntil: .now)
        #expect(process.pid == 0)
    }
}
