import FeedshotRender
import Foundation
import Testing

/// Aborted uploads, stopping idle and busy servers, and slow clients against the real server.
@Suite(.timeLimit(.minutes(10))) struct ServerLifecycleTests {
    /// A port another server holds is named as such (the message guessed "address in use, or not
    /// an IP address literal?" for every failure).
    @Test func aPortInUseIsSaidToBeInUse() throws {
        let server = try ServerProcess()
        let errors = try ChildPipe()
        defer { close(errors.reading) }
        let second: ChildProcess
        do {
            defer { close(errors.writing) }
            second = try ChildProcess(ServerProcess.binary.path, ["serve", "--port", "\(server.port)"], error: errors.writing)
        }
        let stderr = String(decoding: readBounded(errors.reading, seconds: 60), as: UTF8.self)
        #expect(second.ended(within: 60) && second.terminationStatus == 1)
        #expect(stderr.contains("could not listen on 127.0.0.1:\(server.port): the address is in use"), "\(stderr)")
        #expect(server.terminate().exitedNormally)
    }

    @Test func abortedUploadsLeaveTheGaugeAtZeroAndAnIdleServerStopsAtOnce() async throws {
        // libmicrohttpd (0.9.75, epoll) may not see a client's end of stream that arrives with
        // its last bytes; the read-timeout reaper closes such connections, ending their requests.
        let server = try ServerProcess(["--read-timeout", "2"])
        for index in 0..<20 {
            let client = try RawClient(port: server.port)
            if index % 2 == 0 {
                // Half a body, then the client goes away.
                client.send(
                    rawRequest(["POST /v1/render HTTP/1.1", "Host: x", "Content-Length: 1000"], body: String(repeating: "{", count: 500)))
            } else {
                // A chunked upload whose chunk size is not hexadecimal.
                client.send(rawRequest(["POST /v1/layout HTTP/1.1", "Host: x", "Transfer-Encoding: chunked"], body: "zz\r\nabc\r\n"))
            }
        }
        // The server notices each closed connection on its next event, or at the read timeout
        // (2 s; the suite's time limit bounds the wait on a loaded machine). The one request left
        // in flight is the /metrics request itself.
        while try await server.metric("feedshot_requests_in_flight") != 1 { try await Task.sleep(for: .milliseconds(50)) }
        let stop = server.terminate()
        #expect(stop.status == 0 && stop.exitedNormally)
        // At once, not after the 30 s grace period a server with work in flight would give it.
        #expect(stop.seconds < 15, "an idle server took \(stop.seconds) s to stop")
    }

    @Test func sigtermDuringALongRenderCancelsItAtTheGraceAndNeverAborts() async throws {
        // The render is held by the debug build's test hook (Router.holdForTests) for as long as
        // the hold file exists — far past the 1 s grace — so it is still running at SIGTERM on any
        // machine, and ends only when the grace cancels it. (It used to be 40,000 messages of
        // layout, raised from 12,000 when a faster machine finished inside the grace.)
        let hold = try RenderHold(engaged: false)
        defer { hold.release() }
        let server = try ServerProcess(
            ["--threads", "1", "--grace-period", "1", "--render-timeout-ms", "600000"], environment: hold.environment)
        #expect(try await server.warmUp())
        try hold.engage()
        let document = try Data(contentsOf: ServerProcess.root.appendingPathComponent("goldens/text-short.json"))
        async let response = server.send("/v1/layout", method: "POST", body: document)
        #expect(try await server.waitForBusyWorkers(), "the render was never seen running")
        let stop = server.terminate()
        let answered = try await response
        #expect(answered.status == 503)
        #expect(String(decoding: answered.body, as: UTF8.self).contains("the server is stopping"))
        #expect(stop.exitedNormally && stop.status == 0, "status \(stop.status)")
        // Without the grace the held render would keep the server for its 600 s deadline.
        #expect(stop.seconds < 120, "stopping took \(stop.seconds) s with a 1 s grace")
        #expect(stop.seconds > 0.9, "the held render ended after \(stop.seconds) s, before the 1 s grace")
        let log = server.log()
        #expect(!log.contains("MHD_stop_daemon"))
        #expect(log.contains("feedshot serve: stopped"))
    }
}
