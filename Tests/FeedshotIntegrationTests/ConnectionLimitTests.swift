import Foundation
import Testing

@testable import FeedshotServer

/// Connection limits that suit a server behind an ingress: a trusted proxy's connections are not
/// capped and its clients are told apart by their forwarding headers; at the global limit the
/// oldest idle connection makes room; health, readiness and metrics have a listener of their own.
@Suite(.timeLimit(.minutes(10))) struct ConnectionLimitTests {
    @Test func rangesAndForwardedClientsAreReadFromTheRight() throws {
        let proxies = try [#require(IPRange("10.0.0.0/8")), #require(IPRange("127.0.0.1")), #require(IPRange("fd00::/8"))]
        #expect(proxies[0].contains("10.1.2.3") && !proxies[0].contains("11.0.0.1") && proxies[0].contains("::ffff:10.9.9.9"))
        #expect(proxies[2].contains("fd12::1") && !proxies[2].contains("fe80::1"))
        #expect(IPRange("10.0.0.0/33") == nil && IPRange("host.example") == nil)
        // A direct client's own header is not believed.
        let direct = [(name: "x-forwarded-for", value: "1.2.3.4")]
        #expect(ClientAddress.resolve(peer: "203.0.113.9", headers: direct, trusted: proxies, header: .xForwardedFor) == "203.0.113.9")
        // Behind the proxy, the rightmost untrusted hop is the client: a spoofed first entry is ignored.
        let spoofed = [(name: "x-forwarded-for", value: "1.2.3.4, 198.51.100.7, 10.0.0.5")]
        #expect(ClientAddress.resolve(peer: "10.0.0.2", headers: spoofed, trusted: proxies, header: .xForwardedFor) == "198.51.100.7")
        // Only the header the proxies write is read: behind an X-Forwarded-For proxy (the default),
        // a client's own RFC 7239 header names nobody (a review found it believed over the proxy's);
        // behind a `Forwarded` proxy, that header, with quotes, brackets and ports.
        let forwarded = [
            (name: "forwarded", value: #"for=192.0.2.60;proto=https, for="[2001:db8::1]:4711""#),
            (name: "x-forwarded-for", value: "9.9.9.9"),
        ]
        #expect(ClientAddress.resolve(peer: "127.0.0.1", headers: forwarded, trusted: proxies, header: .xForwardedFor) == "9.9.9.9")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", headers: [forwarded[0]], trusted: proxies, header: .xForwardedFor) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", headers: forwarded, trusted: proxies, header: .forwarded) == "2001:db8::1")
        // Nothing usable: the peer.
        let garbage = [(name: "x-forwarded-for", value: "garbage")]
        #expect(ClientAddress.resolve(peer: "10.0.0.2", headers: garbage, trusted: proxies, header: .xForwardedFor) == "10.0.0.2")
    }

    @Test func aTrustedProxyIsNotCappedAndItsClientsAreTheOnesCounted() async throws {
        let server = try ServerProcess([
            "--max-connections-per-client", "4", "--trusted-proxies", "127.0.0.1", "--log-format", "json",
        ])
        // Twenty connections from the proxy's address are all served.
        let clients = try (0..<20).map { _ in try RawClient(port: server.port, from: "127.0.0.1") }
        #expect(clients.filter { $0.isClosedByServer(within: 200) }.isEmpty)
        for (index, client) in clients.enumerated() {
            client.send(
                rawRequest(["GET /healthz HTTP/1.1", "Host: x", "X-Forwarded-For: 198.51.100.\(index)", "Connection: close"]))
        }
        #expect(clients.compactMap { $0.status() } == Array(repeating: 200, count: 20))
        // Another address is still capped.
        let direct = try (0..<6).map { _ in try RawClient(port: server.port, from: "127.0.0.77") }
        #expect(direct.filter { $0.isClosedByServer(within: 300) }.count == 2)
        server.stop()
        #expect(server.log().contains(#""client":"198.51.100.7""#))
    }

    @Test func atTheLimitTheOldestIdleConnectionMakesRoom() async throws {
        // Idle connections live long here: only the limit may close them.
        let server = try ServerProcess([
            "--max-connections", "6", "--max-connections-per-client", "0", "--read-timeout", "600", "--connection-timeout", "600",
        ])
        // Six idle connections, oldest first.
        var idle: [RawClient] = []
        for _ in 0..<6 {
            idle.append(try RawClient(port: server.port))
            try await Task.sleep(for: .milliseconds(30))
        }
        let newcomer = try RawClient(port: server.port)
        newcomer.send(rawRequest(["GET /healthz HTTP/1.1", "Host: x", "Connection: close"]))
        #expect(newcomer.status() == 200)
        #expect(idle[0].isClosedByServer(within: 2000))
        #expect(!idle[5].isClosedByServer(within: 200))
        #expect(try await server.metric(#"feedshot_connections_dropped_total{reason="idle_evicted"}"#) ?? 0 >= 1)
    }

    @Test func theOpsPortAnswersHealthReadinessAndMetricsWhateverFloodsTheMainPort() async throws {
        let server = try ServerProcess(["--max-connections", "4", "--max-connections-per-client", "0", "--ops-port", "0"])
        let log = try #require(server.startLine.range(of: #"ops on port (\d+)"#, options: .regularExpression))
        let opsPort = try #require(Int(server.startLine[log].split(separator: " ").last ?? ""))
        // The main port is full of connections that send a byte every now and then.
        let flood = try (0..<12).map { _ in try RawClient(port: server.port) }
        for client in flood { client.send("G") }
        for path in ["/healthz", "/readyz", "/metrics"] {
            let ops = try RawClient(port: opsPort)
            ops.send(rawRequest(["GET \(path) HTTP/1.1", "Host: x", "Connection: close"]))
            #expect(ops.status() == 200, "\(path)")
        }
        let other = try RawClient(port: opsPort)
        other.send(rawRequest(["GET /v1/layout HTTP/1.1", "Host: x", "Connection: close"]))
        #expect(other.status() == 404)
        // One client's 64 slow connections to the ops port itself hold 8 of its slots, for 2 s
        // each: the probes from elsewhere are answered (a review held all 64 with them).
        let slow = try (0..<64).map { _ in try RawClient(port: opsPort, from: "127.0.0.2") }
        // Each sends a byte every round, which keeps the ones accepted from the 2 s idle timeout;
        // past 8 from the address, each is closed as it is accepted.
        var closed = Set<Int>()
        let giveUp = ContinuousClock.now + .seconds(10)
        while closed.count < 56, ContinuousClock.now < giveUp {
            for (index, client) in slow.enumerated() where !closed.contains(index) {
                client.send("G")
                if client.isClosedByServer(within: 1) { closed.insert(index) }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(closed.count == 56)
        let probe = try RawClient(port: opsPort, from: "127.0.0.1")
        probe.send(rawRequest(["GET /healthz HTTP/1.1", "Host: x", "Connection: close"]))
        #expect(probe.status() == 200)
        // Eight addresses of eight such connections hold all 64 slots, each sending a byte every
        // 250 ms; a connection has 2 s for its request however it trickles (a review kept every
        // slot with a byte a second, and /healthz went unanswered for 30 s), so all are closed.
        let trickle = try (20..<28).flatMap { host in try (0..<8).map { _ in try RawClient(port: opsPort, from: "127.0.0.\(host)") } }
        var gone = Set<Int>()
        let patience = ContinuousClock.now + .seconds(8)
        while gone.count < trickle.count, ContinuousClock.now < patience {
            for (index, client) in trickle.enumerated() where !gone.contains(index) {
                client.send("G")
                if client.isClosedByServer(within: 1) { gone.insert(index) }
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(gone.count == trickle.count)
        let after = try RawClient(port: opsPort, from: "127.0.0.1")
        after.send(rawRequest(["GET /healthz HTTP/1.1", "Host: x", "Connection: close"]))
        #expect(after.status() == 200)
        _ = flood
    }
}
