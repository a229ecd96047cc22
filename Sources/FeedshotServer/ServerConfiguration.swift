import FeedshotLayout
import FeedshotRender
import Foundation

/// Everything `feedshot serve` can be told, by flag or environment variable.
public struct ServerConfiguration: Sendable {
    /// Address to listen on (an IPv4 or IPv6 literal).
    public var host = "127.0.0.1"
    /// Port; 0 picks a free one.
    public var port: UInt16 = 8080
    /// Worker threads, each with its own Pango context.
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Largest request body in bytes (→ 413).
    public var maxBodyBytes = 1 << 20
    /// Limits on documents and images (pixel area → 422, items, text length → 400/422).
    public var render = RenderOptions()
    /// Per-request render deadline (→ 503, the work abandoned).
    public var renderTimeout: Duration = .seconds(10)
    /// Most simultaneous connections.
    public var maxConnections = 1024
    /// Seconds a connection may stay idle (slow clients are dropped).
    public var connectionTimeout = 30
    /// When set, every request but `/healthz` needs `Authorization: Bearer <token>` (→ 401).
    public var token: String?
    /// Documents shown in the gallery linked from `GET /`.
    public var examplesDirectory: URL?
    /// Seconds to let in-flight requests finish after SIGTERM/SIGINT.
    public var shutdownGracePeriod = 30
    /// Write an access-log line per request to standard error.
    public var accessLog = true

    public init() {
        render.images.assetRoot = nil
    }
}
