import CMicroHTTPD
import FeedshotRender
import Foundation

/// Why the server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var description: String
}

/// The libmicrohttpd daemon: one event-loop thread does the HTTP I/O (keep-alive, body-size,
/// connection and idle limits); render and layout requests are suspended there and handed to a
/// `WorkerPool` whose threads each render with their own Pango context, then resumed with the
/// response. A slow render never blocks other connections. Owns the `MHD_Daemon`.
public final class HTTPServer: @unchecked Sendable {
    /// Owned: stopped in `shutdown` or `deinit`, whichever comes first.
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    public let router: Router
    public let configuration: ServerConfiguration
    private let workers: WorkerPool
    /// The port actually bound (differs from the configuration's when that was 0).
    public private(set) var port: UInt16 = 0

    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        self.router = Router(configuration: configuration)
        self.workers = WorkerPool(threads: configuration.threads)
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.maxConnections), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeout), ptr_value: nil),
            MHD_OptionItem(
                option: .NOTIFY_COMPLETED, value: unsafeBitCast(HTTPServer.completed, to: Int.self),
                ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        // The completion callback needs the server too: it is the option's pointer value.
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        options[2].ptr_value = unmanaged
        let flags = UInt32(
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
                | MHD_USE_EPOLL.rawValue)
        let started = options.withUnsafeMutableBufferPointer { buffer in
            feedshot_mhd_start(flags, configuration.port, configuration.host, HTTPServer.access, unmanaged, buffer.baseAddress)
        }
        guard let started else {
            throw ServerError(
                description:
                    "could not listen on \(configuration.host):\(configuration.port) (address in use, or not an IP address literal?)")
        }
        daemon = started
        port = feedshot_mhd_bound_port(started)
    }

    deinit {
        if let daemon { MHD_stop_daemon(daemon) }
    }

    /// Stops accepting connections, lets in-flight requests finish (up to the grace period), then stops.
    public func shutdown() {
        guard
            let daemon = lock.withLock({ () -> OpaquePointer? in
                defer { self.daemon = nil }
                return self.daemon
            })
        else { return }
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
        let deadline = Date().addingTimeInterval(TimeInterval(configuration.shutdownGracePeriod))
        while router.metrics.requestsInFlight > 0, Date() < deadline {
            usleep(10_000)
        }
        MHD_stop_daemon(daemon)
    }

    // MARK: libmicrohttpd callbacks

    /// Per-request state, kept in MHD's `con_cls` (retained there; released in `completed`).
    final class Exchange: @unchecked Sendable {
        var body = Data()
        var isTooLarge = false
        var isAnswered = false
        var isDispatched = false
        let started = ContinuousClock.now
        private let lock = NSLock()
        private var result: HTTPResponse?

        /// Set by a worker before it resumes the connection; read by the event loop after.
        var response: HTTPResponse? {
            get { lock.withLock { result } }
            set { lock.withLock { result = newValue } }
        }
    }

    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
        guard let cls, let connection, let state, let uploadSize else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        return server.handle(
            connection, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "GET", data: uploadData,
            size: uploadSize, state: state)
    }

    static let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
        guard let state, let pointer = state.pointee else { return }
        Unmanaged<Exchange>.fromOpaque(pointer).release()
        state.pointee = nil
    }

    private func handle(
        _ connection: OpaquePointer, url: String, method: String, data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = state.pointee else {
            // First call: headers only. Refuse an announced oversized body before reading it.
            let exchange = Exchange()
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            router.metrics.started()
            if let length = header(connection, "Content-Length").flatMap(Int.init), length > configuration.maxBodyBytes {
                exchange.isTooLarge = true
                return answer(connection, exchange, url: url, method: method, tooLarge(), requestID: requestID(connection))
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        if size.pointee > 0 {
            if !exchange.isTooLarge, let data {
                if exchange.body.count + size.pointee > configuration.maxBodyBytes {
                    exchange.isTooLarge = true
                    exchange.body = Data()
                } else {
                    exchange.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size.pointee)
                }
            }
            size.pointee = 0
            return .YES
        }
        if exchange.isAnswered { return .YES }
        let id = requestID(connection)
        if let response = exchange.response { return answer(connection, exchange, url: url, method: method, response, requestID: id) }
        if exchange.isDispatched { return .YES }
        if exchange.isTooLarge { return answer(connection, exchange, url: url, method: method, tooLarge(), requestID: id) }
        var headers: [String: String] = [:]
        for name in HTTPRequest.collectedHeaders { headers[name] = header(connection, name) }
        // libmicrohttpd hands over the path without its query: the arguments the router reads go back on.
        let query = ContentNegotiation.queryArguments.compactMap { name in
            MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name).map { value in
                "\(name)=\(String(cString: value).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            }
        }
        let target = query.isEmpty ? url : url + "?" + query.joined(separator: "&")
        let request = HTTPRequest(method: method, path: target, body: exchange.body, headers: headers, requestID: id)
        guard Router.isHeavy(request) else {
            return answer(connection, exchange, url: url, method: method, router.handle(request), requestID: id)
        }
        // Render on a worker; this event loop goes on serving other connections meanwhile.
        exchange.isDispatched = true
        exchange.body = Data()
        MHD_suspend_connection(connection)
        let router = self.router
        let resumable = ResumableConnection(connection)
        workers.submit {
            exchange.response = router.handle(request)
            MHD_resume_connection(resumable.connection)
        }
        return .YES
    }

    /// A suspended connection handed to a worker, which only resumes it.
    struct ResumableConnection: @unchecked Sendable {
        let connection: OpaquePointer
        init(_ connection: OpaquePointer) { self.connection = connection }
    }

    private func tooLarge() -> HTTPResponse {
        .problem(
            413, title: "Request body too large",
            detail: "the body is larger than \(configuration.maxBodyBytes) bytes (raise it with --max-body-bytes)")
    }

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// The client's `X-Request-Id` (letters, digits, `-`, `_`, `.`, at most 64), or a new random one.
    private func requestID(_ connection: OpaquePointer) -> String {
        if let given = header(connection, "X-Request-Id"), !given.isEmpty, given.count <= 64,
            given.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) })
        {
            return given
        }
        return String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Queues `response`, records metrics and writes the access-log line.
    private func answer(
        _ connection: OpaquePointer, _ exchange: Exchange, url: String, method: String, _ response: HTTPResponse, requestID: String
    ) -> MHD_Result {
        exchange.isAnswered = true
        var body = response.body
        let mhdResponse = body.withUnsafeMutableBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, buffer.baseAddress, .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for (name, value) in response.headers { MHD_add_response_header(mhdResponse, name, value) }
        MHD_add_response_header(mhdResponse, "X-Request-Id", requestID)
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        let seconds = (ContinuousClock.now - exchange.started).seconds
        let route = Router.route(url)
        router.metrics.finished(
            route: route, status: response.status, bytes: response.body.count, seconds: route.hasPrefix("/v1/") ? seconds : nil)
        if configuration.accessLog {
            let line =
                "\(method) \(url) \(response.status) \(response.body.count)B \(String(format: "%.1f", seconds * 1000))ms id=\(requestID)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return result
    }
}
