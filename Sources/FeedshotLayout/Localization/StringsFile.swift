import Foundation

/// Reads Apple's `.strings` format, as the Amity kit's `AmityLocalizable.strings` is written:
/// `"key" = "value";` entries, `/* … */` and `//` comments, and the escapes `\"`, `\\`, `\n`,
/// `\t`, `\r`, `\0`, `\UXXXX` / `\uXXXX` (UTF-16, surrogate pairs joined) and octal `\NNN`. Keys
/// may be unquoted (letters, digits and `_.-$:/`), and `"key";` alone maps a key to itself, as the
/// old-style property lists (which `.strings` files are) allow.
///
/// Feedshot's bundled tables are such files (`Resources/Localization/<lang>.lproj/`), and an
/// app's own `AmityLocalizable.strings` can be given as overrides (`Strings`' `overrides`).
public enum StringsFile {
    /// What the parser refused, and where.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// The 1-based line.
        public let line: Int
        /// What is wrong there.
        public let message: String
        /// `line N: message`.
        public var description: String { "line \(line): \(message)" }
    }

    /// The entries of `text` in order; a repeated key keeps its last value, as Foundation does.
    /// - Throws: `Failure` naming the line of the first malformed entry.
    public static func parse(_ text: String) throws -> [String: String] {
        var scanner = Scanner(Array(text.utf8))
        var table: [String: String] = [:]
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.isAtEnd else { return table }
            let key = try scanner.string()
            try scanner.skipSpaceAndComments()
            if scanner.take(";") {
                table[key] = key
                continue
            }
            guard scanner.take("=") else { throw scanner.failure("expected = after \"\(key)\"") }
            try scanner.skipSpaceAndComments()
            let value = try scanner.string()
            try scanner.skipSpaceAndComments()
            guard scanner.take(";") else { throw scanner.failure("expected ; after the value of \"\(key)\"") }
            table[key] = value
        }
    }

    /// The entries of a file's bytes: UTF-16 with a byte-order mark (as Xcode often saves
    /// `.strings` files), else UTF-8.
    /// - Throws: `Failure` naming the line of the first malformed entry.
    public static func parse(_ data: Data) throws -> [String: String] {
        let bytes = [UInt8](data.prefix(2))
        if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF], let text = String(data: data, encoding: .utf16) {
            return try parse(text)
        }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    /// Reads the text's UTF-8 bytes: everything the format gives meaning to is ASCII, and a string's
    /// other characters are copied through as they are (start-up reads every bundled table here).
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            // A byte-order mark is not part of the text.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        var isAtEnd: Bool { position >= bytes.count }

        func failure(_ message: String) -> Failure {
            Failure(line: bytes[..<min(position, bytes.count)].filter { $0 == UInt8(ascii: "\n") }.count + 1, message: message)
        }

        private func peek(_ offset: Int = 0) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        /// The character at `position` and its length in bytes (the text is valid UTF-8: it was a `String`).
        private func scalar() -> (Unicode.Scalar, length: Int) {
            let lead = UInt32(bytes[position])
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = length == 1 ? lead : lead & (0x7F >> length)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        /// The length in bytes of the character at `position` when `test` holds for its properties.
        private func scalarLength(if test: (Unicode.Scalar.Properties) -> Bool) -> Int? {
            let (character, length) = scalar()
            return test(character.properties) ? length : nil
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek() == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func skipSpaceAndComments() throws {
            while let byte = peek() {
                if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) {
                    position += 1
                } else if byte >= 0x80, let length = scalarLength(if: \.isWhitespace) {
                    position += length
                } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                    while let next = peek(), next != UInt8(ascii: "\n") { position += 1 }
                } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    let start = position
                    position += 2
                    while !isAtEnd, !(peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { position += 1 }
                    guard !isAtEnd else {
                        position = start
                        throw failure("a /* comment is not closed")
                    }
                    position += 2
                } else {
                    return
                }
            }
        }

        /// The length of the key character at `position` (letters, digits and `_.-$:/`), or nil.
        private func wordScalarLength() -> Int? {
            guard let byte = peek() else { return nil }
            if byte >= 0x80 { return scalarLength(if: \.isAlphabetic) }
            let isWord =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            return isWord || "_.-$:/".utf8.contains(byte) ? 1 : nil
        }

        /// A quoted string with its escapes, or an unquoted word.
        mutating func string() throws -> String {
            guard let first = peek() else { throw failure("expected a string") }
            guard first == UInt8(ascii: "\"") else {
                let start = position
                while let length = wordScalarLength() { position += length }
                guard position > start else { throw failure("expected a quoted string, found \(scalar().0)") }
                return String(decoding: bytes[start..<position], as: UTF8.self)
            }
            let start = position
            position += 1
            var text = Text()
            while let byte = peek() {
                position += 1
                switch byte {
                case UInt8(ascii: "\""): return text.finished()
                case UInt8(ascii: "\\"): try escape(into: &text)
                default: text.append(byte)
                }
            }
            position = start
            throw failure("a string is not closed")
        }

        private mutating func escape(into text: inout Text) throws {
            guard let code = peek() else { throw failure("an escape is cut off") }
            position += 1
            switch code {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                let digits = bytes[position..<min(position + 4, bytes.count)]
                guard digits.count == 4, let unit = UInt16(String(decoding: digits, as: UTF8.self), radix: 16) else {
                    throw failure("\\\(Character(Unicode.Scalar(code))) needs four hex digits")
                }
                position += 4
                text.append(utf16: unit)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt16(code - 48)
                for _ in 0..<2 {
                    guard let next = peek(), (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) else { break }
                    value = value * 8 + UInt16(next - 48)
                    position += 1
                }
                text.append(utf16: value)
            default: text.append(code)  // \" \\ \' and any other character as itself (a longer one's other bytes follow)
            }
        }
    }

    /// A string's bytes as they are read: UTF-8, with `\u` escapes given as UTF-16 units — a high
    /// surrogate waits for the low one after it, and one left alone becomes U+FFFD, as decoding
    /// UTF-16 does.
    private struct Text {
        var bytes: [UInt8] = []
        var highSurrogate: UInt16?

        mutating func append(_ byte: UInt8) {
            flushSurrogate()
            bytes.append(byte)
        }

        mutating func append(utf16 unit: UInt16) {
            switch unit {
            case 0xD800...0xDBFF:
                flushSurrogate()
                highSurrogate = unit
            case 0xDC00...0xDFFF:
                guard let high = highSurrogate else { return append(scalar: "\u{FFFD}") }
                highSurrogate = nil
                append(scalar: Unicode.Scalar(0x10000 + (UInt32(high) - 0xD800) << 10 + (UInt32(unit) - 0xDC00)) ?? "\u{FFFD}")
            default:
                append(scalar: Unicode.Scalar(unit) ?? "\u{FFFD}")
            }
        }

        private mutating func append(scalar: Unicode.Scalar) {
            flushSurrogate()
            bytes.append(contentsOf: scalar.utf8)
        }

        private mutating func flushSurrogate() {
            guard highSurrogate != nil else { return }
            highSurrogate = nil
            bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
        }

        mutating func finished() -> String {
            flushSurrogate()
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
