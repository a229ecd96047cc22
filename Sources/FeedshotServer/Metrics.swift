import Foundation

/// Prometheus metrics: requests by route and status, a render-latency histogram, requests in
/// flight, bytes out. Shared by every worker thread behind one lock (held for counter updates only).
public final class Metrics: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var bucketCounts: [Int]
    private var latencySum = 0.0
    private var latencyCount = 0
    private var inFlight = 0
    private var bytesOut = 0

    /// Upper bounds of the latency buckets, in seconds.
    static let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    public init() {
        bucketCounts = Array(repeating: 0, count: Metrics.buckets.count)
    }

    func started() { lock.withLock { inFlight += 1 } }

    func finished(route: String, status: Int, bytes: Int, seconds: Double?) {
        lock.withLock {
            inFlight -= 1
            requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1
            bytesOut += bytes
            if let seconds {
                latencySum += seconds
                latencyCount += 1
                for (index, bound) in Metrics.buckets.enumerated() where seconds <= bound { bucketCounts[index] += 1 }
            }
        }
    }

    /// Requests being handled right now.
    public var requestsInFlight: Int { lock.withLock { inFlight } }

    /// The Prometheus text exposition format.
    public func render() -> String {
        lock.withLock {
            var text = "# HELP feedshot_requests_total HTTP requests by route and status.\n# TYPE feedshot_requests_total counter\n"
            for key in requests.keys.sorted() { text += "feedshot_requests_total{\(key)} \(requests[key]!)\n" }
            text += "# HELP feedshot_render_seconds Time to answer render and layout requests.\n# TYPE feedshot_render_seconds histogram\n"
            for (index, bound) in Metrics.buckets.enumerated() {
                text += "feedshot_render_seconds_bucket{le=\"\(bound)\"} \(bucketCounts[index])\n"
            }
            text += "feedshot_render_seconds_bucket{le=\"+Inf\"} \(latencyCount)\n"
            text += "feedshot_render_seconds_sum \(latencySum)\nfeedshot_render_seconds_count \(latencyCount)\n"
            text += "# HELP feedshot_requests_in_flight Requests being handled.\n# TYPE feedshot_requests_in_flight gauge\n"
            text += "feedshot_requests_in_flight \(inFlight)\n"
            text += "# HELP feedshot_response_bytes_total Response body bytes sent.\n# TYPE feedshot_response_bytes_total counter\n"
            text += "feedshot_response_bytes_total \(bytesOut)\n"
            return text
        }
    }
}
