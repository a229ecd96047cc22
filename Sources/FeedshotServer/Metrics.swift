import FeedshotRender
import Foundation

/// Prometheus metrics: requests by route and status, render-latency histograms per route,
/// requests in flight, bytes out, connections, the decode budget, the build and the process.
/// Shared by every thread behind one lock (held for counter updates only).
public final class Metrics: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var histograms: [String: Histogram] = [:]
    private var inFlight = 0
    private var bytesOut = 0
    private var connectionsOpen = 0
    private var dropped: [DropReason: Int] = [:]
    private var shedRequests: [ShedReason: Int] = [:]
    private var workerRestarts: [RestartReason: Int] = [:]
    /// The decode budget reported as `feedshot_decode_budget_bytes`.
    var decodeBudget: DecodeBudget?

    /// Upper bounds of the latency buckets, in seconds.
    static let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Histogram {
        var counts = Array(repeating: 0, count: Metrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    /// Empty counters.
    public init() {}

    /// A request's headers arrived.
    func started() { lock.withLock { inFlight += 1 } }

    /// A request ended, answered or not (its client may have gone away mid-upload).
    func ended() { lock.withLock { inFlight -= 1 } }

    /// A request was answered: counted by route and status; a render's time goes to its route's
    /// histogram. The route label is `Metrics.route(method:path:)`: from closed sets, whatever
    /// the client sent.
    func answered(method: String, path: String, status: Int, bytes: Int, renderSeconds: Double?) {
        let route = Metrics.escaped(Metrics.route(method: method, path: path))
        lock.withLock {
            requests["route=\"\(route)\",status=\"\(Metrics.escaped(Metrics.statusLabel(status)))\"", default: 0] += 1
            bytesOut += bytes
            if let seconds = renderSeconds {
                var histogram = histograms[route] ?? Histogram()
                histogram.sum += seconds
                histogram.count += 1
                for (index, bound) in Metrics.buckets.enumerated() where seconds <= bound { histogram.counts[index] += 1 }
                histograms[route] = histogram
            }
        }
    }

    /// A connection opened (`delta` 1) or closed (-1).
    func connection(_ delta: Int) { lock.withLock { connectionsOpen += delta } }

    /// The server closed a connection itself.
    func dropped(_ reason: DropReason) { lock.withLock { dropped[reason, default: 0] += 1 } }

    /// The render queue refused a request without rendering it.
    func shed(_ reason: ShedReason) { lock.withLock { shedRequests[reason, default: 0] += 1 } }

    /// A render worker process was replaced.
    func workerRestarted(_ reason: RestartReason) { lock.withLock { workerRestarts[reason, default: 0] += 1 } }

    /// Requests being handled right now.
    public var requestsInFlight: Int { lock.withLock { inFlight } }

    /// Connections open right now.
    public var openConnections: Int { lock.withLock { connectionsOpen } }

    /// A metric of one series: its help, type and value.
    private static func single(_ name: String, _ type: String, help: String, _ value: Int) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
    }

    /// A counter with one series per reason, every reason listed (zeros included).
    private static func counter<Reason: RawRepresentable & CaseIterable & Hashable>(
        _ name: String, help: String, _ counts: [Reason: Int]
    ) -> String where Reason.RawValue == String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) counter\n"
        for reason in Reason.allCases { text += "\(name){reason=\"\(reason.rawValue)\"} \(counts[reason, default: 0])\n" }
        return text
    }

    /// The Prometheus text exposition format (0.0.4).
    public func render(status: ServerStatus? = nil) -> String {
        var text = lock.withLock { () -> String in
            var text = "# HELP feedshot_build_info Feedshot's version.\n# TYPE feedshot_build_info gauge\n"
            text += "feedshot_build_info{version=\"\(Metrics.escaped(Feedshot.version))\"} 1\n"
            text += "# HELP feedshot_requests_total HTTP requests by route and status.\n# TYPE feedshot_requests_total counter\n"
            for key in requests.keys.sorted() { text += "feedshot_requests_total{\(key)} \(requests[key]!)\n" }
            text += "# HELP feedshot_render_seconds Time to answer render and layout requests, by route.\n"
            text += "# TYPE feedshot_render_seconds histogram\n"
            for route in histograms.keys.sorted() {
                let histogram = histograms[route]!
                for (index, bound) in Metrics.buckets.enumerated() {
                    text += "feedshot_render_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(histogram.counts[index])\n"
                }
                text += "feedshot_render_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.count)\n"
                text += "feedshot_render_seconds_sum{route=\"\(route)\"} \(histogram.sum)\n"
                text += "feedshot_render_seconds_count{route=\"\(route)\"} \(histogram.count)\n"
            }
            text += Metrics.single("feedshot_requests_in_flight", "gauge", help: "Requests being handled.", inFlight)
            text += Metrics.single("feedshot_response_bytes_total", "counter", help: "Response body bytes sent.", bytesOut)
            text += Metrics.single("feedshot_connections_open", "gauge", help: "Open client connections.", connectionsOpen)
            text += Metrics.counter(
                "feedshot_connections_dropped_total", help: "Connections the server closed, by reason.", dropped)
            text += Metrics.counter(
                "feedshot_requests_shed_total", help: "Requests refused with 503 by the render queue, by reason.", shedRequests)
            text += Metrics.counter("feedshot_worker_restarts_total", help: "Render worker processes replaced, by reason.", workerRestarts)
            return text
        }
        if let status {
            text += Metrics.single("feedshot_workers_busy", "gauge", help: "Render workers running a job.", status.busyWorkers)
            let depth = status.queueDepth
            text += Metrics.single("feedshot_queue_requests", "gauge", help: "Requests waiting for a render worker.", depth.requests)
            text += Metrics.single(
                "feedshot_queue_bytes", "gauge", help: "Bytes of request bodies waiting for a render worker.", depth.bytes)
            text += Metrics.single(
                "feedshot_unsent_bytes", "gauge", help: "Bytes of answers waiting for their clients to read them.", status.unsentBytes)
            text += Metrics.single(
                "feedshot_reading_bytes", "gauge", help: "Bytes of request bodies being read that the server holds room for.",
                status.readingBytes)
        }
        if let decodeBudget {
            text += "# HELP feedshot_decode_budget_bytes Bytes of decoded images in flight, and the budget.\n"
            text += "# TYPE feedshot_decode_budget_bytes gauge\n"
            text += "feedshot_decode_budget_bytes{state=\"in_use\"} \(decodeBudget.bytesInUse)\n"
            text += "feedshot_decode_budget_bytes{state=\"capacity\"} \(decodeBudget.capacity)\n"
        }
        text += ProcessMetrics.current().exposition
        return text
    }
}
