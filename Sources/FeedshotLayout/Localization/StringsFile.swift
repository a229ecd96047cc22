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
        var scanner = Scanner(Array(text.unicodeScalars))
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

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            // A byte-order mark is not part of the text.
            if scalars.first == "\u{FEFF}" { position = 1 }
        }

        var isAtEnd: Bool { position >= scalars.count }

        func failure(_ message: String) -> Failure {
            Failure(line: scalars[..<min(position, scalars.count)].filter { $0 == "\n" }.count + 1, message: message)
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            position + offset < scalars.count ? scalars[position + offset] : nil
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard peek() == scalar else { return false }
            position += 1
            return true
        }

        mutating func skipSpaceAndComments() throws {
            while let scalar = peek() {
                if scalar.properties.isWhitespace {
                    position += 1
                } else if scalar == "/", peek(1) == "/" {
                    while let next = peek(), next != "\n" { position += 1 }
                } else if scalar == "/", peek(1) == "*" {
                    let start = position
                    position += 2
                    while !isAtEnd, !(peek() == "*" && peek(1) == "/") { position += 1 }
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

        private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-$:/".unicodeScalars.contains(scalar)
        }

        /// A quoted string with its escapes, or an unquoted word.
        mutating func string() throws -> String {
            guard let first = peek() else { throw failure("expected a string") }
            guard first == "\"" else {
                var word = ""
                while let scalar = peek(), Self.isWordScalar(scalar) {
                    word.unicodeScalars.append(scalar)
                    position += 1
                }
                guard !word.isEmpty else { throw failure("expected a quoted string, found \(first)") }
                return word
            }
            let start = position
            position += 1
            var units: [UInt16] = []
            while let scalar = peek() {
                position += 1
                switch scalar {
                case "\"": return String(decoding: units, as: UTF16.self)
                case "\\": units += try escape()
                default: units += Array(String(scalar).utf16)
                }
            }
            position = start
            throw failure("a string is not closed")
        }

        private mutating func escape() throws -> [UInt16] {
            guard let code = peek() else { throw failure("an escape is cut off") }
            position += 1
            switch code {
            case "n": return [0x0A]
            case "t": return [0x09]
            case "r": return [0x0D]
            case "a": return [0x07]
            case "b": return [0x08]
            case "f": return [0x0C]
            case "v": return [0x0B]
            case "U", "u":
                let digits = String(String.UnicodeScalarView(scalars[position..<min(position + 4, scalars.count)]))
                guard digits.count == 4, let unit = UInt16(digits, radix: 16) else { throw failure("\\\(code) needs four hex digits") }
                position += 4
                return [unit]
            case "0"..."7":
                var value = code.value - 48
                for _ in 0..<2 {
                    guard let next = peek(), ("0"..."7").contains(next) else { break }
                    value = value * 8 + next.value - 48
                    position += 1
                }
                return [UInt16(value)]
            default: return Array(String(code).utf16)  // \" \\ \' and any other character as itself
            }
        }
    }
}
