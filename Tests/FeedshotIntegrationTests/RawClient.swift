import Foundation

/// A plain TCP client on loopback for what URLSession will not send: malformed framing, raw
/// paths, duplicate headers, half bodies, slow bytes, and a chosen source address (127.0.0.x).
final class RawClient {
    let fd: Int32

    /// Connects to 127.0.0.1:`port`, from `source` (any loopback address) when given.
    ///
    /// The socket becomes this client's (closed in `deinit`) only once connected: a class whose
    /// initialiser throws after `fd` is set runs its `deinit`, and a second `close` of the same
    /// number would close whatever another test opened under it meanwhile.
    init(port: Int, from source: String? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError(message: "socket: \(errno)") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw RawClientError(message: "bind \(source): \(errno)")
            }
        }
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw RawClientError(message: "connect: \(errno)")
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.fd = fd
    }

    deinit { close(fd) }

    struct RawClientError: Error { var message: String }

    /// Sends `bytes`; false when the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything the server sends until it closes the connection or `seconds` pass.
    func readAll(seconds: Int = 10) -> String {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The status code of one response read from the connection (reads until the headers end),
    /// waiting up to `seconds` for each byte.
    func status(seconds: Int = 10) -> Int? {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data = [UInt8]()
        var byte: UInt8 = 0
        while true {
            let count = recv(fd, &byte, 1, 0)
            // A signal (another test's server process ending) interrupts a long wait: wait on.
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { break }
            data.append(byte)
            if data.count >= 4, data.suffix(4) == [13, 10, 13, 10] { break }
        }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\r\n").first ?? ""
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Whether the server closed the connection: a read gets end-of-stream or a reset within
    /// `milliseconds`, rather than timing out.
    func isClosedByServer(within milliseconds: Int) -> Bool {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: Int((milliseconds % 1000) * 1000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}

/// A request as raw text, with CRLF line ends.
func rawRequest(_ lines: [String], body: String = "") -> String {
    lines.joined(separator: "\r\n") + "\r\n\r\n" + body
}
