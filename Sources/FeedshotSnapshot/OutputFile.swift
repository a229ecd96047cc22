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
