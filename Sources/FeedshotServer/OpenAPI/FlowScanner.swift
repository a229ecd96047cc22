/// Reads YAML's flow collections (`[a, b]`, `{key: value}`, nested, across lines) and quoted
/// scalars, for `YAMLReader`.
struct FlowScanner {
    private let characters: [Character]
    private var position = 0
    private let line: Int

    init(_ characters: [Character], line: Int) {
        self.characters = characters
        self.line = line
    }

    var isAtEnd: Bool { position == characters.count }
    var remaining: ArraySlice<Character> { characters[position...] }

    /// Whether every bracket opened outside quoted scalars is closed.
    var isBalanced: Bool {
        var depth = 0
        var quote: Character?
        var index = 0
        var previous: Character = ","
        while index < characters.count {
            let character = characters[index]
            defer { if ![" ", "\n"].contains(character) { previous = character } }
            if let open = quote {
                if character == "\\", open == "\"" {
                    index += 1
                } else if character == open {
                    if open == "'", index + 1 < characters.count, characters[index + 1] == "'" { index += 1 } else { quote = nil }
                }
            } else if character == "\"" || character == "'", ["[", "{", ",", ":"].contains(previous) {
                quote = character  // a quote starts a scalar only where a scalar starts
            } else if character == "[" || character == "{" {
                depth += 1
            } else if character == "]" || character == "}" {
                depth -= 1
            }
            index += 1
        }
        return depth <= 0 && quote == nil
    }

    private func failure(_ message: String) -> YAMLReader.Failure {
        YAMLReader.Failure(line: line + characters[..<position].filter { $0 == "\n" }.count, message: message)
    }

    /// Skips spaces, line breaks and comments.
    mutating func skipSpace() {
        while position < characters.count {
            let character = characters[position]
            if character == " " || character == "\n" || character == "\t" {
                position += 1
            } else if character == "#", position == 0 || [" ", "\n"].contains(characters[position - 1]) {
                while position < characters.count, characters[position] != "\n" { position += 1 }
            } else {
                return
            }
        }
    }

    /// A flow collection, a quoted scalar or a plain scalar.
    mutating func value() throws -> TreeValue {
        skipSpace()
        guard position < characters.count else { throw failure("a value is missing") }
        switch characters[position] {
        case "[":
            position += 1
            var items: [TreeValue] = []
            while try !closes("]") {
                items.append(try value())
                try separator(before: "]")
            }
            return .array(items)
        case "{":
            position += 1
            var members: [TreeValue.Member] = []
            while try !closes("}") {
                skipSpace()
                let key = characters[position] == "\"" || characters[position] == "'" ? try quoted() : plain(isKey: true)
                skipSpace()
                guard position < characters.count, characters[position] == ":" else { throw failure("expected `:` after \(key)") }
                position += 1
                skipSpace()
                let value = position < characters.count && [",", "}"].contains(characters[position]) ? TreeValue.null : try value()
                if members.contains(where: { $0.key == key }) { throw failure("the key \(key) is repeated") }
                members.append(TreeValue.Member(key: key, value: value))
                try separator(before: "}")
            }
            return .object(members)
        case "\"", "'":
            return .string(try quoted())
        case "&", "*", "!", "|", ">":
            throw failure("\(characters[position]) is not read in a flow collection")
        default:
            return YAMLReader.resolve(plain(isKey: false))
        }
    }

    /// Whether the collection ends here (consuming its bracket).
    private mutating func closes(_ bracket: Character) throws -> Bool {
        skipSpace()
        guard position < characters.count else { throw failure("\(bracket) is missing") }
        if characters[position] == bracket {
            position += 1
            return true
        }
        return false
    }

    /// A plain scalar in a flow collection: up to a comma, a bracket, a `: ` (or, for a key, any
    /// `:` followed by a space, a comma or a bracket), a comment or the line's end.
    private mutating func plain(isKey: Bool) -> String {
        var text = ""
        while position < characters.count {
            let character = characters[position]
            if [",", "[", "]", "{", "}", "\n"].contains(character) { break }
            if character == "#", text.last == " " { break }
            if character == ":" {
                let next = position + 1 < characters.count ? characters[position + 1] : " "
                if [" ", "\n", ",", "}", "]"].contains(next) { break }
            }
            text.append(character)
            position += 1
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Consumes the comma after an entry; without one, the collection must close next.
    private mutating func separator(before bracket: Character) throws {
        skipSpace()
        guard position < characters.count else { throw failure("\(bracket) is missing") }
        if characters[position] == "," {
            position += 1
        } else if characters[position] != bracket {
            throw failure("expected `,` or \(bracket)")
        }
    }

    /// A quoted scalar on one line: `'…'` (`''` is a quote) or `"…"` with YAML's escapes.
    mutating func quoted() throws -> String {
        let quote = characters[position]
        position += 1
        var text = ""
        while position < characters.count {
            let character = characters[position]
            position += 1
            if character == "\n" { throw failure("quoted scalars across lines are not read") }
            if character == quote {
                if quote == "'", position < characters.count, characters[position] == "'" {
                    text.append("'")
                    position += 1
                    continue
                }
                return text
            }
            if character == "\\", quote == "\"" {
                text.append(contentsOf: try escape())
            } else {
                text.append(character)
            }
        }
        throw failure("a quoted scalar is not closed")
    }

    private mutating func escape() throws -> String {
        guard position < characters.count else { throw failure("an escape is cut off") }
        let code = characters[position]
        position += 1
        let simple: [Character: String] = [
            "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}", "r": "\r",
            "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
        ]
        if let text = simple[code] { return text }
        let width = ["x": 2, "u": 4, "U": 8][code]
        guard let width, position + width <= characters.count,
            let value = UInt32(String(characters[position..<position + width]), radix: 16), let scalar = Unicode.Scalar(value)
        else { throw failure("unknown escape \\\(code)") }
        position += width
        return String(Character(scalar))
    }
}
