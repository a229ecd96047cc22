import FeedshotLayout
import Foundation

/// What the commands write on standard error. Messages quote what a document holds (a field's
/// name, a path, a warning's text), and a document may hold control characters: an escape
/// sequence (`"\u001b[2J"`) would reach the terminal or the CI log reading it, a carriage return
/// would hide the line before it, a line feed would split one message in two. Each control
/// character in a message but a tab is written as `\u001B` (the JSON escape), so a message reads
/// as one plain line.
enum StandardError {
    /// `NAME: warning: …`, how every command says a layout's warning about the document `name`
    /// (no name for standard input, `-`).
    static func warning(_ warning: String, about name: String) -> String {
        "\(name == "-" ? "" : name + ": ")warning: \(warning)"
    }

    /// Writes each of `warnings` about the document `name` (`warning(_:about:)`).
    static func writeWarnings(_ warnings: [String], about name: String) {
        for text in warnings { writeLine(warning(text, about: name)) }
    }

    /// Writes the message `text` and a line feed, its control characters escaped.
    static func writeLine(_ text: String) {
        FileHandle.standardError.write(Data((escaped(text) + "\n").utf8))
    }

    /// `text` with every control character (U+0000–U+001F, U+007F–U+009F) but a tab written as
    /// `\u00XX`; `text` itself when it has none.
    static func escaped(_ text: String) -> String {
        func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
            ControlCharacters.isHidden(scalar) || scalar == "\n" || scalar == "\r"
        }
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) { result += ControlCharacters.jsonEscape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
