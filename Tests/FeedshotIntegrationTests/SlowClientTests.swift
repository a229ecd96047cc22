import Foundation
import Testing

/// A bounded slowloris on loopback: 1,000 connections from 20 addresses (127.0.0.2–21), each
/// sending its request a few bytes at a time, must not keep a normal client waiting; the server
/// drops them at the read timeout, and refuses a client's connections past its per-client limit.
@Suite(.timeLimit(.minutes(10))) struct SlowClientTests {
    @Test func aThousandSlowConnectionsDoNotStarveANormalClient() async throws {
        let server = try ServerProcess(["--read-timeout", "10", "--max-connections-per-client", "64"])
        var slow: [RawClient] = []
        for index in 0..<1_000 {
            let client = try RawClient(port: server.port, from: "127.0.0.\(2 + index / 50)")
            client.send("POST /v1/render HTTP/1.1\r\nHost: x\r\n")
            slow.append(client)
        }
        // They trickle a header byte now and then; the normal client comes in meanwhile.
        for client in slow { client.send("X") }
        let open = try await server.metric("feedshot_connections_open") ?? 0
        #expect(open >= 1_000, "only \(open) connections open: the slow ones were refused, not held")
        // The normal client's health checks (answered by the event loop the slow connections
        // share) well within the read timeout, timed on a plain socket so that nothing but the server and
        // the machine is measured; its renders (which share the 2 cores with the whole test suite
        // in a debug build) answered too.
        let bubble = try String(contentsOf: ServerProcess.root.appendingPathComponent("bench/bubble.json"), encoding: .utf8)
        var worst = 0.0
        for _ in 0..<6 {
            let start = Date()
            let health = try RawClient(port: server.port)
            health.send(rawRequest(["GET /healthz HTTP/1.1", "Host: x", "Connection: close"]))
            #expect(health.status() == 200)
            worst = max(worst, Date().timeIntervalSince(start))
            let render = try RawClient(port: server.port)
            render.send(
                rawRequest(
                    ["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: \(bubble.utf8.count)", "Connection: close"], body: bubble))
            #expect(render.status() == 200)
            for client in slow.prefix(100) { client.send("-") }
        }
        // A starved client would wait for the slow connections' read timeout (10 s from their
        // opening, at least 7 s after it here); a loaded machine answers well under 5 s.
        #expect(worst < 5, "a normal client waited \(worst) s beside 1,000 slow connections")
        print("SlowClientTests: slowest health check beside 1,000 slow connections: \(Int(worst * 1000)) ms")
        // Past the read timeout every slow connection is closed by the server (the suite's time
        // limit bounds the wait).
        let dropped = #"feedshot_connections_dropped_total{reason="read_timeout"}"#
        while try await server.metric(dropped) ?? 0 < 1_000 { try await Task.sleep(for: .milliseconds(200)) }
        let closed = slow.filter { $0.isClosedByServer(within: 50) }.count
        #expect(closed == slow.count, "\(slow.count - closed) slow connections are still open")
        slow.removeAll()
    }

    @Test func oneClientGetsAtMostItsConnectionLimit() async throws {
        let server = try ServerProcess(["--max-connections-per-client", "8"])
        let clients = try (0..<12).map { _ in try RawClient(port: server.port, from: "127.0.0.99") }
        // Past the limit the server closes the connection at once; within it, it waits.
        let refused = clients.filter { $0.isClosedByServer(within: 300) }.count
        #expect(refused == 4)
        // Another address is served as usual.
        let other = try RawClient(port: server.port, from: "127.0.0.98")
        other.send(rawRequest(["GET /healthz HTTP/1.1", "Host: x", "Connection: close"]))
        #expect(other.status() == 200)
    }
}
