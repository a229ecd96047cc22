import Foundation

/// What `/healthz` reports: whether the server is stopping, and when each worker started the job
/// it is running. Written by the worker pool and the server, read by the router.
public final class ServerStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var draining = false
    private var busySince: [ContinuousClock.Instant?]

    /// The status of a server with `workers` render threads, all idle.
    public init(workers: Int) {
        busySince = Array(repeating: nil, count: max(1, workers))
    }

    /// Marks the server as stopping: not ready for new work.
    func startDraining() { lock.withLock { draining = true } }

    /// Records that worker `index` started (`now`) or finished (`nil`) a job.
    func worker(_ index: Int, busySince instant: ContinuousClock.Instant?) {
        lock.withLock { busySince[index] = instant }
    }

    /// Workers running a job right now.
    public var busyWorkers: Int { lock.withLock { busySince.compactMap { $0 }.count } }

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
