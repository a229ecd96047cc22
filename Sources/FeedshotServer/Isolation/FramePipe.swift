import Foundation

/// Reading and writing `WorkerMessage` frames on a pipe's file descriptor. Reads wait with
/// `poll`, so a caller can give up at a deadline; writes never raise SIGPIPE (the server ignores
/// it) and report a reader that went away as a failure.
enum FramePipe {
    /// What waiting for a frame gave.
    enum ReadResult {
        /// A whole frame's payload.
        case frame([UInt8])
        /// The other end closed the pipe (a worker exited or died), or sent a torn frame.
        case closed
        /// The deadline passed first.
        case timedOut
    }

    /// What writing a frame gave.
    enum WriteResult: Equatable {
        /// Every byte went.
        case written
        /// The reader has gone.
        case closed
        /// The deadline passed first: the reader stopped reading (a stopped or frozen worker).
        case timedOut
    }

    /// Writes every byte of `bytes`. On a descriptor that does not block, a write that finds no
    /// room waits for it with `poll` until `deadline` (for as long as it takes when nil); one that
    /// blocks cannot be given up on, so it must not be given a deadline it would block past.
    static func write(_ bytes: [UInt8], to fd: Int32, until deadline: ContinuousClock.Instant? = nil) -> WriteResult {
        let moved = bytes.withUnsafeBytes { buffer in
            transfer(buffer.count, waitingFor: POLLOUT, on: fd, until: deadline, pollsFirst: false) { offset in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
        }
        switch moved {
        case .done: return .written
        case .closed: return .closed
        case .timedOut: return .timedOut
        }
    }

    /// The next frame's payload, waiting until `deadline` (forever when nil).
    static func readFrame(from fd: Int32, until deadline: ContinuousClock.Instant?) -> ReadResult {
        var header = [UInt8](repeating: 0, count: 4)
        switch read(into: &header, from: fd, until: deadline) {
        case .frame: break
        case let other: return other
        }
        let count = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard count <= WorkerMessage.maxFrameBytes else { return .closed }
        var payload = [UInt8](repeating: 0, count: count)
        switch read(into: &payload, from: fd, until: deadline) {
        case .frame: return .frame(payload)
        case let other: return other
        }
    }

    /// Fills `buffer` from `fd`; `.frame([])` when it is full.
    private static func read(into buffer: inout [UInt8], from fd: Int32, until deadline: ContinuousClock.Instant?) -> ReadResult {
        let moved = buffer.withUnsafeMutableBytes { raw in
            transfer(raw.count, waitingFor: POLLIN, on: fd, until: deadline, pollsFirst: deadline != nil) { offset in
                Glibc.read(fd, raw.baseAddress! + offset, raw.count - offset)
            }
        }
        switch moved {
        case .done: return .frame([])
        case .closed: return .closed
        case .timedOut: return .timedOut
        }
    }

    /// How a `transfer` ended.
    private enum Transfer { case done, closed, timedOut }

    /// Moves `count` bytes on `fd` with `step` (a read or a write at an offset: the bytes moved,
    /// 0 at the end of the file, −1 on an error). With a `deadline`, a step waits for `events`
    /// with `poll` first when `pollsFirst` (a descriptor that blocks), or only once the
    /// descriptor said it would block (`EAGAIN`; a write that finds room, as most do, costs no poll).
    private static func transfer(
        _ count: Int, waitingFor events: Int32, on fd: Int32, until deadline: ContinuousClock.Instant?, pollsFirst: Bool,
        _ step: (Int) -> Int
    ) -> Transfer {
        var offset = 0
        var mustWait = pollsFirst
        while offset < count {
            if mustWait {
                switch wait(for: events, on: fd, until: deadline) {
                case .ready: break
                case .again: continue
                case .timedOut: return .timedOut
                case .failed: return .closed
                }
            }
            mustWait = pollsFirst
            let moved = step(offset)
            if moved < 0 {
                if errno == EAGAIN { mustWait = true }
                if errno == EINTR || errno == EAGAIN { continue }
                return .closed
            }
            if moved == 0 { return .closed }
            offset += moved
        }
        return .done
    }

    /// What one `poll` for `events` said.
    private enum Readiness { case ready, again, timedOut, failed }

    /// Polls `fd` for `events` once, until `deadline` (for as long as it takes when nil): `.again`
    /// when interrupted or woken early.
    private static func wait(for events: Int32, on fd: Int32, until deadline: ContinuousClock.Instant?) -> Readiness {
        var milliseconds: Int32 = -1
        if let deadline {
            let left = deadline - .now
            if left <= .zero { return .timedOut }
            milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        }
        var poller = pollfd(fd: fd, events: Int16(events), revents: 0)
        let ready = poll(&poller, 1, milliseconds)
        if ready < 0 { return errno == EINTR ? .again : .failed }
        return ready == 0 ? .again : .ready
    }
}
