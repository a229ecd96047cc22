import Foundation
import Testing

@testable import FeedshotServer

/// A server that cannot start leaves nothing running behind it: its render pool's worker
/// processes (and threads) outlived the failed initialiser, in the library caller's process.
struct ServerStartFailureTests {
    /// Synchronous, so that its waits run on its own thread: on the concurrency pool, beside the
    /// rest of the suite, each wake-up could wait many seconds for a thread.
    @Test func aServerThatCannotListenStopsTheWorkersItStarted() throws {
        // A port this test holds, so the server's listen fails ("the address is in use").
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(holder >= 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        try #require(bound && listen(holder, 1) == 0)
        // Workers that write their process ids to a file of this test's and wait: whenever the
        // test looks, it knows which processes the pool started.
        let started = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-workers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: started) }
        var configuration = ServerConfiguration()
        configuration.port = UInt16(bigEndian: address.sin_port)
        configuration.threads = 2
        configuration.isolation = .processes(command: ["/bin/sh", "-c", "echo $$ >> '\(started.path)'; exec /bin/sleep 3600"])
        #expect(throws: ServerError.self) { try HTTPServer(configuration: configuration) }
        // The pool started both workers (each thread starts its own as it begins)…
        let deadline = Date().addingTimeInterval(60)
        var workers: [pid_t] = []
        while workers.count < 2, Date() < deadline {
            usleep(10_000)
            workers = ((try? String(contentsOf: started, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }
        try #require(workers.count == 2, "the workers that started: \(workers)")
        // …and stops them: each thread closes its worker's input, waits a second and kills it
        // (about a second here; before, they ran on).
        while workers.contains(where: Self.isAlive), Date() < deadline { usleep(50_000) }
        #expect(!workers.contains(where: Self.isAlive), "still running a minute after the failed start: \(workers)")
    }

    /// Whether `pid` is a live process (not gone, not a zombie waiting to be collected).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return false
        }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
