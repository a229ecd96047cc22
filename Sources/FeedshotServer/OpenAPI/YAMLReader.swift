/// Reads the subset of YAML the OpenAPI document (`Resources/openapi.yaml`) is written in, into the
/// tree PyYAML's `safe_load` gives, so that `GET /openapi.json` can be made from the one YAML file.
///
/// The subset: block mappings and sequences (with compact `- key: value` items), literal block
/// scalars (`|`, `|-`, `|+`), flow collections (`[…]`, `{…}`, across lines), single- and
/// double-quoted scalars on one line, plain scalars (continued on deeper lines) resolved as YAML 1.1
/// resolves them (null, booleans including `yes`/`no`/`on`/`off`, decimal integers, floats with a
/// point), and `#` comments. Anything else — anchors, aliases, tags, folded scalars, several
/// documents, tabs for indentation — is refused with its line number, never read as something else.
struct YAMLReader {
    /// What the reader refused, and where.
    struct Failure: Error, CustomStringConvertible, Equatable {
        let line: Int
        let message: String
        var description: String { "YAML line \(line): \(message)" }
    }

    private var lines: [String]
    private var index = 0

    private init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// The document `text` holds.
    /// - Throws: `Failure` for YAML outside the subset or malformed.
    static func read(_ text: String) throws -> TreeValue {
        var reader = YAMLReader(text)
        reader.skipBlank()
        guard reader.index < reader.lines.count else { return .null }
        let first = reader.lines[reader.index]
        if first.hasPrefix("---") || first.hasPrefix("%") { throw reader.failure("document markers and directives are not read") }
        let value = try reader.block(indent: Self.indent(of: first))
        reader.skipBlank()
        if reader.index < reader.lines.count { throw reader.failure("unexpected indentation") }
        return value
    }

    // MARK: - Blocks

    private func failure(_ message: String, line: Int? = nil) -> Failure {
        Failure(line: (line ?? index) + 1, message: message)
    }

    private static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func isBlank(_ line: String) -> Bool {
        let content = line.drop { $0 == " " }
        return content.isEmpty || content.first == "#"
    }

    private static func isSequenceItem(_ content: Substring) -> Bool {
        content.first == "-" && (content.count == 1 || content.dropFirst().first == " ")
    }

    private mutating func skipBlank() {
        while index < lines.count, Self.isBlank(lines[index]) { index += 1 }
    }

    /// The next non-blank line's text after its `indent` spaces, or nil at the end or when it is
    /// indented less (the block ends there); a deeper line is an error.
    private mutating func nextLine(indent: Int) throws -> Substring? {
        skipBlank()
        guard index < lines.count else { return nil }
        let line = lines[index]
        let lineIndent = Self.indent(of: line)
        if lineIndent < indent { return nil }
        if lineIndent > indent { throw failure("unexpected indentation") }
        return line.dropFirst(indent)
    }

    /// The mapping or sequence whose first line (the current one) is indented `indent` spaces.
    private mutating func block(indent: Int) throws -> TreeValue {
        let line = lines[index]
        if line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") { throw failure("a tab in the indentation") }
        return Self.isSequenceItem(line.dropFirst(indent)) ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    private mutating func mapping(indent: Int) throws -> TreeValue {
        var members: [TreeValue.Member] = []
        while let content = try nextLine(indent: indent), !Self.isSequenceItem(content) {
            guard let (key, rest) = try splitKey(content) else { throw failure("expected `key: value`") }
            if members.contains(where: { $0.key == key }) { throw failure("the key \(key) is repeated") }
            index += 1
            members.append(TreeValue.Member(key: key, value: try value(after: rest, indent: indent, sequenceMayFollow: true)))
        }
        return .object(members)
    }

    private mutating func sequence(indent: Int) throws -> TreeValue {
        var items: [TreeValue] = []
        while let content = try nextLine(indent: indent), Self.isSequenceItem(content) {
            let afterDash = content.dropFirst()
            let spaces = afterDash.prefix { $0 == " " }.count
            let item = afterDash.dropFirst(spaces)
            let isEntry = try splitKey(item) != nil
            if !item.isEmpty, item.first != "#", Self.isSequenceItem(item) || isEntry {
                // `- key: value` or `- - item`: a block whose first line starts after the dash.
                let itemIndent = indent + 1 + spaces
                lines[index] = String(repeating: " ", count: itemIndent) + item
                items.append(try block(indent: itemIndent))
            } else {
                index += 1
                items.append(try value(after: item, indent: indent, sequenceMayFollow: false))
            }
        }
        return .array(items)
    }

    /// A mapping entry's key and the text after its colon, or nil when `content` is not an entry.
    private func splitKey(_ content: Substring) throws -> (String, Substring)? {
        if content.first == "\"" || content.first == "'" {
            var scanner = FlowScanner(Array(content), line: index + 1)
            let key = try scanner.quoted()
            let rest = Substring(String(scanner.remaining)).drop { $0 == " " }
            guard rest.first == ":", rest.count == 1 || rest.dropFirst().first == " " else { return nil }
            return (key, rest.dropFirst())
        }
        guard !"[{|>&*!%@`".contains(content.first ?? " ") else { return nil }
        var cursor = content.startIndex
        while let colon = content[cursor...].firstIndex(of: ":") {
            let after = content.index(after: colon)
            if after == content.endIndex || content[after] == " " {
                let key = content[..<colon].trimmingSpaces
                if key.contains(" #") { return nil }
                return (String(key), content[after...])
            }
            cursor = after
        }
        return nil
    }

    /// The value after a key's colon or a sequence item's dash, on this line or the lines below.
    private mutating func value(after rest: Substring, indent: Int, sequenceMayFollow: Bool) throws -> TreeValue {
        let text = rest.drop { $0 == " " }
        if text.isEmpty || text.first == "#" {
            skipBlank()
            guard index < lines.count else { return .null }
            let next = lines[index]
            let nextIndent = Self.indent(of: next)
            if nextIndent > indent { return try block(indent: nextIndent) }
            if nextIndent == indent, sequenceMayFollow, Self.isSequenceItem(next.dropFirst(indent)) {
                return try sequence(indent: indent)
            }
            return .null
        }
        switch text.first {
        case "|": return .string(try literal(header: text, indent: indent))
        case ">": throw failure("folded scalars (`>`) are not read; use `|`", line: index - 1)
        case "&", "*", "!": throw failure("anchors, aliases and tags are not read", line: index - 1)
        case "[", "{": return try flow(text)
        case "\"", "'":
            var scanner = FlowScanner(Array(text), line: index)
            let string = try scanner.quoted()
            scanner.skipSpace()
            guard scanner.isAtEnd else { throw failure("text after a quoted scalar", line: index - 1) }
            return .string(string)
        default: return Self.resolve(try plain(text, indent: indent))
        }
    }

    /// A plain scalar: this line's text up to a comment, folded with deeper lines below it.
    private mutating func plain(_ text: Substring, indent: Int) throws -> String {
        var result = Self.strippingComment(text)
        var pendingBreaks = 0
        while index < lines.count {
            let line = lines[index]
            if line.allSatisfy({ $0 == " " }) {
                pendingBreaks += 1
                index += 1
                continue
            }
            guard Self.indent(of: line) > indent, line.drop(while: { $0 == " " }).first != "#" else { break }
            if splitKeyOfPlain(line) { throw failure("a mapping inside a plain scalar") }
            result += pendingBreaks == 0 ? " " : String(repeating: "\n", count: pendingBreaks)
            result += Self.strippingComment(line.drop { $0 == " " })
            pendingBreaks = 0
            index += 1
        }
        return result
    }

    /// Whether a continuation line holds `key: ` or ends in `:` (which YAML refuses there).
    private func splitKeyOfPlain(_ line: String) -> Bool {
        let text = Self.strippingComment(line.drop { $0 == " " })
        return text.hasSuffix(":") || text.contains(": ")
    }

    private static func strippingComment(_ text: Substring) -> String {
        var end = text.endIndex
        if let comment = text.range(of: " #") { end = comment.lowerBound }
        return String(text[..<end].trimmingSpaces)
    }

    /// A literal block scalar (`|`, `|-` strips the final line break, `|+` keeps every one).
    private mutating func literal(header: Substring, indent: Int) throws -> String {
        let chomping = Self.strippingComment(header.dropFirst())
        guard ["", "-", "+"].contains(chomping) else { throw failure("block scalar header \(header) is not read", line: index - 1) }
        var body: [Substring] = []
        var contentIndent: Int?
        while index < lines.count {
            let line = lines[index]
            if line.allSatisfy({ $0 == " " }) {
                body.append("")
                index += 1
                continue
            }
            let lineIndent = Self.indent(of: line)
            if contentIndent == nil { contentIndent = lineIndent > indent ? lineIndent : nil }
            guard let contentIndent, lineIndent >= contentIndent else { break }
            body.append(line.dropFirst(contentIndent))
            index += 1
        }
        var trailing = 0
        while body.last == "" {
            body.removeLast()
            trailing += 1
        }
        // Blank lines after the scalar belong to no one; leave them unread.
        guard !body.isEmpty else { return "" }
        let text = body.joined(separator: "\n")
        switch chomping {
        case "-": return text
        case "+": return text + String(repeating: "\n", count: trailing + 1)
        default: return text + "\n"
        }
    }

    /// A flow collection starting on this line, read to its closing bracket across lines.
    private mutating func flow(_ text: Substring) throws -> TreeValue {
        let start = index - 1
        var gathered = String(text)
        var scanner = FlowScanner(Array(gathered), line: start + 1)
        while !scanner.isBalanced {
            guard index < lines.count else { throw failure("a flow collection is not closed", line: start) }
            gathered += "\n" + lines[index]
            index += 1
            scanner = FlowScanner(Array(gathered), line: start + 1)
        }
        let value = try scanner.value()
        scanner.skipSpace()
        guard scanner.isAtEnd else { throw failure("text after a flow collection", line: index - 1) }
        return value
    }

    // MARK: - Scalars

    /// A plain scalar's value as YAML 1.1 (PyYAML's resolver) reads it.
    static func resolve(_ text: String) -> TreeValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
        default: break
        }
        let digits = text.filter { $0 != "_" }
        let unsigned = digits.first == "-" || digits.first == "+" ? digits.dropFirst() : Substring(digits)
        let negative = digits.first == "-"
        if !unsigned.isEmpty, unsigned.allSatisfy(\.isASCIIDigit), unsigned == "0" || unsigned.first != "0" {
            return .number((negative && unsigned != "0" ? "-" : "") + unsigned)
        }
        if unsigned.contains("."), Self.isFloat(unsigned), let number = Double(String(digits)) {
            return .number(number.description)
        }
        return .string(text)
    }

    /// `digits.digits`, `.digits`, `digits.` with an optional `e±digits`, as YAML 1.1's float.
    private static func isFloat(_ text: Substring) -> Bool {
        var mantissa = text
        if let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let power = text[text.index(after: exponent)...]
            guard let sign = power.first, sign == "+" || sign == "-", power.count > 1, power.dropFirst().allSatisfy(\.isASCIIDigit) else {
                return false
            }
            mantissa = text[..<exponent]
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) } && !(parts[0].isEmpty && parts[1].isEmpty)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = drop { $0 == " " }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
