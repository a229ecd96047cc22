internal import CMicroHTTPD
import Foundation

/// The open connections and since when each has been reading a request: a request's headers and
/// body must arrive within the read timeout of the connection's opening (or of the previous
/// response, on a kept-alive connection), however slowly the bytes trickle in. libmicrohttpd's own
/// timeout counts idleness only, so a client sending a byte every few seconds would hold its
/// connection forever; `reap` shuts such sockets down, and the library then closes them.
///
/// Race-free by construction: libmicrohttpd reports a connection closed (`closed`, under this
/// table's lock) before it closes the socket, and `reap` shuts sockets down under the same lock,
/// so it never touches a descriptor that was closed and reused.
final class ConnectionTable: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [UInt: (fd: Int32, readingSince: ContinuousClock.Instant?)] = [:]
    /// Each connection's current request target as sent (`MHD_OPTION_URI_LOG_CALLBACK`).
    private var targets: [UInt: String] = [:]

    /// A connection was accepted: it starts reading its first request.
    func opened(_ connection: OpaquePointer) {
        let fd = feedshot_mhd_connection_fd(connection)
        lock.withLock { entries[UInt(bitPattern: connection)] = (fd, .now) }
    }

    /// The connection is closing (its socket is still open).
    func closed(_ connection: OpaquePointer) {
        lock.withLock {
            entries[UInt(bitPattern: connection)] = nil
            targets[UInt(bitPattern: connection)] = nil
        }
    }

    /// The request line of the connection's next request named `target` (raw, not decoded).
    func started(_ connection: OpaquePointer, target: String) {
        lock.withLock { targets[UInt(bitPattern: connection)] = target }
    }

    /// The raw target of the request the connection is reading (libmicrohttpd reads one request
    /// at a time per connection, so it is the last one `started` recorded).
    func target(of connection: OpaquePointer) -> String? {
        lock.withLock { targets[UInt(bitPattern: connection)] }
    }

    /// The request's headers and body have arrived: the connection waits for its answer.
    func requestRead(_ connection: OpaquePointer) {
        lock.withLock { entries[UInt(bitPattern: connection)]?.readingSince = nil }
    }

    /// The answer was sent: the connection reads the next request from now on.
    func responded(_ connection: OpaquePointer) {
        lock.withLock { entries[UInt(bitPattern: connection)]?.readingSince = .now }
    }

    /// Shuts down every connection that has been reading one request for longer than `timeout`;
    /// returns how many.
    func reap(olderThan timeout: Duration, now: ContinuousClock.Instant = .now) -> Int {
        lock.withLock {
            var count = 0
            for (key, entry) in entries {
                guard let since = entry.readingSince, now - since > timeout, entry.fd >= 0 else { continue }
                feedshot_shutdown_socket(entry.fd)
                entries[key]?.readingSince = nil
                count += 1
            }
            return count
        }
    }
}
