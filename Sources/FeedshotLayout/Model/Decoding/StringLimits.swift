/// Length limits on every string of a document — keys included — checked in one pass over the
/// JSON bytes before it is decoded, so no field (present or added later) can carry a string that
/// text layout or a warning would spend minutes on. Lengths are counted in Unicode scalars, never
/// graphemes: 450,000 combining marks on one letter are 450,001 scalars, not one character.
///
/// A `text` field may hold `maxTextLength` scalars; a `data:` URI in an image field
/// (`imageFields`) is bounded by the image byte limit when it is read; every other string (names, ids, types, labels, keys) `maxStringLength`.
/// The same pass refuses `null` anywhere: an optional field is left out, never null (decoding
/// would otherwise take a null as absent, a rule no schema states). Malformed JSON is left for
/// the decoder to describe.
enum StringLimits {
    /// Fields holding long text.
    static let textFields: Set<String> = ["text"]

    /// Fields holding an image reference, where a `data:` URI is bounded by the image byte limit
    /// instead (users' and authors' `avatar`, images' `src`, `thumbnail`, a link preview's or a
    /// custom component's `image`). Anywhere else a string that starts `data:` is a string: the
    /// exemption on every field let an 800,000-character `displayName` through to the typing line.
    static let imageFields: Set<String> = ["avatar", "src", "thumbnail", "image"]

    /// The most combining marks (general categories Mn, Mc, Me) one character may carry in a
    /// row: the bound of UAX #15's Stream-Safe Text Format. More stack into one cluster that Pango
    /// does not lay out the same way at two widths (issue 23's "zalgo": 9,999 marks per letter
    /// drew other lines than it measured); no writing system needs more than a few.
    static let maxCombiningMarks = 30

    /// The most tabs one text may hold (one string, or a MessageKit message's runs together).
    /// Pango 1.50 lays each tab out as a run of its own — adding up the line so far for a tab past
    /// the line's end — and then styles every run by walking the text's attributes from its start,
    /// so tabs cost their number times the text's styled stretches: 77,000 bare tabs on one line
    /// overflowed Pango's 32-bit widths and took 20 s to draw, 90,000 tabs on 500 lines 4.5 s, and
    /// with 2,000 mentions among them 27 s. 2,000 tabs and 2,000 mentions take 0.2 s; a text a
    /// person writes, even a pasted table, has a few hundred.
    static let maxTabs = 2_000

    /// The tabs in `texts`, drawn one after another.
    static func tabs(in texts: some Sequence<String>) -> Int {
        texts.reduce(0) { count, text in count + text.utf8.reduce(0) { $0 + ($1 == 0x09 ? 1 : 0) } }
    }

    /// The refusal of a text with `tabs` tabs, past `maxTabs`.
    static func tooManyTabs(_ tabs: Int) -> String {
        "has \(tabs) tabs, more than \(maxTabs) (Pango's time to lay them out grows with their number times the text's styles)"
    }

    /// Whether `scalar` is a combining mark: nonspacing, spacing or enclosing (U+034F COMBINING
    /// GRAPHEME JOINER included, so inserting one every 30 marks does not lengthen the run).
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The first string over its limit, as a `DocumentError` at its JSON path.
    static func check(_ bytes: [UInt8], limits: DocumentLimits) -> DocumentError? {
        var scanner = Scanner(bytes: bytes, limits: limits)
        return scanner.run()
    }

    /// The first string over its limit, and the JSON paths of keys that appear twice in one
    /// object (a JSON parser keeps one of the two in silence).
    static func scan(_ bytes: [UInt8], limits: DocumentLimits) -> (failure: DocumentError?, repeatedKeys: [String]) {
        var scanner = Scanner(bytes: bytes, limits: limits)
        let failure = scanner.run()
        return (failure, scanner.repeatedKeys)
    }

    /// The keys of one object: a list searched in order while it is short (hashing each key of
    /// every small object cost more than the scan), a set once it is long.
    struct SeenKeys {
        var list: [String] = []
        var set: Set<String>?

        /// Adds `key`; false when the object had it already.
        mutating func insert(_ key: String) -> Bool {
            if set != nil { return set!.insert(key).inserted }
            if list.contains(key) { return false }
            list.append(key)
            if list.count > 16 { set = Set(list) }
            return true
        }
    }

    /// One element of the path being scanned: an object (and the key being read) or an array
    /// (and the index reached).
    enum Level {
        case object(key: String?)
        case array(index: Int)
    }

    struct Scanner {
        let bytes: [UInt8]
        let limits: DocumentLimits
        var position = 0
        var stack: [Level] = []
        /// In an object, whether the next string is a key.
        var expectsKey = false
        /// The keys seen in each open object, innermost last.
        var seenKeys: [SeenKeys] = []
        /// The paths of keys seen twice in their object.
        var repeatedKeys: [String] = []

        init(bytes: [UInt8], limits: DocumentLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        mutating func run() -> DocumentError? {
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "{"):
                    stack.append(.object(key: nil))
                    seenKeys.append(SeenKeys())
                    expectsKey = true
                case UInt8(ascii: "["):
                    stack.append(.array(index: 0))
                    expectsKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard !stack.isEmpty else { return nil }
                    if case .object = stack.removeLast(), !seenKeys.isEmpty { seenKeys.removeLast() }
                    expectsKey = false
                case UInt8(ascii: ","):
                    if case .array(let index) = stack.last { stack[stack.count - 1] = .array(index: index + 1) }
                    if case .object = stack.last { expectsKey = true }
                case UInt8(ascii: ":"):
                    expectsKey = false
                case UInt8(ascii: "\""):
                    let isKey = expectsKey
                    guard let string = scanString(from: position + 1, keepsText: isKey) else { return nil }
                    if isKey {
                        if case .object = stack.last { stack[stack.count - 1] = .object(key: string.text) }
                        if let key = string.text, !seenKeys.isEmpty, !seenKeys[seenKeys.count - 1].insert(key) {
                            repeatedKeys.append(path(includingKey: true))
                        }
                    }
                    if let failure = judge(scalars: string.scalars, start: position + 1, isKey: isKey) { return failure }
                    if string.longestMarkRun > StringLimits.maxCombiningMarks {
                        return DocumentError(
                            path: path(includingKey: !isKey),
                            message:
                                "has a character carrying \(string.longestMarkRun) combining marks in a row, more than "
                                + "\(StringLimits.maxCombiningMarks) (Unicode's Stream-Safe Text Format, UAX #15)")
                    }
                    if string.tabs > StringLimits.maxTabs {
                        return DocumentError(path: path(includingKey: !isKey), message: StringLimits.tooManyTabs(string.tabs))
                    }
                    position = string.end
                case UInt8(ascii: "n"):
                    // Outside strings, only `null` starts with "n"; anything else ("nope", a
                    // single-quoted 'kind'), or a null outside every object (the whole document,
                    // or after it), is malformed JSON or not a document, which the decoder describes.
                    guard !stack.isEmpty, isNullLiteral(at: position) else { return nil }
                    return DocumentError(path: path(includingKey: true), message: "must not be null (leave the field out for its default)")
                default:
                    break
                }
                position += 1
            }
            return nil
        }

        /// Whether the bytes at `start` are the literal `null`, ending the input or followed by
        /// what may follow a JSON value.
        func isNullLiteral(at start: Int) -> Bool {
            let end = start + 4
            guard end <= bytes.count, bytes[start..<end].elementsEqual("null".utf8) else { return false }
            guard end < bytes.count else { return true }
            return [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[end])
        }

        /// One JSON string as the scan sees it.
        struct ScannedString {
            /// The index of its closing quote.
            var end: Int
            /// Its length in Unicode scalars (an escape is the scalar it encodes).
            var scalars: Int
            /// A key's text when short (for the path and for repeats); nil for a value.
            var text: String?
            /// The most combining marks it has in a row.
            var longestMarkRun: Int
            /// Its tabs (`StringLimits.maxTabs`).
            var tabs: Int
        }

        /// The string starting at `start` (after its quote), read once: UTF-8 sequences and `\\u`
        /// escapes (a surrogate pair is one scalar) decoded to count scalars and runs of combining
        /// marks, and tabs. ASCII is never a mark, so plain text costs a comparison or two per
        /// byte. Its text is kept when `keepsText` (a key).
        func scanString(from start: Int, keepsText: Bool) -> ScannedString? {
            var index = start, scalars = 0, run = 0, longest = 0, tabs = 0
            var hasEscapes = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    // A key's text, as the decoder reads it (nil when it cannot: the decoder then
                    // says why, and the key is not compared for a repeat).
                    let short = keepsText && index - start <= 4096
                    let text =
                        short
                        ? (hasEscapes ? JSONTree.unescaped(bytes, start..<index) : String(validating: bytes[start..<index], as: UTF8.self))
                        : nil
                    return ScannedString(end: index, scalars: scalars, text: text, longestMarkRun: longest, tabs: tabs)
                }
                var value: UInt32
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    guard index + 1 < bytes.count else { return nil }
                    if bytes[index + 1] == UInt8(ascii: "u"), let unit = hex4(index + 2) {
                        value = unit
                        index += 6
                        if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2), (0xDC00..<0xE000).contains(low)
                        {
                            value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        }
                    } else {
                        // \t is a tab; \n, \", … are neither a mark nor a tab.
                        value = bytes[index + 1] == UInt8(ascii: "t") ? 0x09 : 0x20
                        index += 2
                    }
                } else if byte < 0x80 {
                    value = UInt32(byte)
                    index += 1
                } else if byte < 0xC0 {
                    index += 1  // a continuation byte out of place: no scalar (the decoder reports it)
                    continue
                } else {
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for offset in 1..<length where index + offset < bytes.count {
                        value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
                    }
                    index += length
                }
                scalars += 1
                if value >= 0x300, let scalar = Unicode.Scalar(value), StringLimits.isCombiningMark(scalar) {
                    run += 1
                    longest = max(longest, run)
                } else {
                    run = 0
                    if value == 0x09 { tabs += 1 }
                }
            }
            return nil
        }

        /// The value of the four hexadecimal digits at `index`, if they are that.
        func hex4(_ index: Int) -> UInt32? { JSONTree.hex4(bytes, at: index) }

        /// The refusal of a string of `scalars` at `start`, or nil when it is within its limit.
        func judge(scalars: Int, start: Int, isKey: Bool) -> DocumentError? {
            let limit: Int
            let flag: String
            if !isKey, case .object(let key?) = stack.last, StringLimits.textFields.contains(key) {
                (limit, flag) = (limits.maxTextLength, "--max-text-length")
            } else if !isKey, case .object(let key?) = stack.last, StringLimits.imageFields.contains(key),
                DataURI.hasScheme(bytes[start...])
            {
                return nil
            } else {
                (limit, flag) = (limits.maxStringLength, "--max-string-length")
            }
            guard scalars > limit else { return nil }
            let what = isKey ? "has a key of \(scalars) Unicode scalars (\"\(keyStart(at: start))…\")" : "is \(scalars) Unicode scalars"
            return DocumentError(
                path: path(includingKey: !isKey), message: "\(what), more than the limit of \(limit) (raise it with \(flag))")
        }

        /// The first characters of the key whose text starts at `start`, as the document writes
        /// them (up to 20 bytes, stopping before a quote or a control character, and never inside
        /// a character): a key's refusal names the object it is in, and at the top level nothing.
        func keyStart(at start: Int) -> String {
            var end = start
            while end < bytes.count, end - start < 20, bytes[end] != UInt8(ascii: "\""), bytes[end] >= 0x20 { end += 1 }
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// The JSON path of the value being read (`messages[0].text`).
        func path(includingKey: Bool) -> String {
            var result = ""
            for (depth, level) in stack.enumerated() {
                switch level {
                case .array(let index):
                    result += "[\(index)]"
                case .object(let key):
                    guard let key, includingKey || depth < stack.count - 1 else { continue }
                    result += result.isEmpty ? key : ".\(key)"
                }
            }
            return result
        }
    }
}
