import FeedshotRender
import Foundation
import Testing

/// Answers that clients do not read are held by the server's own process, outside every
/// worker's memory limit: 25 of 27 MB each held 1.4 GB. Past `--max-unsent-bytes` new renders
/// get 503 until clients read or go away.
@Suite(.timeLimit(.minutes(6))) struct UnreadAnswerTests {
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
        // The idle timeout (30 s) would close the stalled connection and let its answer go; on a
        // loaded machine this test's next look can come later than that (seen: 73 s).
        let server = try ServerProcess(["--max-unsent-bytes", "2000000", "--connection-timeout", "3600"])
        let body = try Self.noisePhotoDocument()
        var stalled: RawClient? = try RawClient(port: server.port)
        stalled?.send(
            rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: \(body.count)"]) + String(decoding: body, as: UTF8.self))
        // The answer is about 17 MB; the client reads none of it. The render takes seconds here
        // and far longer on a loaded machine: wait for it to be answered (the suite's time limit
        // bounds the wait), not for a fixed time.
        while try await server.metricSum(#"feedshot_requests_total{route="POST /v1/render","#) < 1 {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await server.metric(#"feedshot_requests_total{route="POST /v1/render",status="200"}"#) == 1, "\(server.logSoFar())")
        // The kernel's socket buffers take a few megabytes of it; the rest waits in the server.
        let held = try await server.metric("feedshot_unsent_bytes") ?? 0
        #expect(held > 2_000_000, "the server holds \(held) bytes; its log:\n\(server.logSoFar())")
        let refused = try await server.send("/v1/render", method: "POST", body: body)
        #expect(refused.status == 503 && refused.headers["retry-after"] == "1")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("--max-unsent-bytes"))
        #expect(try await server.metric(#"feedshot_requests_shed_total{reason="unsent_bytes"}"#) == 1)
        // Not ready for traffic meanwhile, so a balancer sends renders elsewhere.
        let readiness = try await server.send("/readyz")
        #expect(readiness.status == 503 && String(decoding: readiness.body, as: UTF8.self).contains("waiting for their clients"))
        // The client goes away: its answer is let go, and renders are served again.
        stalled = nil
        // The server notices on its next event; the suite's time limit bounds the wait.
        while try await server.metric("feedshot_unsent_bytes") != 0 { try await Task.sleep(for: .milliseconds(100)) }
        let bubble = try Data(contentsOf: ServerProcess.root.appendingPathComponent("bench/bubble.json"))
        #expect(try await server.send("/v1/render", method: "POST", body: bubble).status == 200)
    }

    /// One client's unread answers refuse that client, not the others: its 14 unread answers
    /// (327 MB) had every other client's render refused until its connections timed out. Past
    /// half of `--max-unsent-bytes` in all, a client holding more than a quarter of it is
    /// refused; another is served.
    @Test func oneClientsUnreadAnswersRefuseThatClientOnly() async throws {
        let server = try ServerProcess(["--max-unsent-bytes", "24000000", "--connection-timeout", "3600"])
        let body = try Self.noisePhotoDocument()
        let stalled = try RawClient(port: server.port, from: "127.0.0.1")
        stalled.send(
            rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: \(body.count)"]) + String(decoding: body, as: UTF8.self))
        while try await server.metricSum(#"feedshot_requests_total{route="POST /v1/render","#) < 1 {
            try await Task.sleep(for: .milliseconds(100))
        }
        let held = try await server.metric("feedshot_unsent_bytes") ?? 0
        try #require(held > 12_000_000 && held < 24_000_000, "the server holds \(held) bytes")
        let refused = try await server.send("/v1/render", method: "POST", body: body)
        #expect(refused.status == 503 && String(decoding: refused.body, as: UTF8.self).contains("waiting for this client"))
        // Another client is served meanwhile.
        let bubble = try Data(contentsOf: ServerProcess.root.appendingPathComponent("bench/bubble.json"))
        let other = try RawClient(port: server.port, from: "127.0.0.2")
        other.send(
            rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: \(bubble.count)", "Connection: close"])
                + String(decoding: bubble, as: UTF8.self))
        #expect(other.status() == 200)
        _ = stalled
    }
}
