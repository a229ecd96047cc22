import FeedshotRender
import Foundation
import Testing

/// A bounded slowloris on loopback: 1,000 connections from 20 addresses (127.0.0.2–21), each
/// sending its request a few bytes at a time, must not keep a normal client waiting; the server
/// drops them at the read timeout, and refuses a client's connections past its per-client limit.
@Suite(.timeLimit(.minutes(10))) struct SlowClientTests {
    @Test func aThousandSlowConnectionsDoNotStarveANormalClient() async throws {
        let server = try ServerProcess(["--read-timeout", "4", "--max-connections-per-client", "64"])
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
        // share) within a second each, timed on a plain socket so that nothing but the server and
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
        #expect(worst < 1, "a normal client waited \(worst) s beside 1,000 slow connections")
        print("SlowClientTests: slowest health check beside 1,000 slow connections: \(Int(worst * 1000)) ms")
        // Past the read timeout (4 s) every slow connection is closed by the server.
        try await Task.sleep(for: .seconds(5))
        let closed = slow.filter { $0.isClosedByServer(within: 50) }.count
        #expect(closed == slow.count, "\(slow.count - closed) slow connections are still open")
        #expect(try await server.metric(#"feedshot_connections_dropped_total{reason="read_timeout"}"#) ?? 0 >= 1_000)
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

/// Answers that clients do not read are held by the server's own process, outside every
/// worker's memory limit: 25 of 27 MB each held 1.4 GB. Past `--max-unsent-bytes` new renders
/// get 503 until clients read or go away.
@Suite(.timeLimit(.minutes(3))) struct UnreadAnswerTests {
    /// A photo of noise, upscaled across a wide canvas: an answer of megabytes from a small body.
    static func noisePhotoDocument() throws -> Data {
        let pixels = (0..<(200 * 200)).flatMap { _ in [UInt8.random(in: 0...255), .random(in: 0...255), .random(in: 0...255), 255] }
        let uri = "data:image/png;base64," + (try RGBAImage(width: 200, height: 200, pixels: pixels).pngData()).base64EncodedString()
        return Data(
            #"""
            {"kind": "chat", "style": "messagekit", "width": 2000, "scale": 2, "me": "u1", "users": {"u2": {"displayName": "A"}},
             "messages": [{"id": "p", "from": "u2", "type": "photo", "sentAt": "2026-11-29T11:00:00Z",
                           "image": {"src": "\#(uri)", "width": 2000, "height": 1500}}]}
            """#.utf8)
    }

    @Test func answersNobodyReadsAreBoundedByMaxUnsentBytes() async throws {
        let server = try ServerProcess(["--max-unsent-bytes", "2000000"])
        let body = try Self.noisePhotoDocument()
        var stalled: RawClient? = try RawClient(port: server.port)
        stalled?.send(
            rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: \(body.count)"]) + String(decoding: body, as: UTF8.self))
        // The answer is tens of megabytes; the client reads none of it.
        var held = 0.0
        for _ in 0..<300 where held <= 2_000_000 {
            held = try await server.metric("feedshot_unsent_bytes") ?? 0
            if held <= 2_000_000 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(held > 2_000_000, "the server holds \(held) bytes")
        let refused = try await server.send("/v1/render", method: "POST", body: body)
        #expect(refused.status == 503 && refused.headers["retry-after"] == "1")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("--max-unsent-bytes"))
        #expect(try await server.metric(#"feedshot_requests_shed_total{reason="unsent_bytes"}"#) == 1)
        // The client goes away: its answer is let go, and renders are served again.
        stalled = nil
        for _ in 0..<100 where (try await server.metric("feedshot_unsent_bytes") ?? 0) > 0 {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await server.metric("feedshot_unsent_bytes") == 0)
        let bubble = try Data(contentsOf: ServerProcess.root.appendingPathComponent("bench/bubble.json"))
        #expect(try await server.send("/v1/render", method: "POST", body: bubble).status == 200)
    }
}
