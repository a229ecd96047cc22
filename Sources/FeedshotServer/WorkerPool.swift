import Foundation

/// A fixed pool of rendering threads. Each thread keeps its own Pango font map and context for its
/// whole life, so rendering needs no global lock; jobs wait in one FIFO queue. Each worker tells
/// the `ServerStatus` when it starts and ends a job (for `/healthz`).
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var isStopping = false
    private var running = 0
    private let status: ServerStatus

    init(threads count: Int, status: ServerStatus, name: String = "feedshot-render") {
        self.status = status
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in self.work(index) }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 8 << 20
            running += 1
            thread.start()
        }
    }

    /// Runs `job` on the next free worker.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the workers finish the queued jobs and exit, waiting for them until `deadline`.
    /// Returns whether every worker exited (a worker inside a long C call may not have).
    @discardableResult
    func stop(waitingUntil deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        isStopping = true
        condition.broadcast()
        while running > 0 {
            if !condition.wait(until: deadline) { break }
        }
        return running == 0
    }

    private func work(_ index: Int) {
        while true {
            condition.lock()
            while jobs.isEmpty && !isStopping { condition.wait() }
            if jobs.isEmpty {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            status.worker(index, busySince: .now)
            job()
            status.worker(index, busySince: nil)
        }
    }
}
