import FeedshotLayout
import FeedshotRender
import Foundation

/// Everything `feedshot serve` can be told, by flag or environment variable.
public struct ServerConfiguration: Sendable {
    /// How access-log lines are written.
    public enum LogFormat: String, Sendable, CaseIterable {
        /// `2026-11-30T18:00:00.123Z 127.0.0.1 POST /v1/render 200 21890B 3.1ms id=…`
        case text
        /// One JSON object per line (`time`, `client`, `method`, `path`, `status`, `bytes`, `ms`, `id`).
        case json
    }

    /// Where renders run.
    public enum RenderIsolation: Sendable, Equatable {
        /// On the worker threads of the server's own process (the library's default: no
        /// executable needed). A fault in a C library takes the process down.
        case threads
        /// Each worker thread hands its renders to a render worker process it starts with
        /// `command` (`feedshot render-worker …`) and restarts when it dies or hangs: a fault
        /// costs one request (`feedshot serve`'s default).
        case processes(command: [String])
    }

    /// How many requests may wait for a render worker, and for how long (→ 503 with `Retry-After`).
    public struct QueueLimits: Sendable, Equatable {
        /// Most requests waiting.
        public var maxRequests = 64
        /// Most bytes of request bodies waiting (a lone request is always queued).
        public var maxBytes = 64 << 20
        /// Longest wait for a worker: a request not started by then is refused.
        public var maxWait: Duration = .seconds(1)

        /// The defaults: 64 requests, 64 MiB, 1 s.
        public init() {}
    }

    /// Address to listen on (an IPv4 or IPv6 literal).
    public var host = "127.0.0.1"
    /// Port; 0 picks a free one.
    public var port: UInt16 = 8080
    /// Worker threads, each with its own Pango context.
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Threads or worker processes.
    public var isolation = RenderIsolation.threads
    /// The render queue's bounds.
    public var queue = QueueLimits()
    /// Largest data segment of one render worker process, in bytes (`RLIMIT_DATA`): past it the
    /// worker's allocation fails, it dies and its request gets 500 (processes only).
    public var workerMemoryBytes = 1 << 30
    /// Largest request body in bytes (→ 413).
    public var maxBodyBytes = 1 << 20
    /// Most bytes of answers the server may hold for clients that have not read them yet: past
    /// it, new renders get 503 with `Retry-After` until clients read (or their connections close).
    public var maxUnsentBytes = 256 << 20
    /// Limits on documents and images (pixel area → 422, items, text length → 400/422), the
    /// decode budget and the cancellation flag shared by every render.
    public var render = RenderOptions()
    /// Per-request render deadline (→ 503, the work abandoned).
    public var renderTimeout: Duration = .seconds(10)
    /// Most simultaneous connections (epoll: well above a thousand).
    public var maxConnections = 4096
    /// Most simultaneous connections from one client address (0: no limit). A trusted proxy's
    /// connections are not counted; the clients behind it may each have this many requests in
    /// flight (→ 429).
    public var maxConnectionsPerClient = 64
    /// Most renders and layouts one client may have queued or running once the workers and the
    /// queue are half taken (→ 429), or nil for `rendersPerClient`'s default; 0: no limit.
    /// Without a share, one client's 64 connections filled the queue, and every other client's
    /// render got 503 (the queue is served round robin, but a full queue admits no one).
    public var maxRendersPerClient: Int?
    /// `maxRendersPerClient`, or by default a quarter of what the workers and the queue hold
    /// (at least 2): four clients at once fill them.
    public var rendersPerClient: Int { maxRendersPerClient ?? max(2, (threads + queue.maxRequests) / 4) }
    /// Proxies, load balancers and ingresses whose forwarding header (`forwardedHeader`) names
    /// the real client (for the per-client limit and the access log).
    public var trustedProxies: [IPRange] = []
    /// The header those proxies write, the only one read (`ForwardedHeader`).
    public var forwardedHeader = ForwardedHeader.xForwardedFor
    /// When set, `/healthz`, `/readyz` and `/metrics` are also served on this port, by a listener
    /// of their own that a flood of connections to the main port cannot starve.
    public var opsPort: UInt16?
    /// Seconds a connection may stay idle between reads.
    public var connectionTimeout = 30
    /// Seconds a request's headers and body may take to arrive, from the connection's opening (or
    /// the previous response on a kept-alive connection); a slower client is disconnected.
    public var readTimeout = 10
    /// When set, the APIs need `Authorization: Bearer <token>` (→ 401); the page, its gallery,
    /// `/healthz` and the OpenAPI document stay public.
    public var token: String?
    /// When set, `/metrics` needs `Authorization: Bearer <metrics token>`; otherwise it is public.
    public var metricsToken: String?
    /// When not empty, `GET /v1/render?d=…&sig=…` needs `sig` = hex HMAC-SHA256, under one of
    /// these keys, of the query before `&sig=` (→ 403). Several keys let a new one sign while URLs
    /// signed with an old one still verify (rotation); `feedshot sign` signs with the first.
    public var urlSigningKeys: [String] = []
    /// The first URL-signing key; setting it replaces them all.
    public var urlSigningKey: String? {
        get { urlSigningKeys.first }
        set { urlSigningKeys = newValue.map { [$0] } ?? [] }
    }
    /// `max-age` of signed renders' `Cache-Control`, in seconds.
    public var cacheMaxAge = 31_536_000
    /// Documents shown in the gallery linked from `GET /`.
    public var examplesDirectory: URL?
    /// Seconds to let in-flight requests finish after SIGTERM/SIGINT.
    public var shutdownGracePeriod = 30
    /// Write an access-log line per request to standard error.
    public var accessLog = true
    /// Text or JSON access-log lines.
    public var logFormat = LogFormat.text

    /// Bytes of decoded images in flight, server-wide, by default: 1 GiB.
    public static let defaultDecodeBudgetBytes = 1 << 30

    /// The defaults: loopback, port 8080, a worker per core, a 1 GiB decode budget, no token.
    public init() {
        render.images.assetRoot = nil
        render.decodeBudget = DecodeBudget(capacity: Self.defaultDecodeBudgetBytes)
        render.cancellation = RenderCancellation()
        render.encodingThreads = ServerConfiguration.encodingThreads
    }

    /// Threads compressing one render's PNG: one — a worker per core already keeps the cores
    /// busy, and a render's helpers would take them from the other workers.
    public static let encodingThreads = 1
}
