import Foundation

/// Label values: from closed sets, so no client can add a series (20,000 methods are one
/// `other`), and escaped as the text format requires, so none can break a scrape.
extension Metrics {
    /// The methods counted by name (`HEAD` counts as `GET`); any other is `other`.
    static let knownMethods: Set<String> = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"]

    /// The label of a value outside its closed set.
    static let otherLabel = "other"

    /// `METHOD route`: the method if known (else `other`), and `Route.metricsLabel(path)`.
    static func route(method: String, path: String) -> String {
        let name = method == "HEAD" ? "GET" : method
        return "\(knownMethods.contains(name) ? name : otherLabel) \(Route.metricsLabel(path))"
    }

    /// A status code's label: three digits from 100 to 599, else `other`.
    static func statusLabel(_ status: Int) -> String {
        (100...599).contains(status) ? String(status) : otherLabel
    }

    /// `value` escaped for a label in the Prometheus text format: `\` as `\\`, `"` as `\"`, a
    /// line feed as `\n`.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

extension Metrics {
    /// Why the server closed a connection itself (`feedshot_connections_dropped_total`).
    public enum DropReason: String, CaseIterable, Sendable {
        /// Full at `--max-connections`, with no idle connection to close instead.
        case connectionLimit = "connection_limit"
        /// Closed, idle, to make room for a new connection at `--max-connections`.
        case idleEvicted = "idle_evicted"
        /// Past `--max-connections-per-client` from one address.
        case perClientLimit = "per_client_limit"
        /// Slower than `--read-timeout` to send its request.
        case readTimeout = "read_timeout"
        /// A chunked body that went on 16 MiB (or `--max-body-bytes`) past `--max-body-bytes`.
        case bodyTooLarge = "body_too_large"
    }

    /// Why a render was refused before it reached a worker (`feedshot_requests_shed_total`): with
    /// 503, or, for a client past its share, 429.
    public enum ShedReason: String, CaseIterable, Sendable {
        /// Its client has `--max-renders-per-client` renders queued or running already (429).
        case perClientRenders = "per_client_renders"
        /// Past `--max-queue-bytes` of request bodies.
        case queueBytes = "queue_bytes"
        /// Read while the server already held four times `--max-queue-bytes` of bodies being read.
        case readingBytes = "reading_bytes"
        /// Past `--max-queue` requests.
        case queueFull = "queue_full"
        /// Waited past `--max-queue-wait-ms`.
        case queueWait = "queue_wait"
        /// Past `--max-unsent-bytes` of answers waiting for their clients to read them.
        case unsentBytes = "unsent_bytes"
    }

    /// Why a render worker process was replaced (`feedshot_worker_restarts_total`).
    public enum RestartReason: String, CaseIterable, Sendable {
        /// It died of a signal (a fault, or its memory limit).
        case crash
        /// It exited instead of answering.
        case exit
        /// It could not be started.
        case spawn
        /// It did not answer by its request's deadline and was killed.
        case timeout
    }
}
