import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `feedshot serve --port 0` child process on loopback, stopped (SIGTERM) when released.
final class ServerProcess: @unchecked Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return candidates.map { $0.appendingPathComponent("feedshot") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? root.appendingPathComponent(".build/debug/feedshot")
    }

    let process: ChildProcess
    let port: Int
    /// The server's first line ("feedshot serve: listening on …").
    let startLine: String
    /// Standard error, read as it comes (on a thread of its own) so the server never blocks on a
    /// full pipe.
    private let errors = LockedData()

    final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
        var value: Data { lock.withLock { data } }
    }

    /// The file that holds this server's renders (`RenderHold`), if it was started with one.
    private let holdFile: String?

    /// Starts `feedshot serve` with `arguments`, and `environment` over this process's.
    init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        holdFile = environment["FEEDSHOT_TEST_HOLD_RENDERS"]
        // Tests run side by side on a small machine: the queue waits and the deadline are long
        // unless a test sets its own (later words win).
        let out = try ChildPipe(), errorPipe = try ChildPipe()
        defer { close(out.reading) }
        do {
            defer { close(out.writing); close(errorPipe.writing) }
            process = try ChildProcess(
                Self.binary.path,
                [
                    "serve", "--port", "0", "--examples", Self.root.appendingPathComponent("examples").path, "--max-queue-wait-ms",
                    "120000", "--render-timeout-ms", "120000",
                ] + arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, output: out.writing,
                error: errorPipe.writing)
        } catch {
            close(errorPipe.reading)
            throw error
        }
        let errors = self.errors
        Thread {
            defer { close(errorPipe.reading) }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(errorPipe.reading, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                errors.append(Data(buffer[0..<count]))
            }
        }
        .start()
        // "feedshot serve: listening on http://127.0.0.1:PORT (N render workers, a process each)", within a bound: a
        // server that never says it listens fails its test instead of hanging the run.
        let text = String(decoding: readBounded(out.reading, seconds: Self.startBound, untilNewline: true), as: UTF8.self)
        guard let range = text.range(of: #":(\d+) "#, options: .regularExpression), let port = Int(text[range].dropFirst().dropLast())
        else {
            _ = process.ended(within: 0)
            throw ServerStartError(output: text + "\n" + String(decoding: errors.value, as: UTF8.self))
        }
        self.port = port
        self.startLine = text
    }

    struct ServerStartError: Error { var output: String }

    /// How long a server may take to say it listens, and to stop after SIGTERM, before the test
    /// gives up on it (SIGKILL): far past any healthy start or stop beside the whole suite, and
    /// far below CI's limit, so that a stuck server fails its test rather than the run.
    static let startBound = 120.0
    static let stopBound = 180.0

    deinit { stop() }

    /// SIGTERM, then wait (SIGKILL past `stopBound`); returns the exit status (-1 when even
    /// SIGKILL did not end it). Held renders are let go first: a test that fails (or throws) while
    /// it holds one releases its server before its `defer` releases the hold, and the stop would
    /// wait out the grace period. (`terminate` stops a server whose renders are held, on purpose.)
    @discardableResult
    func stop() -> Int32 {
        if let holdFile { try? FileManager.default.removeItem(atPath: holdFile) }
        process.send(SIGTERM)
        return waitForExit() ? process.terminationStatus ?? -1 : -1
    }

    /// Sends SIGTERM and waits (SIGKILL past `stopBound`): the exit status, whether it exited
    /// normally (not by a signal such as SIGABRT or the bound's SIGKILL), and the seconds it took.
    func terminate() -> (status: Int32, exitedNormally: Bool, seconds: Double) {
        let start = Date()
        process.send(SIGTERM)
        let stopped = waitForExit()
        return (stopped ? process.terminationStatus ?? -1 : -1, stopped && process.exitedNormally == true, Date().timeIntervalSince(start))
    }

    /// Waits for the server to exit; past `stopBound` it is killed (SIGKILL), which the caller
    /// sees as an exit by a signal. Whether it exited.
    private func waitForExit() -> Bool {
        if process.exited(within: Self.stopBound) { return true }
        FileHandle.standardError.write(
            Data("ServerProcess: \(process.processIdentifier) still running \(Int(Self.stopBound)) s after SIGTERM; killed\n".utf8))
        return process.ended(within: 0)
    }

    /// The value of the metric line starting with `name` (labels included), from `/metrics`.
    func metric(_ name: String, headers: [String: String] = [:]) async throws -> Double? {
        let text = String(decoding: try await send("/metrics", headers: headers).body, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    /// The sum of the metric lines starting with `prefix` (a name and the first of its labels).
    func metricSum(_ prefix: String) async throws -> Double {
        let text = String(decoding: try await send("/metrics").body, as: UTF8.self)
        return text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.compactMap {
            $0.split(separator: " ").last.flatMap { Double($0) }
        }
        .reduce(0, +)
    }

    /// Everything the server wrote to standard error (call after `stop`: it waits for the end of
    /// the stream).
    func log() -> String {
        for _ in 0..<200 where !process.isRunning {
            if String(decoding: errors.value, as: UTF8.self).contains("feedshot serve: stopped") { break }
            usleep(10_000)
        }
        usleep(50_000)
        return String(decoding: errors.value, as: UTF8.self)
    }

    /// What the server has written to standard error so far.
    func logSoFar() -> String { String(decoding: errors.value, as: UTF8.self) }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// One request; returns status, headers and body.
    func send(
        _ path: String, method: String = "GET", body: Data? = nil, headers: [String: String] = [:], timeout: TimeInterval = 60
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: url(path))
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields[String(describing: key).lowercased()] = String(describing: value) }
        return (http.statusCode, fields, data)
    }
}

/// Runs `executable` (looked up on PATH) with `arguments` in the package root, `input` on its
/// standard input, for at most `seconds`: its exit status (124 when it ran out of time) and its
/// standard output and error together. The wait is on a thread of its own (`offThePool`).
func runTool(_ executable: String, _ arguments: [String], input: Data? = nil, seconds: Int = 600) async throws -> (
    status: Int32, output: String
) {
    try await offThePool { try runToolBlocking(executable, arguments, input: input, seconds: seconds) }
}

/// Runs `work`, which blocks (a child process, a socket), on a thread of its own and waits for
/// it without holding one of the concurrency pool's threads: the pool has as many threads as the
/// machine has cores (two here), and two tests blocked in schemathesis or a browser for minutes
/// starved every other test of this target — one waited 106 s between two looks at a server.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `runTool`, blocking the calling thread.
private func runToolBlocking(_ executable: String, _ arguments: [String], input: Data?, seconds: Int) throws -> (
    status: Int32, output: String
) {
    let stdin = try ChildPipe(), pipe = try ChildPipe()
    defer { close(pipe.reading) }
    let process: ChildProcess
    do {
        defer { close(stdin.reading); close(pipe.writing) }
        // Bounded by coreutils' timeout: a tool that hangs (a browser, a daemon that never answers)
        // fails its test with status 124 instead of hanging the run.
        process = try ChildProcess(
            "/usr/bin/env", ["timeout", "--kill-after=10", String(seconds), executable] + arguments, input: stdin.reading,
            output: pipe.writing, error: pipe.writing)
    } catch {
        close(stdin.writing)
        throw error
    }
    if let input { writeAll(input, to: stdin.writing) }
    close(stdin.writing)
    // Read to the end within a bound too: a child the tool left behind (a browser's helper) may
    // hold the pipe open after the tool itself is gone.
    let output = String(decoding: readBounded(pipe.reading, seconds: Double(seconds + 20)), as: UTF8.self)
    guard process.ended(within: 20), let status = process.terminationStatus else { return (-1, output) }
    return (status, output)
}

/// Writes all of `data` to `descriptor`, or as much as its reader takes before it goes away (a
/// write to a pipe no one reads fails with EPIPE: this test process ignores SIGPIPE, as
/// `RenderProcessTests` does).
func writeAll(_ data: Data, to descriptor: Int32) {
    signal(SIGPIPE, SIG_IGN)
    data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }
}

/// What `descriptor` delivers until its end of stream (or, `untilNewline`, its first line break),
/// for at most `seconds`: what came by then.
func readBounded(_ descriptor: Int32, seconds: Double, untilNewline: Bool = false) -> [UInt8] {
    let deadline = Date().addingTimeInterval(seconds)
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !(untilNewline && data.contains(0x0A)) {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { break }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, Int32(min(left, 1) * 1000))
        if polled < 0 && errno == EINTR { continue }
        guard polled >= 0 else { break }
        if polled == 0 { continue }
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        data += buffer[0..<count]
    }
    return data
}

/// A file whose existence holds every render of a debug build's server that was started with
/// `environment` (`FEEDSHOT_TEST_HOLD_RENDERS`, `Router.holdForTests`): a test decides when its
/// render ends, whatever the machine's speed. The test removes it (`release`, in a `defer`).
///
/// Engage it only once the server's render worker is warm (`ServerProcess.warmUp`): a held
/// request to a worker process still starting waits in the queue, and on a starved machine the
/// start can take longer than the queue's wait, so the request would be refused, not held.
final class RenderHold {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-hold-\(UUID().uuidString)")

    /// A hold, engaged at once unless `engaged` is false.
    init(engaged: Bool = true) throws { if engaged { try engage() } }

    /// Holds every render from now on.
    func engage() throws { try Data().write(to: url) }

    /// The server's environment that makes it hold its renders.
    var environment: [String: String] { ["FEEDSHOT_TEST_HOLD_RENDERS": url.path] }

    /// Lets the held renders go on (again harmless).
    func release() { try? FileManager.default.removeItem(at: url) }
}

extension ServerProcess {
    /// Waits until `count` render workers are busy (`feedshot_workers_busy`); whether they were.
    func waitForBusyWorkers(_ count: Int = 1) async throws -> Bool {
        try await waitForMetric("feedshot_workers_busy", toBe: Double(count))
    }

    /// Renders a small document once and says whether it succeeded: a server with one worker
    /// thread then has its worker process started and warm.
    func warmUp() async throws -> Bool {
        let document = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        return try await send("/v1/render", method: "POST", body: document).status == 200
    }

    /// Waits until `count` requests wait in the render queue (`feedshot_queue_requests`).
    func waitForQueue(_ count: Int) async throws -> Bool {
        try await waitForMetric("feedshot_queue_requests", toBe: Double(count))
    }

    /// Waits until the metric `name` reads `value`, for up to `seconds` (long: beside other tests
    /// a new render worker may take many seconds to warm up); whether it did.
    func waitForMetric(_ name: String, toBe value: Double, seconds: Double = 120) async throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if try await metric(name) == value { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}
