import Foundation

/// A one-line progress bar on standard error (only when it is a terminal); messages print above it.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let enabled: Bool
    private var done = 0

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func advance(messages: [String]) {
        lock.withLock {
            done += 1
            var text = enabled ? "\r\u{1B}[2K" : ""
            for message in messages { text += StandardError.escaped(message) + "\n" }
            if enabled {
                let width = 30
                let filled = total == 0 ? width : done * width / total
                text += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total)"
            }
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    func finish() {
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}

/// "1 document", "3 documents": a count and an English noun for what the commands print.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
