/// A JSON text parsed once into a flat list of nodes in document order, its strings and numbers
/// left as byte ranges until a decoder asks for them: what `JSONTreeDecoder` reads a document
/// from, in place of Foundation's `JSONDecoder` (docs/performance.md, "Parsing").
///
/// It accepts what `JSONDecoder` accepts, and refuses what it refuses, so a document decodes the
/// same way and fails with the same error through either (`JSONTreeDecoderTests` holds them side
/// by side): RFC 8259 JSON, plus a leading byte-order mark and one trailing comma in an object or
/// an array; at most `maximumDepth` nested arrays and objects. As JSONDecoder, it checks the
/// structure here and a value's content when the value is read: a number's grammar, a string's
/// control characters, escapes, surrogates and UTF-8.
struct JSONTree: Sendable {
    /// What a node is.
    enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// One value. A string's or a number's `start..<end` are its bytes (a string's without the
    /// quotes); an array's or an object's `end` is the index of the node after its last
    /// descendant, and `count` its elements (an object's children alternate key and value).
    struct Node: Sendable {
        var kind: Kind
        /// For a string, whether it has escapes.
        var escaped = false
        /// For a string, whether it has a control character (which JSON does not allow).
        var control = false
        var start = 0
        var end = 0
        var count = 0
    }

    /// Why the bytes are not JSON; `Document.syntaxError(in:)` says where.
    struct Malformed: Error {}

    /// Foundation's limit, beyond which it refuses a document.
    static let maximumDepth = 512

    let bytes: [UInt8]
    private(set) var nodes: [Node] = []
    /// A null node after the document's own: the value a decoder reads for a member that is not
    /// there (`superDecoder(forKey:)`, as JSONDecoder does).
    private(set) var absent = 0

    /// Parses `bytes`, or throws `Malformed`.
    init(_ bytes: [UInt8]) throws(Malformed) {
        self.bytes = bytes
        // A node per 32 bytes at first (a node is 32 bytes, so no more memory than the text);
        // documents run 10–30 bytes a node, and the array grows from there.
        nodes.reserveCapacity(bytes.count / 32 + 16)
        var parser = Parser(bytes: bytes)
        try parser.parse(into: &nodes)
        absent = nodes.count
        nodes.append(Node(kind: .null))
    }

    /// The node after `index` and everything inside it.
    func next(after index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? node.end : index + 1
    }
}

extension JSONTree {
    /// The iterative parser: open arrays and objects are a stack, never recursion, so no depth of
    /// nesting reaches the thread's stack.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        /// Open arrays and objects: their node indices.
        var open: [Int] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        mutating func parse(into nodes: inout [Node]) throws(Malformed) {
            try value(into: &nodes)
            while let top = open.last {
                skipWhitespace()
                guard position < bytes.count else { throw Malformed() }
                let isObject = nodes[top].kind == .object
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[position] == closer {
                    position += 1
                    close(top, into: &nodes)
                    continue
                }
                if nodes.count > top + 1 {
                    // After an element: a comma, then the next element or (once, as JSONDecoder
                    // allows) the end.
                    guard bytes[position] == UInt8(ascii: ",") else { throw Malformed() }
                    position += 1
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == closer {
                        position += 1
                        close(top, into: &nodes)
                        continue
                    }
                }
                if isObject { try member(into: &nodes) } else { try value(into: &nodes) }
            }
            skipWhitespace()
            guard position == bytes.count else { throw Malformed() }
        }

        /// Ends the array or object at `index`: its extent and its number of elements.
        mutating func close(_ index: Int, into nodes: inout [Node]) {
            open.removeLast()
            nodes[index].end = nodes.count
            var count = 0
            var child = index + 1
            while child < nodes.count {
                count += 1
                child = nodes[child].kind == .array || nodes[child].kind == .object ? nodes[child].end : child + 1
            }
            nodes[index].count = nodes[index].kind == .object ? count / 2 : count
        }

        /// A key, its colon and the start of its value.
        mutating func member(into nodes: inout [Node]) throws(Malformed) {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Malformed() }
            try string(into: &nodes)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw Malformed() }
            position += 1
            try value(into: &nodes)
        }

        /// A scalar value whole, or the opening of an array or object.
        mutating func value(into nodes: inout [Node]) throws(Malformed) {
            skipWhitespace()
            guard position < bytes.count else { throw Malformed() }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // Opened only: `parse` reads what is inside.
                guard open.count < JSONTree.maximumDepth else { throw Malformed() }
                open.append(nodes.count)
                nodes.append(Node(kind: bytes[position] == UInt8(ascii: "{") ? .object : .array))
                position += 1
            case UInt8(ascii: "\""):
                try string(into: &nodes)
            case UInt8(ascii: "t"):
                try literal("true", .true, into: &nodes)
            case UInt8(ascii: "f"):
                try literal("false", .false, into: &nodes)
            case UInt8(ascii: "n"):
                try literal("null", .null, into: &nodes)
            default:
                try number(into: &nodes)
            }
        }

        mutating func literal(_ word: String, _ kind: Kind, into nodes: inout [Node]) throws(Malformed) {
            let length = word.utf8.count
            guard position + length <= bytes.count, word.utf8.elementsEqual(bytes[position..<position + length]) else { throw Malformed() }
            position += length
            nodes.append(Node(kind: kind))
        }

        /// A string from its opening quote to its closing one. As with JSONDecoder, its content —
        /// control characters, escapes, UTF-8, surrogates — is checked when the string is read
        /// (`JSONTree.string(at:)`), so a document with a bad one fails where JSONDecoder's would,
        /// with the same error.
        mutating func string(into nodes: inout [Node]) throws(Malformed) {
            let start = position + 1
            var index = start
            var node = Node(kind: .string, start: start)
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    node.end = index
                    nodes.append(node)
                    position = index + 1
                    return
                }
                if byte < 0x20 { node.control = true }
                if byte == UInt8(ascii: "\\") {
                    node.escaped = true
                    guard index + 1 < bytes.count else { throw Malformed() }
                    // A `\u` escape is passed over whole, its digits checked when it is read.
                    index += bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
                } else {
                    index += 1
                }
            }
            throw Malformed()
        }

        /// A number's bytes, as loosely as JSONDecoder takes them: a minus sign or a digit, then
        /// digits, points, exponent letters and signs, up to a delimiter. Its grammar is checked
        /// when it is read (`JSONTree.numberText(at:)`): `01` is a number, refused when read as one.
        mutating func number(into nodes: inout [Node]) throws(Malformed) {
            let start = position
            guard bytes[position] == UInt8(ascii: "-") || isDigit(bytes[position]) else { throw Malformed() }
            position += 1
            while position < bytes.count, isNumberByte(bytes[position]) { position += 1 }
            // A number runs into nothing but a delimiter ("1x" is not a number followed by junk).
            if position < bytes.count, !isDelimiter(bytes[position]) { throw Malformed() }
            nodes.append(Node(kind: .number, start: start, end: position))
        }

        func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
                UInt8(ascii: "-"):
                true
            default: false
            }
        }

        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: true
            default: false
            }
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }
    }

    /// The value of the four hexadecimal digits at `index` of `bytes`, if they are that.
    static func hex4(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Hex.digit(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

extension JSONTree {
    /// The byte offset of the opening quote of the first string, key or value, whose text cannot
    /// be read (`string(at:)`), if any.
    func firstUnreadableString() -> Int? {
        nodes.indices.first { nodes[$0].kind == .string && string(at: $0) == nil }.map { nodes[$0].start - 1 }
    }

    /// The text of the string node at `index`: escapes resolved, or nil when its bytes are not
    /// UTF-8 or an escape is half a surrogate pair.
    func string(at index: Int) -> String? {
        let node = nodes[index]
        guard !node.control else { return nil }
        guard node.escaped else { return String(validating: bytes[node.start..<node.end], as: UTF8.self) }
        return JSONTree.unescaped(bytes, node.start..<node.end)
    }

    /// The text of the JSON string whose bytes between the quotes are `range` of `bytes`, escapes
    /// resolved; nil when its bytes are not UTF-8, an escape is not one of JSON's, or a `\u`
    /// escape is half a surrogate pair. The one reading of a string's escapes: the decoder's, and
    /// the key comparison of `StringLimits` (so `"w\u0069dth"` is the key `width`).
    static func unescaped(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        var scalars = String.UnicodeScalarView()
        var plain = range.lowerBound
        var i = range.lowerBound
        func flushPlain(upTo end: Int) -> Bool {
            guard plain < end else { return true }
            guard let text = String(validating: bytes[plain..<end], as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            return true
        }
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            guard flushPlain(upTo: i), i + 1 < range.upperBound else { return nil }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                guard i + 4 <= range.upperBound, var value = JSONTree.hex4(bytes, at: i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(value) {
                    guard i + 5 < range.upperBound, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                        let low = JSONTree.hex4(bytes, at: i + 2), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                scalars.append(Unicode.Scalar(escape))
            default:
                return nil
            }
            plain = i
        }
        guard flushPlain(upTo: range.upperBound) else { return nil }
        return String(scalars)
    }

    /// The text of the number node at `index`, or nil when it is not a number in JSON's grammar:
    /// `-`? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?.
    func numberText(at index: Int) -> Substring? {
        let node = nodes[index]
        var i = node.start
        func digits() -> Bool {
            let first = i
            while i < node.end, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i > first
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        if i < node.end, bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if !digits() {
            return nil
        }
        if i < node.end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() else { return nil }
        }
        if i < node.end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < node.end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() else { return nil }
        }
        guard i == node.end else { return nil }
        return Substring(decoding: bytes[node.start..<node.end], as: UTF8.self)
    }
}

extension JSONTree {
    /// The value node of the first member of the object at `object` whose key is `name`.
    func member(_ name: String, of object: Int) -> Int? {
        var key = object + 1
        let end = nodes[object].end
        while key < end {
            if self.key(at: key, is: name) { return key + 1 }
            key = next(after: key + 1)
        }
        return nil
    }

    /// Whether the key node at `index` spells `name`: its bytes compared, unless it has escapes.
    func key(at index: Int, is name: String) -> Bool {
        let node = nodes[index]
        if node.escaped { return string(at: index) == name }
        let utf8 = name.utf8
        guard utf8.count == node.end - node.start else { return false }
        var i = node.start
        for byte in utf8 {
            guard bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// The keys of the object at `object`, each once, in the document's order (a set finds the
    /// repeats of a large object: a hostile one's 100,000 keys cost no 10^10 comparisons).
    func keys(of object: Int) -> [String] {
        var keys: [String] = []
        var seen: Set<String> = []
        let isSmall = nodes[object].count <= 16
        var key = object + 1
        let end = nodes[object].end
        while key < end {
            if let text = string(at: key), isSmall ? !keys.contains(text) : seen.insert(text).inserted { keys.append(text) }
            key = next(after: key + 1)
        }
        return keys
    }

    /// Whether every key of the object at `object` is text: UTF-8, escapes whole.
    func keysAreText(of object: Int) -> Bool {
        var key = object + 1
        let end = nodes[object].end
        while key < end {
            let node = nodes[key]
            if node.escaped || node.control || bytes[node.start..<node.end].contains(where: { $0 >= 0x80 }) {
                guard string(at: key) != nil else { return false }
            }
            key = next(after: key + 1)
        }
        return true
    }
}
