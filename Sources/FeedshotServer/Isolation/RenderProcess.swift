internal import CMicroHTTPD
import Foundation

/// One render worker process (`feedshot serve` started it as `feedshot render-worker …`), owned
/// by one worker thread of the server: it sends the process a request, waits for the response
/// until the request's deadline, and starts a fresh process when the last one died, hung or
/// exceeded its memory. A fault in Pango, fribidi, HarfBuzz, Cairo or an image decoder costs the
/// request it was rendering, never the server (docs/ARCHITECTURE.md, "The server").
///
/// Owns the process and both pipe ends: the process is killed and reaped, the descriptors closed,
/// in `stop` or `deinit`. One thread uses it, but for `signal`, which another may call: the
/// process id is read and cleared under a lock, so a signal never reaches a process id that was
/// reaped and may belong to another process by then.
final class RenderProcess: @unchecked Sendable {
    /// Why a request got no response.
    enum Failure: Error, Equatable {
        /// The process died of a signal (SIGSEGV, SIGABRT, SIGKILL after its memory limit…).
        case crashed(signal: Int32)
        /// The process exited (with this status) instead of answering.
        case exited(status: Int32)
        /// The deadline passed (with the grace added) without an answer; the process was killed.
        case timedOut
        /// The process could not be started.
        case unavailable(String)
        /// The process had ended (as the failure says) before the request reached it: it died
        /// while idle (the OOM killer, an operator's kill). The request can go to another.
        indirect case undelivered(Failure)

        /// The restart reason reported in `feedshot_worker_restarts_total`.
        var reason: Metrics.RestartReason {
            switch self {
            case .crashed: .crash
            case .exited: .exit
            case .timedOut: .timeout
            case .unavailable: .spawn
            case .undelivered(let death): death.reason
            }
        }
    }

    /// The program and arguments that start a worker (`/proc/self/exe render-worker …`).
    let command: [String]
    /// Extra environment variables for the worker (`NAME=value`), on top of the server's.
    let environment: [String]
    /// The running process's id (0: none), under `lock`.
    private var child: pid_t = 0
    /// Set by `abandon` (the server is stopping), under `lock`: a process started after it is
    /// killed at once.
    private var isAbandoned = false
    private let lock = NSLock()
    private var input: Int32 = -1
    private var output: Int32 = -1

    init(command: [String], environment: [String] = []) {
        precondition(!command.isEmpty, "a render worker needs a program to run")
        self.command = command
        self.environment = environment
    }

    deinit { stop(waitingUntil: .now) }

    /// The running process's id, 0 when none is.
    var pid: pid_t { lock.withLock { child } }

    /// Whether a process is running (it may still die before the next request).
    var isRunning: Bool { pid > 0 }

    /// Sends `signal` to the process, if one is running and not yet reaped (any thread).
    func signal(_ signal: Int32) {
        lock.withLock {
            if child > 0 { kill(child, signal) }
        }
    }

    /// Kills the process, and any this object starts from now on (any thread; the server is
    /// stopping past its grace period).
    func abandon() {
        lock.withLock {
            isAbandoned = true
            if child > 0 { kill(child, SIGKILL) }
        }
    }

    /// Starts the process if none is running.
    func start() throws(Failure) {
        guard pid == 0 else { return }
        var toWorker: [Int32] = [-1, -1], fromWorker: [Int32] = [-1, -1]
        guard feedshot_pipe_cloexec(&toWorker) == 0 else { throw .unavailable("pipe: \(String(cString: strerror(errno)))") }
        guard feedshot_pipe_cloexec(&fromWorker) == 0 else {
            close(toWorker[0])
            close(toWorker[1])
            throw .unavailable("pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + self.environment
        var child: pid_t = 0
        let status = RenderProcess.withCStrings(command) { argv in
            RenderProcess.withCStrings(environment) { envp in
                posix_spawn(&child, command[0], &actions, nil, argv, envp)
            }
        }
        close(toWorker[0])
        close(fromWorker[1])
        guard status == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw .unavailable("could not start \(command[0]): \(String(cString: strerror(status)))")
        }
        lock.withLock {
            self.child = child
            if isAbandoned { kill(child, SIGKILL) }
        }
        // Written with a deadline (`call`): a worker that stops reading (stopped, frozen, stuck
        // starting) must not block this thread — and its client — past it.
        _ = fcntl(toWorker[1], F_SETFL, fcntl(toWorker[1], F_GETFL) | O_NONBLOCK)
        input = toWorker[1]
        output = fromWorker[0]
    }

    /// Sends `request` and waits for its response until `deadline` plus `grace` (the worker
    /// answers 503 itself at the deadline; the grace covers a worker stuck inside a C call).
    /// On failure the process is gone (killed and reaped if need be); the next call starts another.
    /// A request that could not be written to the process — it died while idle — fails as
    /// `undelivered`, and may be sent again.
    func call(_ request: HTTPRequest, deadline: ContinuousClock.Instant, grace: Duration) -> Result<HTTPResponse, Failure> {
        do throws(Failure) {
            try start()
        } catch {
            return .failure(error)
        }
        let frame = WorkerMessage.encode(request, remaining: deadline - .now)
        switch FramePipe.write(frame, to: input, until: deadline + grace) {
        case .written: break
        case .closed: return .failure(.undelivered(end(within: .seconds(1))))
        case .timedOut:
            // A 200 KB document to a stopped worker blocked the write, its thread and its client for good.
            signal(SIGKILL)
            reap(waiting: true)
            return .failure(Failure.timedOut)
        }
        switch FramePipe.readFrame(from: output, until: deadline + grace) {
        case .frame(let payload):
            if let response = WorkerMessage.decodeResponse(payload) { return .success(response) }
            // A frame that is no response, from a live worker: the end of its input ends it.
            close(input)
            input = -1
        case .timedOut:
            signal(SIGKILL)
            reap(waiting: true)
            return .failure(Failure.timedOut)
        case .closed:
            break
        }
        // The pipe closed, or carried a frame that is no response: the process is dying or dead
        // (killed if it is not gone within a second).
        return .failure(end(within: .seconds(1)))
    }

    /// Closes the worker's input (it exits at the end of its current request), waits for it until
    /// `deadline`, then kills it.
    func stop(waitingUntil deadline: ContinuousClock.Instant) {
        guard pid > 0 else { return }
        if input >= 0 { close(input) }
        input = -1
        _ = end(within: deadline - .now)
    }

    /// Waits up to `bound` for the process to end, then kills it (SIGKILL); how it ended.
    private func end(within bound: Duration) -> Failure {
        let deadline = ContinuousClock.now + bound
        while ContinuousClock.now < deadline {
            if let ended = reap(waiting: false) { return ended }
            if pid == 0 { return .exited(status: -1) }
            usleep(5_000)
        }
        signal(SIGKILL)
        return reap(waiting: true) ?? .exited(status: -1)
    }

    /// Collects the process's exit (blocking when `waiting`), closes the pipes and forgets the
    /// process; returns how it ended, or nil when it is still running (and `waiting` is false).
    /// The blocking wait leaves the exit uncollected (`WNOWAIT`); it is collected under the lock
    /// that `signal` takes, so the id is cleared in the same step as it stops being ours.
    @discardableResult
    private func reap(waiting: Bool) -> Failure? {
        let running = pid
        guard running > 0 else { return nil }
        if waiting {
            var info = siginfo_t()
            while waitid(P_PID, id_t(running), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        }
        var status: Int32 = 0
        let collected = lock.withLock { () -> Bool in
            var result: pid_t
            repeat { result = waitpid(running, &status, WNOHANG) } while result < 0 && errno == EINTR
            // ECHILD: collected by someone else (a host process that ignores SIGCHLD, or waits
            // for any child): gone all the same, its exit unknown.
            if result < 0 && errno == ECHILD { status = -1 << 8 } else if result != running { return false }
            child = 0
            return true
        }
        guard collected else { return nil }
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
        input = -1
        output = -1
        let signal = status & 0x7F
        return signal != 0 ? .crashed(signal: signal) : .exited(status: (status >> 8) & 0xFF)
    }

    /// Runs `body` with `strings` as a NULL-terminated C array.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
