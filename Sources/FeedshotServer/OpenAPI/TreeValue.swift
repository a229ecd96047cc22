/// A JSON-shaped value that keeps its objects' keys in document order: what `YAMLReader` reads and
/// what `json` writes.
indirect enum TreeValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as JSON writes it (`12`, `0.5`).
    case number(String)
    case string(String)
    case array([TreeValue])
    /// Members in document order.
    case object([Member])

    /// One key and its value.
    struct Member: Equatable, Sendable {
        var key: String
        var value: TreeValue
    }

    /// The member named `key`, if this is an object holding one.
    subscript(key: String) -> TreeValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as JSON, laid out as Python's `json.dumps(value, indent=2, ensure_ascii=False)`
    /// lays it out (two-space indent, `", "`-free line ends, `": "` after keys), with a final newline.
    var json: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            let inner = indent + "  "
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.write(to: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            let inner = indent + "  "
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner
                Self.writeString(member.key, to: &out)
                out += ": "
                member.value.write(to: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
