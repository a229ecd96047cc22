internal import CMicroHTTPD
import Foundation

/// A second listener for operators (`--ops-port`): `/healthz`, `/readyz` and `/metrics` only,
/// answered on its own event-loop thread with its own connection budget, so an orchestrator's
/// probes and a Prometheus scrape are answered however many connections flood the main port —
/// and, 8 connections an address at most, each closed after 2 s idle, whatever one client sends
/// to this one.
/// Owns its `MHD_Daemon`.
final class OpsListener: @unchecked Sendable {
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    let router: Router
    /// The port bound.
    private(set) var port: UInt16 = 0
    init(router: Router, host: String, port: UInt16) throws {
        self.router = router
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        // A probe or a scrape is one short request: 8 connections an address, each closed after
        // 2 s idle, so one client's slow connections cannot take all 64 (a review held every
        // slot with 64 that sent a header byte every 3 s, and /healthz went unanswered).
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: 64, ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: 8, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: 2, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: 32 << 10, ptr_value: nil),
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
    }

    deinit { stop() }

    /// What the ops port says of any other path.
    static let notFound: String = {
        let paths = Route.operational.map(\.path)
        return "the ops port answers \(paths.dropLast().joined(separator: ", ")) and \(paths.last ?? "") only"
    }()

    /// Stops listening.
    func stop() {
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
