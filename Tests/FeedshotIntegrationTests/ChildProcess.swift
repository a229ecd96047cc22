import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process of the test run — a server, a tool — started with `posix_spawn` and reaped with
/// `waitpid` by whoever asks whether it has ended.
///
/// Foundation's `Process` on Linux learns that a child ended on one manager thread shared by every
/// `Process`, which waits (`waitpid` without `WNOHANG`) for each in turn. Beside schemathesis and
/// other tests' servers, a tool that had printed its last line and closed its output was still
/// "running" 30 s later, and its test failed (`OpenAPIContractTests`, a CI run on 7575d67). Here
/// each wait is the asking test's own, bounded, and asks the kernel.
final class ChildProcess: @unchecked Sendable {
    let processIdentifier: pid_t
    private let lock = NSLock()
    /// The status `waitpid` reported, once it did.
    private var reaped: Int32?

    struct SpawnError: Error, CustomStringConvertible {
        var executable: String
        var code: Int32
        var description: String { "could not start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments` in `directory`, with `environment` as its
    /// whole environment. Its standard input, output and error are the descriptors given (none:
    /// `/dev/null`); no other descriptor of this process reaches it, and it starts with every
    /// signal unblocked and at its default action (a thread of the concurrency pool blocks some).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: URL = ServerProcess.root, input: Int32? = nil, output: Int32? = nil, error: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in [(STDIN_FILENO, input), (STDOUT_FILENO, output), (STDERR_FILENO, error)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            }
        }
        // Glibc's `addclosefrom_np` and `addchdir_np` are not in Swift's Glibc module (they need
        // _GNU_SOURCE): the descriptors open now are closed one by one (any opened later by another
        // thread is close-on-exec, as `ChildPipe`'s are), and `env -C` changes the directory.
        for descriptor in Self.openDescriptors() where descriptor > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = (["/usr/bin/env", "-C", directory.path, executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnError(executable: executable, code: code) }
        processIdentifier = pid
    }

    /// The descriptors this process has open.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// Whether the child has not ended yet (reaping it if it has).
    var isRunning: Bool { status == nil }

    /// The child's wait status once it has ended.
    private var status: Int32? {
        lock.withLock {
            if reaped == nil {
                var status: Int32 = 0
                if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier { reaped = status }
            }
            return reaped
        }
    }

    /// Its exit status, or for a child a signal ended, that signal's number (as Foundation's
    /// `terminationStatus`); nil while it runs.
    var terminationStatus: Int32? {
        status.map { exitedNormally($0) ? ($0 >> 8) & 0xFF : $0 & 0x7F }
    }

    /// Whether it exited by itself (not ended by a signal); nil while it runs.
    var exitedNormally: Bool? { status.map(exitedNormally) }

    private func exitedNormally(_ status: Int32) -> Bool { status & 0x7F == 0 }

    /// Sends `signal` unless the child has been reaped (its process id may be another's by then).
    func send(_ signal: Int32) {
        lock.withLock { if reaped == nil { _ = kill(processIdentifier, signal) } }
    }

    /// Waits up to `seconds` for the child to end; whether it did.
    func exited(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { usleep(10_000) }
        return !isRunning
    }

    /// Waits up to `seconds` for the child to end, then kills it (SIGKILL) and waits 10 s more;
    /// whether it is gone. Every wait in this target is bounded, so a process that will not stop
    /// fails its test instead of hanging the run.
    func ended(within seconds: Double) -> Bool {
        if exited(within: seconds) { return true }
        send(SIGKILL)
        return exited(within: 10)
    }

    /// Kills a child still running when it is let go, and reaps it.
    deinit {
        if !ended(within: 0) { FileHandle.standardError.write(Data("ChildProcess: \(processIdentifier) outlived SIGKILL\n".utf8)) }
    }
}

/// A pipe whose two ends this process closes on `exec` (a child gets one only as a standard
/// stream, through `ChildProcess`).
struct ChildPipe {
    let reading: Int32
    let writing: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (reading, writing) = (ends[0], ends[1])
    }
}
