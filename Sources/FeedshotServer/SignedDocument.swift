import Foundation

/// What `feedshot sign` does to a document before it goes into a URL: insignificant whitespace
/// out (a shorter URL, the same document), and `now` pinned when asked, so its image never
/// changes with the clock.
package enum SignedDocument {
    /// `json` without whitespace outside strings: every key, value and order as it was.
    package static func minified(_ json: Data) -> Data {
        var result = Data(capacity: json.count)
        var inString = false, escaped = false
        for byte in json {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            result.append(byte)
        }
        return result
    }

    /// The minified `json` — a JSON object without `now`, as the caller has checked — with
    /// `"now": date` first among its fields (ISO 8601 in UTC, whole seconds).
    package static func pinningNow(_ json: Data, to date: Date) -> Data {
        let minified = Self.minified(json)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let field = Data("\"now\":\"\(formatter.string(from: date))\"".utf8)
        let rest = minified.dropFirst()
        return Data("{".utf8) + field + (rest.first == UInt8(ascii: "}") ? Data() : Data(",".utf8)) + rest
    }
}
