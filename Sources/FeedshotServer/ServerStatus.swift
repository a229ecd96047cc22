import Foundation

/// What `/healthz` reports: whether the server is stopping, and when each worker started the job
/// it is running. Written by the worker pool and the server, read by the router.
public final class ServerStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var draining = false
    private var busySince: [ContinuousClock.Instant?]
    private var queued = 0
    private var queuedBytes = 0
    private let queueLimits: ServerConfiguration.QueueLimits
    private var unsent = 0
    private var reading = 0
    private let maxUnsentBytes: Int

    /// The status of a server with `workers` render threads, all idle, which refuses renders while
    /// more than `maxUnsentBytes` of answers wait for their clients.
    public init(workers: Int, queue: ServerConfiguration.QueueLimits = .init(), maxUnsentBytes: Int = .max) {
        busySince = Array(repeating: nil, count: max(1, workers))
        queueLimits = queue
        self.maxUnsentBytes = maxUnsentBytes
    }

    /// Bytes of answers queued and not yet read by their clients (`--max-unsent-bytes`).
    public var unsentBytes: Int { lock.withLock { unsent } }

    /// Records an answer of `bytes` queued, or (negative) read or dropped with its connection.
    func unsent(adding bytes: Int) { lock.withLock { unsent += bytes } }

    /// Bytes of request bodies being read that the server holds room for (`HTTPServer.hold`).
    public var readingBytes: Int { lock.withLock { reading } }

    /// Records the bytes held for bodies being read.
    func reading(bytes: Int) { lock.withLock { reading = bytes } }

    /// Records the render queue's length and bytes.
    func queue(count: Int, bytes: Int) {
        lock.withLock {
            queued = count
            queuedBytes = bytes
        }
    }

    /// Requests waiting for a render worker, and their bodies' bytes.
    public var queueDepth: (requests: Int, bytes: Int) { lock.withLock { (queued, queuedBytes) } }

    /// Marks the server as stopping: not ready for new work.
    func startDraining() { lock.withLock { draining = true } }

    /// Records that worker `index` started (`now`) or finished (`nil`) a job.
    func worker(_ index: Int, busySince instant: ContinuousClock.Instant?) {
        lock.withLock { busySince[index] = instant }
    }

    /// Workers running a job right now.
    public var busyWorkers: Int { lock.withLock { busySince.compactMap { $0 }.count } }

    /// Why an orchestrator should route new work elsewhere (`/readyz`), or nil when ready: the
    /// reasons of `notReadyReason`, a render queue three-quarters full by length or bytes, or more
    /// unread answers than `--max-unsent-bytes` (while new renders are refused for it).
    public func notReadyForTrafficReason(renderTimeout: Duration, now: ContinuousClock.Instant = .now) -> String? {
        if let reason = notReadyReason(renderTimeout: renderTimeout, now: now) { return reason }
        return lock.withLock {
            if queued * 4 >= queueLimits.maxRequests * 3 { return "\(queued) requests are waiting for a render worker" }
            if queuedBytes * 4 >= queueLimits.maxBytes * 3 { return "\(queuedBytes) bytes are waiting for a render worker" }
            if unsent > maxUnsentBytes { return "\(unsent) bytes of answers are waiting for their clients to read them" }
            return nil
        }
    }

    /// Why the server should get no new work, or nil when it is ready: it is stopping, or every
    /// worker has been on its job for longer than `renderTimeout` (a render past its deadline that
    /// has not reached its next checkpoint).
    public func notReadyReason(renderTimeout: Duration, now: ContinuousClock.Instant = .now) -> String? {
        lock.withLock {
            if draining { return "the server is stopping" }
            let stuck = busySince.allSatisfy { since in since.map { now - $0 > renderTimeout } ?? false }
            return stuck ? "every render worker is past its deadline" : nil
        }
    }
}
