internal import CMicroHTTPD
import Foundation

/// One request's state, kept in libmicrohttpd's `con_cls` (retained there; released when the
/// request completes). The event loop reads the body into it; a worker hands the response back.
final class Exchange: @unchecked Sendable {
    // Event-loop only:
    var body = Data()
    var isTooLarge = false
    /// Its body was dropped as it came: the server's bodies being read were at their bound
    /// (`HTTPServer.maxReadingBytes`); answered 503 once it ends.
    var isOverReadingBudget = false
    /// Its body is read and dropped as it comes, holding no room: a GET's or a HEAD's, which means nothing.
    var discardsBody = false
    /// Body bytes received so far, kept or not.
    var received = 0
    /// The room its body holds in the bodies' bound (`HTTPServer.hold`).
    var heldBytes = 0
    /// Body bytes read and dropped: since the body passed the limit or found no room in the
    /// bodies' bound, or all of a GET's or HEAD's.
    var discarded = 0
    /// The answer's body bytes the server holds until the client has read them, and whose they are.
    var unsentBytes = 0
    var unsentClient = ""
    var isAnswered = false
    var isDispatched = false
    /// Counted in `HTTPServer.inFlightByClient`: dispatched, not yet answered.
    var isInFlight = false
    var request: HTTPRequest?
    let started = ContinuousClock.now
    let startedAt = Date()

    // Shared with the worker and the stopping thread, under `lock`:
    private let lock = NSLock()
    private var result: HTTPResponse?
    private var state = State.reading
    private var connection: OpaquePointer?

    /// Where the exchange stands between the event loop and a worker.
    enum State {
        /// Reading the request, or answered on the event loop.
        case reading
        /// Suspended while a worker renders.
        case suspended
        /// Resumed with a response: nobody may resume it again.
        case resumed
    }

    /// Marks the exchange as handed to a worker and suspends its connection (event loop only).
    func suspend(_ connection: OpaquePointer) {
        lock.withLock {
            self.connection = connection
            state = .suspended
            MHD_suspend_connection(connection)
        }
    }

    /// Hands `response` back and resumes the connection, the first time only: a worker finishing
    /// after the server answered for it at shutdown changes nothing.
    func complete(_ response: HTTPResponse) {
        lock.withLock {
            guard state == .suspended, let connection else { return }
            result = response
            state = .resumed
            MHD_resume_connection(connection)
        }
    }

    /// After the daemon stopped: no resume may follow.
    func markDaemonStopped() {
        lock.withLock {
            if state == .suspended { state = .resumed }
            connection = nil
        }
    }

    /// The response a worker handed back, taken once (event loop only).
    func takeResponse() -> HTTPResponse? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }
}
