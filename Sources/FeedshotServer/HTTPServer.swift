internal import CMicroHTTPD
import FeedshotRender
import Foundation

/// Why the server could not start.
public struct ServerError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public var description: String
}

/// The libmicrohttpd daemon: one epoll event-loop thread does the HTTP I/O (keep-alive, body-size,
/// connection, per-client and idle limits), a reaper disconnects clients that take longer than the
/// read timeout to send a request; render and layout requests are suspended there and handed to
/// the bounded queue of a `WorkerPool`, whose threads render with their own Pango context or in
/// render worker processes, then resumed with the response. A slow render never blocks other
/// connections, and a crashed one costs only its request. Owns the `MHD_Daemon`.
public final class HTTPServer: @unchecked Sendable {
    /// Owned: stopped in `shutdown` or `deinit`, whichever comes first.
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    /// Answers every request.
    public let router: Router
    /// The settings it was started with.
    public let configuration: ServerConfiguration
    let workers: WorkerPool
    let connections = ConnectionTable()
    let log: AccessLog
    /// Requests handed to a worker and not yet completed, by identity.
    private var dispatched: [ObjectIdentifier: Exchange] = [:]
    /// The port actually bound (differs from the configuration's when that was 0).
    public private(set) var port: UInt16 = 0
    /// The listener of `--ops-port`, if any.
    private(set) var opsListener: OpsListener?
    /// The ops listener's port actually bound, if there is one.
    public var opsPort: UInt16? { opsListener?.port }
    /// Body bytes read and dropped past `--max-body-bytes` before a chunked body's connection is
    /// closed unanswered, unless the limit itself is larger.
    static let discardAllowance = 16 << 20

    /// Connections accepted past the limit, so the oldest idle one can make room.
    static let acceptReserve = 64
    /// Each connection's memory pool in libmicrohttpd: the request line, the headers and the
    /// query's parameters are parsed in it (`targetProblem`).
    static let connectionMemory = 64 << 10
    /// Requests in flight per client (event loop only).
    var inFlightByClient: [String: Int] = [:]
    /// Answers' bytes held until their clients read them, per client (event loop only).
    var unsentByClient: [String: Int] = [:]
    /// Bytes of request bodies being read, not yet handed to a worker, in all and by client
    /// (event loop only; `hold`).
    var readingBytes = 0
    var readingByClient: [String: Int] = [:]
    /// Most bytes of request bodies being read at once, all connections together: four times
    /// the queue's bytes. Each connection may send `--max-body-bytes`, and 2,048 connections that
    /// each sent 1 MiB and stalled took the server to 2.4 GB; a body that finds no room is read
    /// and dropped, and answered 503.
    var maxReadingBytes: Int { max(configuration.maxBodyBytes, 4 * configuration.queue.maxBytes) }

    /// Starts listening.
    ///
    /// With `.processes` isolation the process ignores SIGPIPE from here on (writes to a render
    /// worker that died fail with EPIPE instead of ending the process; programs it starts later
    /// inherit the setting).
    ///
    /// - Throws: `ServerError` when the address cannot be bound or the bundled OpenAPI document
    ///   (a resource file, `BundledResource`) cannot be read.
    public init(configuration: ServerConfiguration) throws {
        if case .failure(let error) = OpenAPIDocument.bundled { throw ServerError(description: "\(error)") }
        do { try BundledData.check() } catch { throw ServerError(description: "\(error)") }
        self.configuration = configuration
        // Answers are copied for libmicrohttpd and freed once sent: with glibc's rising threshold,
        // 25 unread 27 MB answers left 1.3 GB resident after their connections closed. Only where
        // renders run in worker processes: in this process each strip's surfaces would be mapped
        // and faulted in afresh.
        if case .processes = configuration.isolation, feedshot_fix_mmap_threshold(1 << 20) != 1 {
            FileHandle.standardError.write(
                Data("feedshot serve: could not set malloc's mmap threshold; large answers may stay resident\n".utf8))
        }
        // A render worker that died while idle leaves its pipe without a reader: writing the next
        // request to it raised SIGPIPE, whose default action ended this process — every
        // connection, not one request. Ignored, the write fails (EPIPE) and the worker is replaced.
        if case .processes = configuration.isolation { signal(SIGPIPE, SIG_IGN) }
        let status = ServerStatus(workers: configuration.threads, queue: configuration.queue, maxUnsentBytes: configuration.maxUnsentBytes)
        let metrics = Metrics()
        metrics.decodeBudget = configuration.render.decodeBudget
        self.router = Router(configuration: configuration, metrics: metrics, status: status)
        self.workers = WorkerPool(router: router) { line in FileHandle.standardError.write(Data(line.utf8)) }
        self.log = AccessLog(format: configuration.logFormat)
        // libmicrohttpd accepts a few more than the limit, so that the oldest idle connection can
        // make room for a new one (`ConnectionTable.opened`); per-client limits are applied there
        // too, where a trusted proxy's address can be exempt.
        let connectionLimit = HTTPServer.raiseDescriptorLimit(toHold: configuration.maxConnections + HTTPServer.acceptReserve)
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: connectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeout), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: HTTPServer.connectionMemory, ptr_value: nil),
            MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: feedshot_mhd_unescape_option(), ptr_value: nil),
            // The callbacks need the server: it is each option's pointer value.
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(HTTPServer.completed, to: Int.self), ptr_value: unmanaged),
            MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(HTTPServer.notify, to: Int.self), ptr_value: unmanaged),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(HTTPServer.requestLine, to: Int.self), ptr_value: unmanaged),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        // No MHD_USE_ERROR_LOG: the library's messages (a line per dropped client) would drown
        // the access log and break its JSON lines; every request is logged by `answer`.
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_EPOLL.rawValue)
        let (started, failure) = options.withUnsafeMutableBufferPointer { buffer in
            errno = 0
            let daemon = feedshot_mhd_start(flags, configuration.port, configuration.host, HTTPServer.access, unmanaged, buffer.baseAddress)
            return (daemon, errno)
        }
        guard let started else {
            // The pool's threads (and worker processes) would outlive this failed server.
            workers.stop(waitingUntil: Date())
            throw ServerError(
                description:
                    "could not listen on \(configuration.host):\(configuration.port): \(HTTPServer.listenFailure(host: configuration.host, errno: failure))"
            )
        }
        daemon = started
        port = feedshot_mhd_bound_port(started)
        if let opsPort = configuration.opsPort {
            do {
                opsListener = try OpsListener(router: router, host: configuration.host, port: opsPort)
            } catch {
                MHD_stop_daemon(started)
                daemon = nil
                workers.stop(waitingUntil: Date())
                throw error
            }
        }
        let counted = router.metrics
        connections.startReaping(olderThan: .seconds(configuration.readTimeout), name: "feedshot-reaper") { count in
            for _ in 0..<count { counted.dropped(Metrics.DropReason.readTimeout) }
        }
    }

    deinit {
        if let daemon { MHD_stop_daemon(daemon) }
    }

    /// Raises the soft descriptor limit towards the hard one so `connections` sockets fit (plus
    /// room for files, fonts and the listener); returns the connection limit that fits.
    static func raiseDescriptorLimit(toHold connections: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return max(1, connections) }
        let wanted = rlim_t(connections + 256)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = min(wanted, limit.rlim_max)
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return max(1, min(connections, Int(limit.rlim_cur) - 256))
    }

    /// Stops accepting connections, lets in-flight renders finish until the grace period ends,
    /// then cancels the rest (they stop at their next deadline check), answers every suspended
    /// connection, joins the workers and stops the daemon. Never resumes a connection after the
    /// daemon stopped; an idle server stops at once.
    public func shutdown() {
        guard
            let daemon = lock.withLock({ () -> OpaquePointer? in
                defer { self.daemon = nil }
                return self.daemon
            })
        else { return }
        router.status.startDraining()
        // The listening socket is closed only after the daemon stops (microhttpd.h: its thread
        // may still use it until then), but it stops listening now: quiesced alone, the kernel
        // went on accepting connections for the whole grace period, and they hung unanswered.
        // `shutdown` on a listening socket refuses new connections and resets those waiting in
        // its backlog, and the descriptor stays valid for the daemon's thread.
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { _ = Glibc.shutdown(listener, Int32(SHUT_RD)) }
        let grace = Date().addingTimeInterval(TimeInterval(configuration.shutdownGracePeriod))
        waitForDispatched(until: grace)
        if pendingCount > 0 {
            // Past the grace: renders still running stop at their next checkpoint and answer 503
            // (threads), or their worker processes are killed (processes).
            configuration.render.cancellation?.cancel()
            workers.killProcesses()
            waitForDispatched(until: Date().addingTimeInterval(2))
        }
        // Whatever is still suspended (a worker stuck in a long C call) is answered from here.
        for exchange in lock.withLock({ Array(dispatched.values) }) {
            exchange.complete(.serverStopping)
        }
        workers.stop(waitingUntil: Date().addingTimeInterval(1))
        // Let the event loop send the answers just resumed before the connections close.
        waitForDispatched(until: Date().addingTimeInterval(1))
        connections.stopReaping()
        // A request a kept-alive connection sent since the answers above is answered too: a
        // connection still suspended when the daemon stops makes libmicrohttpd abort (MHD_PANIC).
        // (From here on every new one is refused by the stopped pool and resumed at once.)
        for exchange in lock.withLock({ Array(dispatched.values) }) { exchange.complete(.serverStopping) }
        waitForDispatched(until: Date().addingTimeInterval(1))
        for exchange in lock.withLock({ Array(dispatched.values) }) { exchange.markDaemonStopped() }
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
        opsListener?.stop()
        router.gallery.remove()
    }

    private var pendingCount: Int { lock.withLock { dispatched.count } }

    private func waitForDispatched(until deadline: Date) {
        while pendingCount > 0, Date() < deadline { usleep(5_000) }
    }

    func track(_ exchange: Exchange) { lock.withLock { dispatched[ObjectIdentifier(exchange)] = exchange } }

    func untrack(_ exchange: Exchange) { _ = lock.withLock { dispatched.removeValue(forKey: ObjectIdentifier(exchange)) } }
}

extension HTTPServer {
    /// Why listening on `host` failed: not an address literal (the start does not resolve
    /// names), else from the `errno` the start left.
    static func listenFailure(host: String, errno code: Int32) -> String {
        var v4 = in_addr(), v6 = in6_addr()
        guard inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 else {
            return "the host is not an IP address literal (127.0.0.1, 0.0.0.0, ::1)"
        }
        switch code {
        case EADDRINUSE: return "the address is in use (another server on that port?)"
        case EACCES: return "permission denied (a port under 1024 needs privileges)"
        case EADDRNOTAVAIL: return "no interface of this machine has that address"
        case 0: return "libmicrohttpd could not start"
        default: return String(cString: strerror(code))
        }
    }
}
