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
    private var entries: [UInt: Entry] = [:]
    /// Open connections by peer address.
    private var perAddress: [String: Int] = [:]

    /// One open connection.
    private struct Entry {
        var fd: Int32
        var address: String
        /// Since when it has been reading its current request (nil while it waits for an answer).
        var readingSince: ContinuousClock.Instant?
        /// Whether a request line has arrived since the last answer (else the connection is idle).
        var isBusy = false
    }

    /// What became of a connection just opened.
    enum Admission: Equatable {
        /// Admitted.
        case admitted
        /// Refused: its address already holds the per-client number of connections.
        case refusedPerClient
        /// Refused: the server holds its most connections and none is idle.
        case refusedFull
        /// Admitted in place of the oldest idle connection, which was closed.
        case admittedClosingIdle
    }
    /// Each connection's current request target as sent (`MHD_OPTION_URI_LOG_CALLBACK`).
    private var targets: [UInt: String] = [:]

    /// A connection from `address` was accepted: it is admitted (and starts reading its first
    /// request) unless its address already holds `perClient` connections (0: no limit; a trusted
    /// proxy's address never counts) or the server holds `limit` — then the oldest idle
    /// connection is closed to make room, or, with none idle, this one (`docs/ARCHITECTURE.md`,
    /// "The server"). A refused connection's socket is shut down; libmicrohttpd closes it.
    func opened(_ connection: OpaquePointer, address: String, isTrusted: Bool, perClient: Int, limit: Int) -> Admission {
        let fd = feedshot_mhd_connection_fd(connection)
        return lock.withLock { () -> Admission in
            entries[UInt(bitPattern: connection)] = Entry(fd: fd, address: address, readingSince: .now)
            perAddress[address, default: 0] += 1
            if !isTrusted, perClient > 0, perAddress[address, default: 0] > perClient {
                if fd >= 0 { feedshot_shutdown_socket(fd) }
                entries[UInt(bitPattern: connection)]?.readingSince = nil
                return .refusedPerClient
            }
            guard entries.count > limit else { return .admitted }
            let idle = entries.filter { $0.key != UInt(bitPattern: connection) && !$0.value.isBusy && $0.value.readingSince != nil }
            if let oldest = idle.min(by: { $0.value.readingSince! < $1.value.readingSince! }), oldest.value.fd >= 0 {
                feedshot_shutdown_socket(oldest.value.fd)
                entries[oldest.key]?.readingSince = nil
                entries[oldest.key]?.isBusy = true  // closing: never chosen twice
                return .admittedClosingIdle
            }
            if fd >= 0 { feedshot_shutdown_socket(fd) }
            entries[UInt(bitPattern: connection)]?.readingSince = nil
            return .refusedFull
        }
    }

    /// The connection is closing (its socket is still open).
    func closed(_ connection: OpaquePointer) {
        lock.withLock {
            if let entry = entries.removeValue(forKey: UInt(bitPattern: connection)) {
                perAddress[entry.address, default: 1] -= 1
                if perAddress[entry.address] == 0 { perAddress[entry.address] = nil }
            }
            targets[UInt(bitPattern: connection)] = nil
        }
    }

    /// The request line of the connection's next request named `target` (raw, not decoded).
    func started(_ connection: OpaquePointer, target: String) {
        lock.withLock {
            targets[UInt(bitPattern: connection)] = target
            entries[UInt(bitPattern: connection)]?.isBusy = true
        }
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
        lock.withLock {
            entries[UInt(bitPattern: connection)]?.readingSince = .now
            entries[UInt(bitPattern: connection)]?.isBusy = false
        }
    }

    private let reaper = NSCondition()
    private var isReaping = false

    /// Starts a thread (`name`) that, four times a second until `stopReaping`, shuts down the
    /// connections reading one request for longer than `timeout`, telling `reaped` how many.
    func startReaping(olderThan timeout: Duration, name: String, reaped: @escaping @Sendable (Int) -> Void = { _ in }) {
        reaper.withLock { isReaping = true }
        let thread = Thread { [self] in
            reaper.lock()
            while isReaping {
                reaper.unlock()
                reaped(reap(olderThan: timeout))
                reaper.lock()
                if isReaping { _ = reaper.wait(until: Date().addingTimeInterval(0.25)) }
            }
            reaper.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// Ends the reaping thread `startReaping` started (at once; it exits at its next wake).
    func stopReaping() {
        reaper.withLock {
            isReaping = false
            reaper.signal()
        }
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
