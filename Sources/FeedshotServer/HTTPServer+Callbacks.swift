internal import CMicroHTTPD
import FeedshotRender
import Foundation

/// libmicrohttpd's callbacks, all on its event-loop thread.
extension HTTPServer {
    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, state in
        guard let cls, let connection, let state, let uploadSize else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        return server.handle(
            connection, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "GET",
            version: version.map { String(cString: $0) }, data: uploadData, size: uploadSize, state: state)
    }

    /// `MHD_OPTION_URI_LOG_CALLBACK`: the request target exactly as sent, before libmicrohttpd
    /// splits and decodes it (the access handler gets the decoded path only). Kept in the
    /// connection table for `makeRequest`; returns NULL, so the first access call still finds
    /// no `con_cls`. A target libmicrohttpd could not parse in its connection's pool is answered
    /// 414 here and the connection ended (`targetProblem`).
    static let requestLine: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        cls, uri, connection in
        guard let cls, let uri, let connection else { return nil }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        let target = String(decoding: UnsafeRawBufferPointer(start: uri, count: strlen(uri)), as: UTF8.self)
        server.connections.started(connection, target: target)
        if let problem = HTTPServer.targetProblem(target) {
            let refusal = HTTPResponse.problem(414, title: "URI too long", detail: problem)
            let bytes = refusal.wire(reason: "URI Too Long")
            let fd = feedshot_mhd_connection_fd(connection)
            if fd >= 0 { _ = bytes.withUnsafeBytes { feedshot_send_and_end(fd, $0.baseAddress, $0.count) } }
        }
        return nil
    }

    /// Query parameters a request may carry (the API's routes take a handful).
    static let maxQueryParameters = 256

    /// Bytes of its connection's pool libmicrohttpd 0.9.75 takes for each query parameter it
    /// splits out, beside the target's own bytes; and what the target and its parameters may
    /// take of the pool (`connectionMemory`), leaving 4 KiB for the headers.
    static let bytesPerParameter = 64
    static let targetBudget = connectionMemory - (4 << 10)

    /// Why `target` is refused before libmicrohttpd parses it, or nil: more parameters than any
    /// route takes, or more of the connection's pool than Feedshot lets a target take. Past the
    /// pool libmicrohttpd sent nothing and held the connection until the read timeout: 950 short
    /// parameters, or 250 of 200 bytes (50 KB), though one parameter of 65 KB parsed. Probed on
    /// 0.9.75, a target of T bytes and P parameters failed from T + k·P > 64 KiB with k between
    /// 61 and 79. Counting 64 a parameter within 60 KiB refuses every such target while P is
    /// at most 273 (the 4 KiB margin covers 15 bytes a parameter), which `maxQueryParameters`
    /// keeps; a few that would just have parsed are refused too.
    static func targetProblem(_ target: String) -> String? {
        let parameters = queryParameterCount(target)
        if parameters > maxQueryParameters {
            return "the query has \(parameters) parameters, more than the limit of \(maxQueryParameters)"
        }
        let footprint = target.utf8.count + bytesPerParameter * parameters
        guard footprint > targetBudget else { return nil }
        return "the request target (\(target.utf8.count) bytes, \(parameters) query parameters at \(bytesPerParameter) bytes each) "
            + "takes \(footprint) bytes of the connection's \(connectionMemory), more than the \(targetBudget) a target may take"
    }

    /// How many parameters libmicrohttpd would split the query of `target` into: its `&`-separated parts.
    static func queryParameterCount(_ target: String) -> Int {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return 0 }
        let query = target.utf8[target.utf8.index(after: question)...]
        return query.isEmpty ? 0 : 1 + query.reduce(0) { $0 + ($1 == UInt8(ascii: "&") ? 1 : 0) }
    }

    /// Every request that got a `con_cls` ends here, answered or aborted (a client that went away
    /// mid-upload): the in-flight gauge goes down here and only here.
    static let completed: MHD_RequestCompletedCallback = { cls, connection, state, _ in
        guard let state, let pointer = state.pointee else { return }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
        state.pointee = nil
        guard let cls else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        server.router.metrics.ended()
        server.release(exchange)  // a body whose client went away mid-upload
        server.router.status.unsent(adding: -exchange.unsentBytes)
        if exchange.unsentBytes > 0 {
            server.unsentByClient[exchange.unsentClient, default: 0] -= exchange.unsentBytes
            if server.unsentByClient[exchange.unsentClient, default: 0] <= 0 { server.unsentByClient[exchange.unsentClient] = nil }
        }
        if exchange.isDispatched { server.untrack(exchange) }
        server.endInFlight(exchange)  // one aborted before its answer
        if let connection { server.connections.responded(connection) }
    }

    static let notify: MHD_NotifyConnectionCallback = { cls, connection, _, code in
        guard let cls, let connection else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
            let address = HTTPServer.peerAddress(connection)
            let configuration = server.configuration
            let admission = server.connections.opened(
                connection, address: address, isTrusted: ClientAddress.isTrusted(address, configuration.trustedProxies),
                perClient: configuration.maxConnectionsPerClient, limit: configuration.maxConnections)
            switch admission {
            case .admitted: break
            case .refusedPerClient: server.router.metrics.dropped(.perClientLimit)
            case .refusedFull: server.router.metrics.dropped(.connectionLimit)
            case .admittedClosingIdle: server.router.metrics.dropped(.idleEvicted)
            }
            server.router.metrics.connection(1)
        } else {
            server.connections.closed(connection)
            server.router.metrics.connection(-1)
        }
    }

    func handle(
        _ connection: OpaquePointer, url: String, method: String, version: String?, data: UnsafePointer<CChar>?,
        size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = state.pointee else {
            // First call: headers only. Refuse what can be refused before reading a body.
            let exchange = Exchange()
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            router.metrics.started()
            let request = makeRequest(connection, url: url, method: method, version: version)
            exchange.request = request
            // Framing is refused before a body is read whatever the method: a GET with
            // `Transfer-Encoding: gzip` was waited on for a body until the read timeout. A GET's or
            // HEAD's other refusals come with its answer, so its page or metrics are built once.
            let refusal = method == "GET" || method == "HEAD" ? Router.refuseFraming(request) : router.quickAnswer(request)
            if let refusal, refusal.status >= 400 {
                connections.requestRead(connection)
                return answer(connection, exchange, refusal)
            }
            // UInt64: a length from 2^63 to 2^64 − 1 is not an Int, and was waited on unanswered.
            if let length = request.header("content-length").flatMap(UInt64.init), length > UInt64(configuration.maxBodyBytes) {
                exchange.isTooLarge = true
                connections.requestRead(connection)
                return answer(connection, exchange, tooLarge())
            }
            // A body takes its room in the bodies' bound as its bytes come, not when its headers
            // state a length: taken whole at the headers, 288 connections from 9 addresses that
            // sent nothing but `Content-Length: 1048576` (20 KB in all) held all 256 MiB, and every
            // other client's POST was refused until the read timeout. A GET's or HEAD's body
            // means nothing (RFC 9110, 9.3.1): it is read and dropped, and holds no room.
            exchange.discardsBody = method == "GET" || method == "HEAD"
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        if size.pointee > 0 {
            exchange.received += size.pointee
            if exchange.received > configuration.maxBodyBytes, !exchange.isTooLarge {
                exchange.isTooLarge = true
                release(exchange)
            }
            if exchange.isTooLarge || exchange.isOverReadingBudget || exchange.discardsBody {
                // A body past the limit or the bodies' bound, or a GET's, is read and dropped so that its
                // end can be answered (413, 503; libmicrohttpd 0.9.75 cannot answer mid-body, and
                // closing a socket with unread data resets it, losing the answer); past as much
                // again, or 16 MiB, it is cut: one that never ended was read until the timeout,
                // gigabytes of it.
                exchange.discarded += size.pointee
                if exchange.discarded > max(configuration.maxBodyBytes, HTTPServer.discardAllowance) {
                    router.metrics.dropped(.bodyTooLarge)
                    return .NO
                }
            } else if let data {
                if exchange.received > exchange.heldBytes, !hold(exchange.received - exchange.heldBytes, for: exchange) {
                    exchange.isOverReadingBudget = true
                    exchange.discarded += size.pointee
                    release(exchange)
                } else {
                    exchange.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size.pointee)
                }
            }
            size.pointee = 0
            return .YES
        }
        if exchange.isAnswered { return .YES }
        if let response = exchange.takeResponse() { return answer(connection, exchange, response) }
        if exchange.isDispatched { return .YES }
        connections.requestRead(connection)
        if exchange.isTooLarge { return answer(connection, exchange, tooLarge()) }
        if exchange.isOverReadingBudget {
            router.metrics.shed(.readingBytes)
            return answer(
                connection, exchange,
                .retryLater(
                    "Server busy", "the server is reading \(maxReadingBytes) bytes of request bodies already; send it again shortly"))
        }
        var request = exchange.request ?? makeRequest(connection, url: url, method: method, version: version)
        request.body = exchange.body
        release(exchange)
        if let quick = router.quickAnswer(request) { return answer(connection, exchange, quick) }
        // Render on a worker; this event loop goes on serving other connections meanwhile. The
        // deadline counts from the request's arrival, time in the queue included; a full queue
        // answers at once (the refusal resumes the connection like a response).
        if let refusal = overShare(request.client) { return answer(connection, exchange, refusal) }
        if let refusal = unsentRefusal(request.client) { return answer(connection, exchange, refusal) }
        inFlightByClient[request.client, default: 0] += 1
        exchange.isInFlight = true
        exchange.isDispatched = true
        exchange.request = request
        track(exchange)
        exchange.suspend(connection)
        let deadline = exchange.started + configuration.renderTimeout
        if let refusal = workers.submit(request, deadline: deadline, respond: { exchange.complete($0) }) {
            exchange.complete(refusal)
        }
        return .YES
    }

    /// `exchange`'s render is no longer in flight for its client: answered (an answer its client
    /// is slow to read holds no share of the workers), or abandoned. Once.
    func endInFlight(_ exchange: Exchange) {
        guard exchange.isInFlight, let client = exchange.request?.client else { return }
        exchange.isInFlight = false
        inFlightByClient[client, default: 1] -= 1
        if inFlightByClient[client, default: 0] <= 0 { inFlightByClient[client] = nil }
    }

    /// Lets go of the body `exchange` was reading (handed on, dropped, or abandoned).
    func release(_ exchange: Exchange) {
        if exchange.heldBytes > 0 {
            readingBytes -= exchange.heldBytes
            router.status.reading(bytes: readingBytes)
            let client = exchange.request?.client ?? ""
            readingByClient[client, default: 0] -= exchange.heldBytes
            if readingByClient[client, default: 0] <= 0 { readingByClient[client] = nil }
            exchange.heldBytes = 0
        }
        exchange.body = Data()
    }

    /// Takes `bytes` more of the bodies' bound for `exchange`'s body, if there is room — in all
    /// (`maxReadingBytes`) and for its client (an eighth of it, or one body of `--max-body-bytes`
    /// if that is more: a few clients that upload and stall cannot take it all from the others);
    /// whether there was.
    func hold(_ bytes: Int, for exchange: Exchange) -> Bool {
        let client = exchange.request?.client ?? ""
        let share = max(configuration.maxBodyBytes, maxReadingBytes / 8)
        guard readingBytes + bytes <= maxReadingBytes, readingByClient[client, default: 0] + bytes <= share else { return false }
        readingBytes += bytes
        router.status.reading(bytes: readingBytes)
        readingByClient[client, default: 0] += bytes
        exchange.heldBytes += bytes
        return true
    }

    /// A 503 while answers wait for their clients to read them — held here, outside every
    /// worker's memory limit (25 unread 27 MB answers held 1.4 GB): once they pass half of
    /// `--max-unsent-bytes`, for a client holding more than a quarter of it itself; past the
    /// limit, for every client holding any; past twice the limit, for everyone. One client's 14
    /// unread answers (327 MB) had every other client's render refused until its connections
    /// timed out.
    func unsentRefusal(_ client: String) -> HTTPResponse? {
        let total = router.status.unsentBytes, own = unsentByClient[client, default: 0], limit = configuration.maxUnsentBytes
        let overShare = own > limit / 4 && total > limit / 2
        guard overShare || (total > limit && (own > 0 || total > 2 * limit)) else { return nil }
        router.metrics.shed(.unsentBytes)
        let (held, whose, bound) =
            overShare
            ? (own, "this client", "a client's share, a quarter of \(limit) (--max-unsent-bytes)")
            : (total, "their clients", "\(limit) (--max-unsent-bytes)")
        return .retryLater("Server busy", "\(held) bytes of answers are waiting for \(whose) to read them, more than \(bound)")
    }

    /// A 429 when `client` has had its share of the renders: behind trusted proxies (whose own
    /// connections are not counted), `--max-connections-per-client` in flight; and for anyone,
    /// `rendersPerClient` in flight once the workers and the queue are half taken. The queue is
    /// served fairly (`WorkerPool`), but a client with 64 connections filled it, and every other
    /// client's render got 503 until it let go.
    func overShare(_ client: String) -> HTTPResponse? {
        let own = inFlightByClient[client, default: 0]
        var limit: Int?
        if !configuration.trustedProxies.isEmpty, configuration.maxConnectionsPerClient > 0, own >= configuration.maxConnectionsPerClient {
            limit = configuration.maxConnectionsPerClient
        }
        let share = configuration.rendersPerClient
        if limit == nil, share > 0, own >= share,
            2 * inFlightByClient.values.reduce(0, +) >= max(1, configuration.threads) + configuration.queue.maxRequests
        {
            limit = share
            router.metrics.shed(.perClientRenders)
        }
        guard let limit else { return nil }
        return .problem(
            429, title: "Too many requests",
            detail: "\(limit) requests from this client are in flight already; send it again shortly",
            headers: [("Retry-After", "1")])
    }

    /// The request as the router sees it: every header, the decoded query, the client's address,
    /// the target as sent and the HTTP version.
    func makeRequest(_ connection: OpaquePointer, url: String, method: String, version: String?) -> HTTPRequest {
        final class Collected {
            var fields: [(name: String, value: String)] = []
        }
        let headers = Collected(), query = Collected()
        for (kind, box) in [(MHD_ValueKind.HEADER_KIND, headers), (MHD_ValueKind.GET_ARGUMENT_KIND, query)] {
            withExtendedLifetime(box) {
                _ = MHD_get_connection_values(
                    connection, kind,
                    { cls, _, key, value in
                        guard let cls, let key else { return .YES }
                        let box = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
                        box.fields.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                        return .YES
                    }, Unmanaged.passUnretained(box).toOpaque())
            }
        }
        var arguments: [String: String] = [:]
        var repeated: Set<String> = []
        for (name, value) in query.fields {
            if arguments[name] == nil { arguments[name] = value } else { repeated.insert(name) }
        }
        let peer = HTTPServer.peerAddress(connection)
        let headerFields = headers.fields.map { (name: $0.name.lowercased(), value: $0.value) }
        return HTTPRequest(
            method: method, path: url, query: arguments, headerFields: headerFields,
            requestID: HTTPServer.requestID(headers.fields.first { $0.name.lowercased() == "x-request-id" }?.value),
            client: ClientAddress.resolve(
                peer: peer, headers: headerFields, trusted: configuration.trustedProxies, header: configuration.forwardedHeader),
            rawTarget: connections.target(of: connection), version: version, repeatedQueryNames: repeated)
    }

    /// The connection's peer address as text (IPv4 dotted or IPv6); empty when unknown.
    static func peerAddress(_ connection: OpaquePointer) -> String {
        var address = [CChar](repeating: 0, count: 64)
        feedshot_mhd_client_address(connection, &address, address.count)
        return String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func tooLarge() -> HTTPResponse {
        .problem(
            413, title: "Request body too large",
            detail: "the body is larger than \(configuration.maxBodyBytes) bytes (raise it with --max-body-bytes)",
            headers: [("Connection", "close")])
    }

    /// The client's `X-Request-Id` (letters, digits, `-`, `_`, `.`, at most 64), or a new random one.
    static func requestID(_ given: String?) -> String {
        if let given, !given.isEmpty, given.utf8.count <= 64,
            given.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.".utf8.contains(byte)
            })
        {
            return given
        }
        return String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Queues `response`, records metrics and writes the access-log line.
    func answer(_ connection: OpaquePointer, _ exchange: Exchange, _ response: HTTPResponse) -> MHD_Result {
        exchange.isAnswered = true
        endInFlight(exchange)
        let request = exchange.request ?? HTTPRequest(method: "GET", path: "/")
        var body = response.body
        let mhdResponse = body.withUnsafeMutableBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, buffer.baseAddress, .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for (name, value) in response.headers { MHD_add_response_header(mhdResponse, name, value) }
        MHD_add_response_header(mhdResponse, "X-Request-Id", request.requestID)
        for (name, value) in SecurityHeaders.everyResponse { MHD_add_response_header(mhdResponse, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        if result == .YES, !response.body.isEmpty {
            exchange.unsentBytes = response.body.count
            exchange.unsentClient = request.client
            unsentByClient[request.client, default: 0] += response.body.count
            router.status.unsent(adding: response.body.count)
        }
        let seconds = (ContinuousClock.now - exchange.started).seconds
        router.metrics.answered(
            method: request.method, path: request.path, status: response.status, bytes: response.body.count,
            renderSeconds: exchange.isDispatched ? seconds : nil)
        if configuration.accessLog {
            // The path as sent, percent escapes intact: decoded, every control character reads 0x7F.
            let line = log.line(
                time: exchange.startedAt, client: request.client, method: request.method, path: request.rawPath ?? request.path,
                status: response.status,
                bytes: response.body.count, milliseconds: seconds * 1000, requestID: request.requestID)
            FileHandle.standardError.write(Data(line.utf8))
        }
        return result
    }
}
