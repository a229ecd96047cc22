import Foundation
import Testing

@testable import FeedshotServer

/// A server that cannot start leaves nothing running behind it: its render pool's worker
/// processes (and threads) outlived the failed initialiser, in the library caller's process.
struct ServerStartFailureTests {
    @Test(.timeLimit(.minutes(1))) func aServerThatCannotListenStopsTheWorkersItStarted() async throws {
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
        // Workers that are a program of this test's own, recognisable among the test process's children.
        let marker = "\(Int.random(in: 100_000...999_999))"
        var configuration = ServerConfiguration()
        configuration.port = UInt16(bigEndian: address.sin_port)
        configuration.threads = 2
        configuration.isolation = .processes(command: ["/bin/sleep", marker])
        #expect(throws: ServerError.self) { try HTTPServer(configuration: configuration) }
        // The pool started both (each lives a second at least: its thread closes its input,
        // waits a second and kills it)…
        while Self.processes(running: ["/bin/sleep", marker]) < 2 { try await Task.sleep(for: .milliseconds(5)) }
        // …and stops them.
        while Self.processes(running: ["/bin/sleep", marker]) > 0 { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// How many live processes run `arguments` (from /proc).
    static func processes(running arguments: [String]) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let wanted = Data(arguments.joined(separator: "\0").utf8) + Data([0])
        return entries.filter { name in
            guard Int32(name) != nil, let command = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"), command == wanted,
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
            else { return false }
            return !stat[stat.index(after: close)...].hasPrefix(" Z")
        }.count
    }
}
