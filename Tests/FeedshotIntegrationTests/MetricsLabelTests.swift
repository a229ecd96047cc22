import Foundation
import Testing

@testable import FeedshotServer

/// `/metrics` stays parseable and bounded whatever methods and paths clients send.
@Suite(.timeLimit(.minutes(10))) struct MetricsLabelTests {
    /// Parses `text` with Prometheus's own Python parser (`prometheus_client`): the exit status,
    /// and on success the number of `feedshot_requests_total` series; on failure the error.
    static func parse(_ text: String) async throws -> (status: Int32, output: String) {
        let script = """
            import sys
            from prometheus_client.parser import text_string_to_metric_families
            series = 0
            for family in text_string_to_metric_families(sys.stdin.read()):
                for sample in family.samples:
                    if sample.name == "feedshot_requests_total":
                        series += 1
            print(series)
            """
        let result = try await runTool("python3", ["-c", script], input: Data(text.utf8))
        return (result.status, result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func hostileMethodsAndPathsNeitherBreakTheScrapeNorAddSeries() async throws {
        let router = Router(configuration: ServerConfiguration())
        let hostile = [#"A"} /x"#, "GET\nfeedshot_requests_total 1e9", #"\"#, "Ünïcode", "", "get"]
        for method in hostile {
            router.metrics.answered(method: method, path: "/v1/render", status: 405, bytes: 0, renderSeconds: nil)
            router.metrics.answered(method: "GET", path: #"/x"} 1\n"#, status: 404, bytes: 0, renderSeconds: 0.01)
        }
        for index in 0..<20_000 {
            router.metrics.answered(method: "M\(index)", path: "/p\(index)", status: 404, bytes: 0, renderSeconds: nil)
        }
        router.metrics.answered(method: "HEAD", path: "/healthz", status: 200, bytes: 3, renderSeconds: nil)
        router.metrics.answered(method: "GET", path: "/healthz", status: 200, bytes: 3, renderSeconds: nil)
        router.metrics.answered(method: "POST", path: "/v1/render", status: 200, bytes: 3, renderSeconds: 0.2)
        let scrape = router.handle(HTTPRequest(method: "GET", path: "/metrics"))
        let text = String(decoding: scrape.body, as: UTF8.self)
        let parsed = try await Self.parse(text)
        #expect(parsed.status == 0, "prometheus_client could not parse /metrics: \(parsed.output)")
        // other /v1/render 405, GET other 404, other other 404, GET /healthz 200, POST /v1/render 200.
        #expect(parsed.output == "5", "\(parsed.output)\n\(text.prefix(2000))")
        #expect(text.contains(#"feedshot_requests_total{route="GET /healthz",status="200"} 2"#))
        #expect(text.contains(#"feedshot_requests_total{route="other other",status="404"} 20000"#))
        #expect(text.contains(#"feedshot_render_seconds_count{route="GET other"} 6"#))
    }

    @Test func labelValuesAreEscapedAsTheTextFormatSays() {
        #expect(Metrics.escaped(#"a"b\c"# + "\nd") == #"a\"b\\c\nd"#)
        #expect(Metrics.route(method: #"A"}"#, path: "/x") == "other other")
        #expect(Metrics.route(method: "HEAD", path: "/gallery/images/a.png") == "GET /gallery")
        #expect(Metrics.statusLabel(1000) == "other")
    }

    @Test func aHostileRequestLineLeavesTheLiveScrapeParseable() async throws {
        let server = try ServerProcess()
        let client = try RawClient(port: server.port)
        client.send(rawRequest([#"A"} /x HTTP/1.1"#, "Host: x", "Connection: close"]))
        _ = client.status()
        let text = String(decoding: try await server.send("/metrics").body, as: UTF8.self)
        let parsed = try await Self.parse(text)
        #expect(parsed.status == 0, "prometheus_client could not parse /metrics: \(parsed.output)")
        #expect(!text.contains(#"A"}"#))
    }
}
