import Foundation
import Testing

/// A fault while rendering one document costs that request, never the server: renders run in
/// worker processes the server restarts (`--isolation processes`, the default), and the render
/// queue sheds load at its bounds. Faults are injected by a debug build's worker when
/// `FEEDSHOT_TEST_FAULTS=1` and a document holds `FEEDSHOT-TEST-SEGV` (an invalid memory access,
/// as a C library's) or `FEEDSHOT-TEST-HANG` (a render that never returns).
@Suite(.timeLimit(.minutes(10))) struct WorkerIsolationTests {
    static let examples = ServerProcess.root.appendingPathComponent("examples")

    /// `examples/chat.json` with its first message's text replaced.
    static func chat(text: String) throws -> Data {
        var document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: examples.appendingPathComponent("chat.json"))) as! [String: Any]
        var messages = document["messages"] as! [[String: Any]]
        messages[0]["text"] = text
        document["messages"] = messages
        return try JSONSerialization.data(withJSONObject: document)
    }

    /// A worker killed while it waits for work (the OOM killer, an operator) left its pipe without
    /// a reader: the next request's write raised SIGPIPE and ended the server, every connection
    /// with it. Now the dead worker is replaced and the request goes to the new one.
    @Test func aWorkerKilledWhileIdleCostsNoRequestAndNeverTheServer() async throws {
        let server = try ServerProcess(["--threads", "1"])
        #expect(try await server.warmUp())
        let workers = Self.children(of: server.process.processIdentifier)
        try #require(workers.count == 1, "the server's children: \(workers)")
        kill(workers[0], SIGKILL)
        // Dead (a zombie until the server collects it), its pipe closed.
        while let status = Self.status(of: workers[0]), status.state != "Z" { try await Task.sleep(for: .milliseconds(10)) }
        let bubble = try Data(contentsOf: ServerProcess.root.appendingPathComponent("bench/bubble.json"))
        for _ in 0..<2 { #expect(try await server.send("/v1/render", method: "POST", body: bubble).status == 200) }
        #expect(server.process.isRunning)
        #expect(try await server.metric(#"feedshot_worker_restarts_total{reason="crash"}"#) == 1)
        #expect(server.logSoFar().contains("(pid \(workers[0])) crashed (signal 9, Killed) while idle; starting another"))
        #expect(Self.children(of: server.process.processIdentifier).count == 1)
    }

    /// The live (not zombie) processes whose parent is `parent`, from /proc.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let status = status(of: pid) else { return false }
            return status.state != "Z" && status.parent == parent
        }
    }

    /// A process's state letter and parent, from `/proc/PID/stat` ("pid (comm) state ppid …": the
    /// fields after the last ')'); nil once it is gone.
    static func status(of pid: pid_t) -> (state: Substring, parent: pid_t)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let parent = pid_t(fields[1]) else { return nil }
        return (fields[0], parent)
    }

    @Test func aWorkerKilledBySIGSEGVMidRenderCostsOnlyItsRequest() async throws {
        // A queue that waits as long as it takes: every request but the crashing one must succeed.
        let server = try ServerProcess(
            ["--threads", "2", "--max-queue-wait-ms", "60000", "--render-timeout-ms", "60000"], environment: ["FEEDSHOT_TEST_FAULTS": "1"])
        let normal = try Data(contentsOf: Self.examples.appendingPathComponent("chat.json"))
        let crashing = try Self.chat(text: "FEEDSHOT-TEST-SEGV")
        // The crashing render and twelve others in flight together.
        let (crashed, others) = try await withThrowingTaskGroup(of: (Bool, Int, Data).self) { group in
            group.addTask {
                let response = try await server.send(
                    "/v1/render", method: "POST", body: crashing, headers: ["X-Request-Id": "the-crashing-one"])
                return (true, response.status, response.body)
            }
            for _ in 0..<12 {
                group.addTask {
                    let response = try await server.send("/v1/render", method: "POST", body: normal)
                    return (false, response.status, response.body)
                }
            }
            var crashed: (Int, Data)?
            var others: [Int] = []
            for try await (isCrashing, status, body) in group {
                if isCrashing { crashed = (status, body) } else { others.append(status) }
            }
            return (try #require(crashed), others)
        }
        #expect(crashed.0 == 500)
        let problem = try #require(try JSONSerialization.jsonObject(with: crashed.1) as? [String: Any])
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.contains("crashed (signal 11") && detail.contains("the-crashing-one"), "\(detail)")
        #expect(others == Array(repeating: 200, count: 12), "\(others)")
        // The next requests are served by the restarted worker.
        for _ in 0..<4 {
            #expect(try await server.send("/v1/render", method: "POST", body: normal).status == 200)
        }
        #expect(try await server.metric("feedshot_worker_restarts_total{reason=\"crash\"}") == 1)
        let stop = server.terminate()
        #expect(stop.status == 0 && stop.exitedNormally)
        let log = server.log()
        #expect(log.contains("crashed (signal 11") && log.contains("id=the-crashing-one"), "\(log.suffix(2000))")
    }

    @Test func aHungWorkerIsKilledAtTheDeadlineAndReplaced() async throws {
        let server = try ServerProcess(
            ["--threads", "1", "--render-timeout-ms", "10000"], environment: ["FEEDSHOT_TEST_FAULTS": "1"])
        let hung = try await server.send("/v1/render", method: "POST", body: try Self.chat(text: "FEEDSHOT-TEST-HANG"))
        #expect(hung.status == 503)
        let detail = String(decoding: hung.body, as: UTF8.self)
        #expect(detail.contains("did not finish within its deadline") || detail.contains("deadline passed"), "\(detail)")
        // The worker that hung was replaced: the next render (a small one: the new worker warms
        // up first, within the same 10 s) is served.
        let small = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        #expect(try await server.send("/v1/render", method: "POST", body: small).status == 200)
        #expect(try await server.metric("feedshot_worker_restarts_total{reason=\"timeout\"}") == 1)
    }

    /// A worker that stops reading (stopped, frozen in a cgroup) with a document larger than its
    /// pipe holds: the server's write waited on it for good, and so did the thread and the
    /// client. The write has the render's deadline: 503 at the deadline and its grace, and the
    /// worker is replaced.
    @Test func aWorkerThatStopsReadingCostsItsRequestAtTheDeadline() async throws {
        let server = try ServerProcess(["--threads", "1", "--render-timeout-ms", "2000"])
        #expect(try await server.warmUp())
        let workers = Self.children(of: server.process.processIdentifier)
        try #require(workers.count == 1, "the server's children: \(workers)")
        kill(workers[0], SIGSTOP)
        defer { kill(workers[0], SIGKILL) }
        let large = try Self.chat(text: String(repeating: "A long message. ", count: 6_000))  // 96 KB, past a 64 KiB pipe
        let started = ContinuousClock.now
        let stuck = try await server.send("/v1/render", method: "POST", body: large, timeout: 30)
        #expect(stuck.status == 503)
        #expect(ContinuousClock.now - started < .seconds(10), "answered after \(ContinuousClock.now - started)")
        let small = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        #expect(try await server.send("/v1/render", method: "POST", body: small).status == 200)
        #expect(try await server.metric("feedshot_worker_restarts_total{reason=\"timeout\"}") == 1)
    }

    @Test func aWorkerPastItsMemoryLimitCostsOnlyItsRequest() async throws {
        let server = try ServerProcess(
            ["--threads", "1", "--worker-memory-bytes", String(512 << 20)], environment: ["FEEDSHOT_TEST_FAULTS": "1"])
        let greedy = try await server.send("/v1/render", method: "POST", body: try Self.chat(text: "FEEDSHOT-TEST-ALLOCATE"))
        #expect(greedy.status == 500)
        #expect(String(decoding: greedy.body, as: UTF8.self).contains("render worker crashed"))
        let normal = try Data(contentsOf: Self.examples.appendingPathComponent("chat.json"))
        #expect(try await server.send("/v1/render", method: "POST", body: normal).status == 200)
        #expect(try await server.metric("feedshot_worker_restarts_total{reason=\"crash\"}") == 1)
        server.stop()
        #expect(!server.log().contains("allocated 2147483648 bytes"))
    }

    @Test func theBidiControlsThatCrashedFribidiRenderWithAWarning() async throws {
        let server = try ServerProcess(["--threads", "2"])
        let document = try Data(
            contentsOf: ServerProcess.root.appendingPathComponent("fuzz/crashers/bidi-controls-fribidi-1.0.8.json"))
        for _ in 0..<6 {
            let response = try await server.send("/v1/render", method: "POST", body: document)
            #expect(response.status == 200)
            #expect(response.headers["feedshot-warnings"] == "1")
        }
        #expect(try await server.metric("feedshot_worker_restarts_total{reason=\"crash\"}") == 0)
    }

    @Test func aFullQueueShedsAtOnceAndReadinessSaysSo() async throws {
        // The first render is held for as long as the test wants (RenderHold), and the queue's
        // wait is longer than the test: only the queue's length can refuse here.
        let hold = try RenderHold(engaged: false)
        defer { hold.release() }
        // One client fills the queue here: its share of it (`oneClientCannotTakeTheQueueFromTheOthers`) is not asked for.
        let server = try ServerProcess(
            [
                "--threads", "1", "--max-queue", "2", "--max-queue-wait-ms", "600000", "--render-timeout-ms", "600000",
                "--max-renders-per-client", "0",
            ],
            environment: hold.environment)
        let small = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        #expect(try await server.warmUp())
        try hold.engage()
        // One render holds the only worker…
        let holder = Task { try await server.send("/v1/render", method: "POST", body: small) }
        #expect(try await server.waitForBusyWorkers())
        // …and two more fill the queue, which is then reported not ready (health stays ok).
        let queued = (0..<2).map { _ in Task { try await server.send("/v1/render", method: "POST", body: small) } }
        #expect(try await server.waitForQueue(2))
        #expect(try await server.send("/readyz").status == 503)
        #expect(try await server.send("/healthz").status == 200)
        let shed = try await server.send("/v1/render", method: "POST", body: small)
        #expect(shed.status == 503)
        #expect(shed.headers["retry-after"] == "1")
        #expect(try await server.metric("feedshot_requests_shed_total{reason=\"queue_full\"}") == 1)
        // Let go, the held render and the queued ones are served, and the server is ready again.
        hold.release()
        #expect(try await holder.value.status == 200)
        for task in queued { #expect(try await task.value.status == 200) }
        #expect(try await server.send("/readyz").status == 200)
    }

    /// One client cannot take the render queue from the others. Once the worker and the queue are
    /// half taken, a client past its share (here 2) gets 429, while another client's render is
    /// admitted — and started before the first client's queued ones. A client's 64 connections
    /// filled the queue, and every other client got 503 until it let go.
    @Test func oneClientCannotTakeTheQueueFromTheOthers() async throws {
        let hold = try RenderHold(engaged: false)
        defer { hold.release() }
        let server = try ServerProcess(
            ["--threads", "1", "--max-queue", "8", "--max-queue-wait-ms", "600000", "--render-timeout-ms", "600000"],
            environment: hold.environment)
        let small = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        #expect(try await server.warmUp())
        try hold.engage()
        // Client A: one held render and four queued (its share counts from 5 of the 9 places).
        let first = (0..<5).map { _ in
            Task { () throws -> (Int, ContinuousClock.Instant) in
                let status = try await server.send("/v1/render", method: "POST", body: small).status
                return (status, ContinuousClock.now)
            }
        }
        #expect(try await server.waitForQueue(4))
        let refused = try await server.send("/v1/render", method: "POST", body: small)
        #expect(refused.status == 429 && refused.headers["retry-after"] == "1")
        #expect(try await server.metric(#"feedshot_requests_shed_total{reason="per_client_renders"}"#) == 1)
        // Client B, from another address, is admitted…
        let other = try RawClient(port: server.port, from: "127.0.0.2")
        let request = rawRequest(
            [
                "POST /v1/render HTTP/1.1", "Host: x", "Content-Type: application/json", "Content-Length: \(small.count)",
                "Connection: close",
            ],
            body: String(decoding: small, as: UTF8.self))
        #expect(other.send(request))
        #expect(try await server.waitForQueue(5))
        // Waiting for its answer before the worker is let go, as A's tasks do — for as long as
        // A's (a socket's 10 s ran out on a loaded CI run, before six renders were done).
        let second = Task { () -> (Int?, ContinuousClock.Instant) in (other.status(seconds: 120), ContinuousClock.now) }
        try await Task.sleep(for: .milliseconds(100))
        hold.release()
        // …and its render starts second, after the held one: before A's queued ones, not after all four.
        var done: [ContinuousClock.Instant] = []
        for task in first {
            let (status, at) = try await task.value
            #expect(status == 200)
            done.append(at)
        }
        let (status, at) = await second.value
        #expect(status == 200)
        done.sort()
        #expect(at < done[2], "B finished after \(done.filter { $0 < at }.count) of A's five renders")
    }

    @Test func aRequestThatWaitsPastTheQueuesBoundIsRefusedWhileTheRenderAheadGoesOn() async throws {
        let hold = try RenderHold(engaged: false)
        defer { hold.release() }
        let server = try ServerProcess(
            ["--threads", "1", "--max-queue-wait-ms", "1000", "--render-timeout-ms", "600000"], environment: hold.environment)
        let small = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        #expect(try await server.warmUp())
        try hold.engage()
        let holder = Task { try await server.send("/v1/render", method: "POST", body: small) }
        #expect(try await server.waitForBusyWorkers())
        let started = ContinuousClock.now
        let waited = try await server.send("/v1/render", method: "POST", body: small)
        #expect(waited.status == 503 && waited.headers["retry-after"] == "1")
        #expect(ContinuousClock.now - started >= .milliseconds(1000), "refused at the bound, not before")
        #expect(try await server.metric("feedshot_requests_shed_total{reason=\"queue_wait\"}") == 1)
        // The render ahead was never cut short: it is still held, and ends when let go.
        #expect(try await server.metric("feedshot_workers_busy") == 1)
        hold.release()
        #expect(try await holder.value.status == 200)
    }
}
