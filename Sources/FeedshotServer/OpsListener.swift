internal import CMicroHTTPD
import Foundation

/// A second listener for operators (`--ops-port`): `/healthz`, `/readyz` and `/metrics` only,
/// answered on its own event-loop thread with its own connection budget, so an orchestrator's
/// probes and a Prometheus scrape are answered however many connections flood the main port —
/// and, 8 connections an address at most, each given `requestTime` to send its request, the
/// oldest idle one closed to admit a new one, whatever one client sends to this one.
/// Owns its `MHD_Daemon`.
final class OpsListener: @unchecked Sendable {
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    let router: Router
    /// The port bound.
    private(set) var port: UInt16 = 0
    /// Its connections, as the main port keeps them (`ConnectionTable`).
    let connections = ConnectionTable()
    /// How long a connection may take to send one request, however it trickles: a probe's is a
    /// few dozen bytes. A review held every slot with 64 connections sending a header byte every
    /// second (libmicrohttpd's timeout counts idleness only), and /healthz went unanswered.
    static let requestTime = Duration.seconds(2)
    /// Connections at most, and from one address.
    static let maxConnections = 64, maxConnectionsPerAddress = 8

    init(router: Router, host: String, port: UInt16) throws {
        self.router = router
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        // libmicrohttpd accepts a few more than the limit, so that the oldest idle connection can
        // make room for a new one (`ConnectionTable.opened`, which applies the per-address limit).
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: OpsListener.maxConnections + 8, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: 2, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: 32 << 10, ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(OpsListener.completed, to: Int.self), ptr_value: unmanaged),
            MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(OpsListener.notify, to: Int.self), ptr_value: unmanaged),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(OpsListener.requestLine, to: Int.self), ptr_value: unmanaged),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue)
        let started = options.withUnsafeMutableBufferPointer { buffer in
            feedshot_mhd_start(flags, port, host, OpsListener.access, unmanaged, buffer.baseAddress)
        }
        guard let started else {
            throw ServerError(description: "could not listen on \(host):\(port) for --ops-port (address in use?)")
        }
        daemon = started
        self.port = feedshot_mhd_bound_port(started)
        connections.startReaping(olderThan: OpsListener.requestTime, name: "feedshot-ops-reaper")
    }

    deinit { stop() }

    static let notify: MHD_NotifyConnectionCallback = { cls, connection, _, code in
        guard let cls, let connection else { return }
        let listener = Unmanaged<OpsListener>.fromOpaque(cls).takeUnretainedValue()
        if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
            _ = listener.connections.opened(
                connection, address: HTTPServer.peerAddress(connection), isTrusted: false, perClient: OpsListener.maxConnectionsPerAddress,
                limit: OpsListener.maxConnections)
        } else {
            listener.connections.closed(connection)
        }
    }

    /// A request line arrived: the connection is busy (not the idle one to close for a newcomer).
    static let requestLine: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        cls, _, connection in
        guard let cls, let connection else { return nil }
        let listener = Unmanaged<OpsListener>.fromOpaque(cls).takeUnretainedValue()
        listener.connections.started(connection, target: "")  // busy; the target is not kept here
        return nil
    }

    /// The answer was sent: the connection has `requestTime` for its next request.
    static let completed: MHD_RequestCompletedCallback = { cls, connection, _, _ in
        guard let cls, let connection else { return }
        Unmanaged<OpsListener>.fromOpaque(cls).takeUnretainedValue().connections.responded(connection)
    }

    /// What the ops port says of any other path.
    static let notFound: String = {
        let paths = Route.operational.map(\.path)
        return "the ops port answers \(paths.dropLast().joined(separator: ", ")) and \(paths.last ?? "") only"
    }()

    /// Stops listening.
    func stop() {
        connections.stopReaping()
        if let daemon = lock.withLock({ () -> OpaquePointer? in
            defer { self.daemon = nil }
            return self.daemon
        }) {
            MHD_stop_daemon(daemon)
        }
    }

    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, uploadSize, state in
        guard let cls, let connection, let state, let uploadSize else { return .NO }
        let listener = Unmanaged<OpsListener>.fromOpaque(cls).takeUnretainedValue()
        if state.pointee == nil {
            state.pointee = UnsafeMutableRawPointer(bitPattern: 1)  // headers seen; answer on the next call
            return .YES
        }
        if uploadSize.pointee > 0 {
            uploadSize.pointee = 0  // no body is read here
            return .YES
        }
        let path = url.map { String(cString: $0) } ?? "/"
        let method = method.map { String(cString: $0) } ?? "GET"
        var headers: [(name: String, value: String)] = []
        if let authorization = MHD_lookup_connection_value(connection, .HEADER_KIND, "Authorization") {
            headers.append((name: "authorization", value: String(cString: authorization)))
        }
        listener.connections.requestRead(connection)
        let request = HTTPRequest(method: method, path: path, headerFields: headers, requestID: "ops")
        let response: HTTPResponse =
            Route(rawValue: path)?.isOperational == true
            ? listener.router.quickAnswer(request) ?? .problem(500, title: "Internal error", detail: "no answer for \(path)")
            : .problem(404, title: "Not found", detail: OpsListener.notFound)
        var body = response.body
        guard
            let reply = body.withUnsafeMutableBytes({ buffer in
                MHD_create_response_from_buffer(buffer.count, buffer.baseAddress, .RESPMEM_MUST_COPY)
            })
        else { return .NO }
        defer { MHD_destroy_response(reply) }
        for (name, value) in response.headers { MHD_add_response_header(reply, name, value) }
        MHD_add_response_header(reply, "X-Content-Type-Options", "nosniff")
        return MHD_queue_response(connection, UInt32(response.status), reply)
    }
}
