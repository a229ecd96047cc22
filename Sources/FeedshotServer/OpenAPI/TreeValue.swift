import FeedshotLayout

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
            Self.writeContainer(items, open: "[", close: "]", to: &out, indent: indent) { item, out, inner in
                item.write(to: &out, indent: inner)
            }
        case .object(let members):
            Self.writeContainer(members, open: "{", close: "}", to: &out, indent: indent) { member, out, inner in
                Self.writeString(member.key, to: &out)
                out += ": "
                member.value.write(to: &out, indent: inner)
            }
        }
    }

    /// `elements` between `open` and `close`, one per line two spaces in; `[]` or `{}` when empty.
    private static func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to out: inout String, indent: String,
        element write: (Element, inout String, String) -> Void
    ) {
        guard !elements.isEmpty else { return out += open + close }
        let inner = indent + "  "
        out += open + "\n"
        for (index, element) in elements.enumerated() {
            out += inner
            write(element, &out, inner)
            out += index == elements.count - 1 ? "\n" : ",\n"
        }
        out += indent + close
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
            case _ where scalar.value < 0x20: out += ControlCharacters.jsonEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
