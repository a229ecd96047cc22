import Foundation

/// The frames a server and its render worker processes exchange over a pipe: a request (with the
/// time left until its deadline) one way, the response the other. Every field is length-prefixed
/// (little-endian `UInt32`); a frame starts with its total length, so a reader always knows how
/// much to wait for and a torn frame (a worker that died mid-write) is detected, never misread.
enum WorkerMessage {
    /// The largest frame either side accepts: a request body is bounded by `--max-body-bytes`
    /// (≤ 1 GiB) and a response by the output image's pixel limit.
    static let maxFrameBytes = 1 << 31 - 1

    /// A request and the nanoseconds left before its deadline.
    static func encode(_ request: HTTPRequest, remaining: Duration) -> [UInt8] {
        var writer = Writer()
        writer.string(request.method)
        writer.string(request.path)
        writer.string(request.requestID)
        writer.string(request.client)
        writer.optional(request.rawTarget)
        writer.optional(request.version)
        writer.pairs(request.query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        writer.pairs(request.repeatedQueryNames.sorted().map { ($0, "") })
        writer.pairs(request.headerFields.map { ($0.name, $0.value) })
        let nanoseconds = max(0, remaining.components.seconds) * 1_000_000_000 + max(0, remaining.components.attoseconds / 1_000_000_000)
        writer.integer(UInt64(nanoseconds))
        writer.bytes(request.body)
        return writer.framed()
    }

    /// The request in a frame's payload, and the time it has left; nil for a malformed payload.
    static func decodeRequest(_ payload: [UInt8]) -> (HTTPRequest, Duration)? {
        var reader = Reader(payload)
        guard let method = reader.string(), let path = reader.string(), let requestID = reader.string(),
            let client = reader.string(), let rawTarget = reader.optional(), let version = reader.optional(),
            let query = reader.pairs(), let repeated = reader.pairs(), let headers = reader.pairs(),
            let nanoseconds = reader.integer(), let body = reader.bytes(), reader.isAtEnd
        else { return nil }
        var arguments: [String: String] = [:]
        for (name, value) in query { arguments[name] = value }
        let request = HTTPRequest(
            method: method, path: path, query: arguments, body: Data(body),
            headerFields: headers.map { (name: $0.0, value: $0.1) }, requestID: requestID, client: client, rawTarget: rawTarget ?? nil,
            version: version ?? nil, repeatedQueryNames: Set(repeated.map(\.0)))
        return (request, .nanoseconds(Int64(clamping: nanoseconds)))
    }

    /// A response.
    static func encode(_ response: HTTPResponse) -> [UInt8] {
        var writer = Writer()
        writer.integer(UInt64(max(0, response.status)))
        writer.pairs(response.headers)
        writer.bytes(response.body)
        return writer.framed()
    }

    /// The response in a frame's payload; nil for a malformed payload.
    static func decodeResponse(_ payload: [UInt8]) -> HTTPResponse? {
        var reader = Reader(payload)
        guard let status = reader.integer(), (100...599).contains(status), let headers = reader.pairs(),
            let body = reader.bytes(), reader.isAtEnd
        else { return nil }
        return HTTPResponse(status: Int(status), headers: headers, body: Data(body))
    }

    struct Writer {
        var buffer: [UInt8] = []

        mutating func integer(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { buffer.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        mutating func length(_ count: Int) {
            let value = UInt32(count)
            for shift in stride(from: 0, to: 32, by: 8) { buffer.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }

        mutating func bytes<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            length(bytes.count)
            buffer.append(contentsOf: bytes)
        }

        mutating func string(_ text: String) { bytes(Array(text.utf8)) }

        /// A flag byte, then the text when there is one.
        mutating func optional(_ text: String?) {
            buffer.append(text == nil ? 0 : 1)
            if let text { string(text) }
        }

        mutating func pairs(_ pairs: [(String, String)]) {
            length(pairs.count)
            for (name, value) in pairs {
                string(name)
                string(value)
            }
        }

        /// The payload with its length before it.
        func framed() -> [UInt8] {
            var frame = Writer()
            frame.length(buffer.count)
            return frame.buffer + buffer
        }
    }

    struct Reader {
        let payload: [UInt8]
        var position = 0

        init(_ payload: [UInt8]) { self.payload = payload }

        var isAtEnd: Bool { position == payload.count }

        mutating func length() -> Int? {
            guard payload.count - position >= 4 else { return nil }
            var value = 0
            for index in 0..<4 { value |= Int(payload[position + index]) << (8 * index) }
            position += 4
            return value
        }

        mutating func integer() -> UInt64? {
            guard payload.count - position >= 8 else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(payload[position + index]) << UInt64(8 * index) }
            position += 8
            return value
        }

        mutating func bytes() -> ArraySlice<UInt8>? {
            guard let count = length(), payload.count - position >= count else { return nil }
            defer { position += count }
            return payload[position..<position + count]
        }

        mutating func string() -> String? { bytes().map { String(decoding: $0, as: UTF8.self) } }

        /// An optional text: `.some(nil)` when absent, nil when the payload is malformed.
        mutating func optional() -> String?? {
            guard position < payload.count else { return nil }
            let flag = payload[position]
            position += 1
            switch flag {
            case 0: return .some(nil)
            case 1: return string().map { .some($0) }
            default: return nil
            }
        }

        mutating func pairs() -> [(String, String)]? {
            guard let count = length(), count <= payload.count else { return nil }
            var result: [(String, String)] = []
            for _ in 0..<count {
                guard let name = string(), let value = string() else { return nil }
                result.append((name, value))
            }
            return result
        }
    }
}
