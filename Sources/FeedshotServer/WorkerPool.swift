import Foundation

/// A fixed pool of rendering threads. Each thread keeps its own Pango font map and context for its
/// whole life, so rendering needs no global lock; jobs wait in one FIFO queue.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var threads: [Thread] = []

    init(threads count: Int, name: String = "feedshot-render") {
        for index in 0..<max(1, count) {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 8 << 20
            threads.append(thread)
            thread.start()
        }
    }

    /// Runs `job` on the next free worker.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
