import Foundation

/// The render queue and the workers that drain it. Each worker thread renders either itself (with
/// its own Pango context, `RenderIsolation.threads`) or through a render worker process it owns
/// (`.processes`), restarted when it dies. The queue is bounded by length, by bytes of request
/// bodies and by waiting time: a request past a bound is refused at once with 503 and
/// `Retry-After` (load shedding), so a flood of uploads neither grows memory nor delays a normal
/// request past the queue's wait (docs/ARCHITECTURE.md, "The server").
final class WorkerPool: @unchecked Sendable {
    /// One queued request.
    private struct Job {
        let request: HTTPRequest
        let deadline: ContinuousClock.Instant
        /// When it must have started, or be refused.
        let startBy: ContinuousClock.Instant
        let bytes: Int
        let respond: @Sendable (HTTPResponse) -> Void
    }

    private let condition = NSCondition()
    private var jobs: [Job] = []
    /// The render worker processes, by worker index (processes only).
    private var processes: [Int: RenderProcess] = [:]
    /// Set when the server kills its worker processes at the end of the grace period.
    private var isAbandoning = false
    private var queuedBytes = 0
    /// Renders running, by client (`HTTPRequest.client`).
    private var runningByClient: [String: Int] = [:]
    /// When each client's last render started (a count of starts), for `fairest`.
    private var lastStart: [String: Int] = [:]
    private var starts = 0
    private var isStopping = false
    private var running = 0
    private let configuration: ServerConfiguration
    private let router: Router
    private let status: ServerStatus
    private let metrics: Metrics
    /// Writes an operator's line (a worker died) to the server's log.
    private let log: @Sendable (String) -> Void

    init(router: Router, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = router.configuration
        self.router = router
        self.status = router.status
        self.metrics = router.metrics
        self.log = log
        let count = max(1, configuration.threads)
        running = count + 1
        for index in 0..<count {
            let thread = Thread { [self] in self.work(index) }
            thread.name = "feedshot-render-\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        let sweeper = Thread { [self] in self.sweep() }
        sweeper.name = "feedshot-queue"
        sweeper.start()
    }

    /// Queues `request` for rendering with `deadline`; `respond` is called once, from a worker,
    /// with its response (or a 503 if it waited too long). Returns the refusal instead when the
    /// queue is full — by length or by bytes — or the pool is stopping; `respond` is then never called.
    func submit(
        _ request: HTTPRequest, deadline: ContinuousClock.Instant, respond: @escaping @Sendable (HTTPResponse) -> Void
    ) -> HTTPResponse? {
        let bytes = request.body.count
        return condition.withLock { () -> HTTPResponse? in
            if isStopping { return .serverStopping }
            let limits = configuration.queue
            let reason: Metrics.ShedReason?
            if jobs.count >= limits.maxRequests {
                reason = .queueFull
            } else if queuedBytes + bytes > limits.maxBytes && !jobs.isEmpty {
                reason = .queueBytes
            } else {
                reason = nil
            }
            if let reason {
                metrics.shed(reason)
                return .retryLater(
                    "Server busy", "\(jobs.count) requests (\(queuedBytes) bytes) are waiting for a render worker; send it again shortly")
            }
            let startBy = min(deadline, ContinuousClock.now + limits.maxWait)
            jobs.append(Job(request: request, deadline: deadline, startBy: startBy, bytes: bytes, respond: respond))
            queuedBytes += bytes
            status.queue(count: jobs.count, bytes: queuedBytes)
            condition.broadcast()
            return nil
        }
    }

    /// Kills every render worker process (the server is stopping and the grace period is over):
    /// the requests they were rendering have been answered, and their threads return at once.
    func killProcesses() {
        condition.withLock {
            isAbandoning = true
            for process in processes.values { process.abandon() }
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

    /// The next job (`fairest`), so a client that queued many does not keep the others waiting
    /// behind them all, or nil when the pool is stopping and the queue is empty.
    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !isStopping { condition.wait() }
        guard !jobs.isEmpty else { return nil }
        let index =
            jobs.count == 1 ? 0 : WorkerPool.fairest(jobs.lazy.map(\.request.client), running: runningByClient, lastStart: lastStart)
        let job = jobs.remove(at: index)
        runningByClient[job.request.client, default: 0] += 1
        starts += 1
        lastStart[job.request.client] = starts
        if lastStart.count > 1024 {
            // Only the clients with work here need remembering.
            let present = Set(jobs.map(\.request.client)).union(runningByClient.keys)
            lastStart = lastStart.filter { present.contains($0.key) }
        }
        queuedBytes -= job.bytes
        status.queue(count: jobs.count, bytes: queuedBytes)
        return job
    }

    private func work(_ index: Int) {
        var process: RenderProcess?
        if case .processes(let command) = configuration.isolation {
            process = RenderProcess(command: command, environment: ["FEEDSHOT_RENDER_WORKER=\(index)"])
            try? process?.start()  // warm before the first request; a failure is reported by the first call
            condition.withLock { processes[index] = process }
        }
        while let job = next() {
            status.worker(index, busySince: .now)
            let response: HTTPResponse
            if let process, Route(path: job.request.path) != .gallery {
                response = render(job, in: process, worker: index)
            } else {
                response = router.render(job.request, deadline: job.deadline)
            }
            status.worker(index, busySince: nil)
            condition.withLock {
                runningByClient[job.request.client, default: 1] -= 1
                if runningByClient[job.request.client] == 0 { runningByClient[job.request.client] = nil }
            }
            job.respond(response)
        }
        process?.stop(waitingUntil: .now + .seconds(1))
        condition.withLock {
            running -= 1
            condition.broadcast()
        }
    }

    /// Renders `job` in the worker's process; a process that died, hung or could not start costs
    /// this request a 5xx problem, is logged with the request's id, and is replaced. A process
    /// that had died while idle (the OOM killer, an operator's kill) costs no request: it is
    /// logged and replaced, and the request goes to the new one.
    private func render(_ job: Job, in process: RenderProcess, worker: Int) -> HTTPResponse {
        var pid = process.pid
        var outcome = process.call(job.request, deadline: job.deadline, grace: .seconds(2))
        if case .failure(.undelivered(let death)) = outcome, !condition.withLock({ isAbandoning }) {
            metrics.workerRestarted(death.reason)
            log("feedshot serve: render worker \(worker) (pid \(pid)) \(WorkerPool.describe(death)) while idle; starting another\n")
            try? process.start()  // a failure is reported by the call
            pid = process.pid
            outcome = process.call(job.request, deadline: job.deadline, grace: .seconds(2))
        }
        switch outcome {
        case .success(let response):
            return response
        case .failure(let failure):
            if condition.withLock({ isAbandoning }) {
                // Killed at shutdown: its request has been answered; no new worker is started.
                return .serverStopping
            }
            metrics.workerRestarted(failure.reason)
            log(
                "feedshot serve: render worker \(worker) (pid \(pid)) \(WorkerPool.describe(failure)) during request id=\(job.request.requestID); starting another\n"
            )
            try? process.start()
            switch failure {
            case .timedOut:
                return .retryLater(
                    "Render deadline exceeded",
                    "the render did not finish within its deadline and its worker was restarted; request id \(job.request.requestID)")
            case .unavailable(let why):
                return .retryLater("Server busy", "no render worker could be started: \(why)")
            case .crashed, .exited, .undelivered:
                return .problem(
                    500, title: "Rendering failed",
                    detail:
                        "the render worker \(WorkerPool.describe(failure)) rendering this document (request id \(job.request.requestID)); "
                        + "the server is unaffected and started another worker")
            }
        }
    }

    /// How a worker ended, for the log and the problem's detail.
    static func describe(_ failure: RenderProcess.Failure) -> String {
        switch failure {
        case .crashed(let signal): "crashed (signal \(signal), \(String(cString: strsignal(signal))))"
        case .exited(let status): "exited with status \(status)"
        case .timedOut: "did not answer before the deadline and was killed"
        case .unavailable(let why): "could not start (\(why))"
        case .undelivered(let death): "\(describe(death)) before the request reached it"
        }
    }

    /// Refuses queued jobs that waited past their start-by time, as they expire, so a request is
    /// answered within the queue's wait however long the renders ahead of it take.
    private func sweep() {
        condition.lock()
        while !(isStopping && jobs.isEmpty) {
            let now = ContinuousClock.now
            var expired: [Job] = []
            jobs.removeAll { job in
                guard job.startBy <= now else { return false }
                expired.append(job)
                return true
            }
            if !expired.isEmpty {
                queuedBytes -= expired.reduce(0) { $0 + $1.bytes }
                status.queue(count: jobs.count, bytes: queuedBytes)
                condition.unlock()
                for job in expired {
                    metrics.shed(.queueWait)
                    job.respond(
                        .retryLater(
                            "Server busy",
                            "the request waited \(WorkerPool.milliseconds(configuration.queue.maxWait)) ms for a render worker; send it again shortly"
                        ))
                }
                condition.lock()
                continue
            }
            let earliest = jobs.map(\.startBy).min()
            let wake = earliest.map { Date() + WorkerPool.seconds($0 - now) } ?? Date().addingTimeInterval(1)
            _ = condition.wait(until: wake)
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The index in `clients` (the queue's, oldest first) of the job to start next: the oldest
    /// of the client with the fewest renders `running`, and of those the one whose last render
    /// started longest ago (`lastStart`; never: first) — round robin between the clients waiting.
    static func fairest(_ clients: some Sequence<String>, running: [String: Int], lastStart: [String: Int]) -> Int {
        var chosen = 0
        var best = (Int.max, Int.max)
        var previous: String?
        for (index, client) in clients.enumerated() {
            // Requests of one client tend to come together: an older one of this client, with
            // the same rank, was just weighed.
            if client == previous { continue }
            previous = client
            let rank = (running[client, default: 0], lastStart[client, default: 0])
            if rank < best { (chosen, best) = (index, rank) }
        }
        return chosen
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> Int { Int((seconds(duration) * 1000).rounded()) }
}
