import FeedshotLayout
import Foundation

/// One line per answered request on standard error, as text or JSON; bodies are never logged.
/// Every field a client chose (method, path, request id) is escaped, so no request can forge a
/// line or send escape codes to a terminal.
struct AccessLog: Sendable {
    var format: ServerConfiguration.LogFormat

    /// One request's line, ending in a newline.
    func line(
        time: Date, client: String, method: String, path: String, status: Int, bytes: Int, milliseconds: Double, requestID: String
    ) -> String {
        let stamp = AccessLog.timestamp(time)
        let ms = FixedDecimal.text(milliseconds, digits: 1)
        switch format {
        case .text:
            return
                "\(stamp) \(AccessLog.field(client)) \(AccessLog.field(method)) \(AccessLog.field(path)) \(status) \(bytes)B \(ms)ms id=\(AccessLog.field(requestID))\n"
        case .json:
            let fields: [(String, String)] = [
                ("time", AccessLog.quoted(stamp)), ("client", AccessLog.quoted(client)), ("method", AccessLog.quoted(method)),
                ("path", AccessLog.quoted(path)), ("status", String(status)), ("bytes", String(bytes)), ("ms", ms),
                ("id", AccessLog.quoted(requestID)),
            ]
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
        }
    }

    /// A field of a text line: `Router.printable`, and a space as `\x20` too, so a field is one
    /// word and a path such as `/x 200 1B 0.1ms id=forged` (`%20` decodes to a space) cannot
    /// pose as the fields after it.
    static func field(_ text: String) -> String {
        Router.printable(text).replacingOccurrences(of: " ", with: "\\x20")
    }

    /// RFC 3339 in UTC with milliseconds: `2026-11-30T18:00:00.123Z`.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        let milliseconds = Int((date.timeIntervalSince1970 - Double(seconds)) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), min(999, milliseconds))
    }

    /// A JSON string literal of `text`: quotes, backslashes and every byte outside printable ASCII
    /// escaped (`\u00XX` for control characters; other bytes as `\u00XX` of their Latin-1 value,
    /// so the line is ASCII whatever the client sent).
    static func quoted(_ text: String) -> String {
        var result = "\""
        let (bytes, cut) = Router.shown(text)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): result += "\\\""
            case UInt8(ascii: "\\"): result += "\\\\"
            case 0x20..<0x7F: result.unicodeScalars.append(UnicodeScalar(byte))
            default: result += "\\u00" + String(byte, radix: 16).leftPadded(to: 2)
            }
        }
        return result + cut + "\""
    }
}
