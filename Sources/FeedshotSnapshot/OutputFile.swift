import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a file a user named (`render -o`, `layout -o`, `diff --diff`, `preview --pdf`) as a
/// shell redirection would, but without leaving half a file behind:
///
/// - a regular file, or a new name, is written beside itself under a temporary name and renamed
///   over it, so a failed write leaves the old file; a file that existed keeps its permissions;
/// - a symbolic link to a regular file replaces the file it points to, not the link;
/// - anything else that exists — `/dev/null`, `/dev/stdout`, a terminal, a named pipe, a shell's
///   `>(…)` — is opened and written into, never replaced (Foundation's atomic write renamed a
///   regular file over `/dev/null`).
package enum OutputFile {
    /// Why a write failed, in words (`strerror`), with the path it concerned.
    package struct Failure: Error, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "\(path): \(reason)" }

        init(_ path: String, errno code: Int32) {
            self.path = path
            reason = String(cString: strerror(code))
        }
    }

    /// Writes `data` to `path` (see the type's description for what each kind of path gets).
    package static func write(_ data: Data, to path: String) throws(Failure) {
        // `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`: the descriptor this process already holds,
        // whatever it leads to. Followed as a link, a standard output sent to a file looked like
        // that file, which was then replaced under the caller's open handle.
        if let descriptor = openDescriptor(named: path) {
            try writeAll(data, to: descriptor, path: path)
            return
        }
        var target = stat()
        if stat(path, &target) == 0 {
            guard target.st_mode & S_IFMT == S_IFREG else {
                try writeInto(path, data, flags: O_WRONLY | O_TRUNC)
                return
            }
            guard let resolved = realpath(path, nil) else { throw Failure(path, errno: errno) }
            defer { free(resolved) }
            try replace(String(cString: resolved), with: data, mode: target.st_mode & 0o7777)
            return
        }
        let missing = errno
        guard missing == ENOENT else { throw Failure(path, errno: missing) }
        var link = stat()
        if lstat(path, &link) == 0 {
            // A link to nothing yet: the file is created where it points, as `>` would.
            try writeInto(path, data, flags: O_WRONLY | O_CREAT | O_TRUNC)
        } else {
            try replace(path, with: data, mode: nil)
        }
    }

    /// The descriptor a path names when it is one of this process's own: `/dev/stdin|stdout|stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N`.
    static func openDescriptor(named path: String) -> Int32? {
        let named = ["/dev/stdin": Int32(0), "/dev/stdout": 1, "/dev/stderr": 2]
        if let descriptor = named[path] { return descriptor }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            if let number = Int32(path.dropFirst(prefix.count)), number >= 0, fcntl(number, F_GETFD) != -1 { return number }
        }
        return nil
    }

    /// Opens `path` with `flags` and writes all of `data`.
    static func writeInto(_ path: String, _ data: Data, flags: Int32) throws(Failure) {
        let descriptor = open(path, flags | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(path, errno: errno) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    /// Writes `data` under a temporary name in `path`'s folder, gives it `mode` (when the file
    /// existed), and renames it over `path`.
    static func replace(_ path: String, with data: Data, mode: mode_t?) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).partial").path
        // 0o666 less the umask, as a new file gets from a shell.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(path, errno: errno) }
        var written = false
        defer { if !written { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: path)
            if let mode, fchmod(descriptor, mode) != 0 { throw Failure(path, errno: errno) }
        }
        guard rename(temporary, path) == 0 else { throw Failure(path, errno: errno) }
        written = true
    }

    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(Failure) {
        let failure: Int32? = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let count = posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        if let failure { throw Failure(path, errno: failure) }
    }
}

/// POSIX `write(2)` (`OutputFile.write` hides the name inside the type).
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
