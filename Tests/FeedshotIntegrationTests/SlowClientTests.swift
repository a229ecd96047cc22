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

    /// Bodies being read are held by the server's own process: 2,048 connections that each sent
    /// 1 MiB and stalled took it to 2.4 GB. All together they are bounded (four times
    /// `--max-queue-bytes`, at least `--max-body-bytes`), and one client to an eighth of that (or
    /// one body, if more). A body takes its room as its bytes come; one that finds none is read
    /// and dropped from there and answered 503 when it ends. Headers alone hold nothing: taken
    /// whole when they stated a length, connections that sent only headers held the whole bound.
    @Test func bodiesBeingReadShareOneBound() async throws {
        // A bound of 1,000,000 bytes, 125,000 a client; bodies of 90,000, stalled at 89,000.
        let server = try ServerProcess(["--max-queue-bytes", "250000", "--max-body-bytes", "100000", "--read-timeout", "600"])
        let body = String(repeating: " ", count: 90_000)
        let head = rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Type: application/json", "Content-Length: 90000"])
        // Headers that state a length, from twenty clients, and a GET's body: no room held, and
        // a body sent meanwhile is read whole (400: blanks are no document).
        var stated: [RawClient] = []
        for index in 0..<20 {
            let client = try RawClient(port: server.port, from: "127.0.0.\(100 + index)")
            client.send(head)
            stated.append(client)
        }
        let get = try RawClient(port: server.port, from: "127.0.0.99")
        get.send(rawRequest(["GET /healthz HTTP/1.1", "Host: x", "Content-Length: 90000"]) + String(body.prefix(89_000)))
        let meanwhile = try RawClient(port: server.port, from: "127.0.0.98")
        meanwhile.send(head + body)
        #expect(meanwhile.status(seconds: 60) == 400)
        #expect(try await server.metric("feedshot_reading_bytes") == 0)
        withExtendedLifetime(get) {}
        stated.removeAll()
        func start(from source: String) throws -> RawClient {
            let client = try RawClient(port: server.port, from: source)
            client.send(head + String(body.prefix(89_000)))
            return client
        }
        func refused(from source: String) throws -> Bool {
            let late = try RawClient(port: server.port, from: source)
            late.send(head + body)
            return late.status() == 503
        }
        // Until the server holds `bytes` for the bodies it is reading (however loaded the machine).
        func holding(_ bytes: Int) async throws -> Bool {
            for _ in 0..<300 {
                if try await server.metric("feedshot_reading_bytes") == Double(bytes) { return true }
                try await Task.sleep(for: .milliseconds(100))
            }
            return false
        }
        // One client: its first body is held, its second passes the client's share.
        var held = [try start(from: "127.0.0.60")]
        #expect(try await holding(89_000))
        #expect(try refused(from: "127.0.0.60"))
        // Ten more clients: 979,000 bytes held in all; a twelfth finds no room part of the way in.
        for index in 1...10 { held.append(try start(from: "127.0.0.\(60 + index)")) }
        #expect(try await holding(979_000))
        #expect(try refused(from: "127.0.0.80"))
        #expect(try await server.metric(#"feedshot_requests_shed_total{reason="reading_bytes"}"#) == 2)
        // The eleven finish their bodies, which kept their room: each is answered (400 for blanks
        // that are no document, or 503 from the queue's bytes), none for the bodies' bound.
        for client in held {
            client.send(String(body.dropFirst(89_000)))
            #expect(client.status(seconds: 60) != nil)
        }
        #expect(try await server.metric(#"feedshot_requests_shed_total{reason="reading_bytes"}"#) == 2)
        // A chunked body with no room that never ends is cut as one past the body limit is (it
        // was read and dropped until the read timeout).
        let blocker = try RawClient(port: server.port, from: "127.0.0.71")
        blocker.send(head + String(body.prefix(89_000)))  // 89,000 of its client's 125,000, held
        let endless = try RawClient(port: server.port, from: "127.0.0.71")
        endless.send(rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Transfer-Encoding: chunked"]))
        let block = Array(String(repeating: "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n", count: 16).utf8)
        var sent = 0
        while sent < 64 << 20, endless.send(block) { sent += block.count }
        #expect(endless.isClosedByServer(within: 3000))
        #expect(sent < 32 << 20, "\(sent) bytes sent before the server cut the body")
        #expect(try await server.metric(#"feedshot_connections_dropped_total{reason="body_too_large"}"#) == 1)
        // A client may always hold one body of --max-body-bytes, however small an eighth of the bound is.
        let roomy = try ServerProcess(["--max-queue-bytes", "250000", "--max-body-bytes", "1000000"])
        let large = String(repeating: " ", count: 500_000)
        let one = try RawClient(port: roomy.port)
        one.send(rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: 500000", "Connection: close"]) + large)
        #expect(one.status() == 400)  // read whole: blanks are no document
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
