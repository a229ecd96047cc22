import Foundation

@testable import FeedshotLayout

/// A text measurer with fixed glyph sizes, so formulas can be pinned to exact numbers: every
/// character is `size × 0.5` wide, every line `size × 1.25` tall; words wrap greedily at spaces,
/// long words break between characters; "\n" or "\r\n" starts a new line (as in Pango's lines,
/// neither is in a line's text); an attachment character is as wide as its span says. It records
/// the widths it was asked for.
final class FakeMeasurer: TextMeasuring, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [(text: String, width: Double)] = []

    func measure(_ text: StyledText, width: Double) -> TextMetrics {
        lock.withLock { requests.append((text.string, width)) }
        let advance = text.font.size * 0.5
        let lineHeight = text.font.size * 1.25
        let perLine = max(1, Int(width / advance))
        var lines: [TextLine] = []
        var offset = 0
        // An attachment (U+FFFC with a span giving its size) is as wide as the span says.
        let attachmentWidth = text.spans.compactMap(\.attachment).first?.width
        func lineWidth(_ line: String) -> Double {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let boxes = trimmed.filter { $0 == "\u{FFFC}" }.count
            return Double(trimmed.count - boxes) * advance + Double(boxes) * (attachmentWidth ?? advance)
        }
        let isBreak = { (character: Character) in character == "\n" || character == "\r\n" }
        for paragraph in text.string.split(omittingEmptySubsequences: false, whereSeparator: isBreak) {
            var current = ""
            var start = offset
            func flush() {
                lines.append(TextLine(text: current, start: start, width: lineWidth(current)))
                start += current.utf8.count
                current = ""
            }
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                var piece = word
                if !current.isEmpty, (current + piece).count > perLine { flush() }
                while piece.count > perLine {
                    if !current.isEmpty { flush() }
                    current = String(piece.prefix(perLine))
                    piece = String(piece.dropFirst(perLine))
                    flush()
                }
                current += piece + " "
            }
            current.removeLast()
            flush()
            offset += paragraph.utf8.count
            offset += text.string.utf8.dropFirst(offset).first == UInt8(ascii: "\r") ? 2 : 1
        }
        return TextMetrics(lines: lines, height: Double(lines.count) * lineHeight, width: lines.map(\.width).max() ?? 0)
    }

    /// The widths `text` was measured at.
    func widths(for text: String) -> [Double] {
        lock.withLock { requests.filter { $0.text == text }.map(\.width) }
    }
}

/// Builds documents for tests.
enum Fixture {
    static let now = "2026-11-29T12:00:00Z"

    static func chat(_ messages: String, extra: String = "", width: Double = 375) -> Data {
        Data(
            """
            {"kind": "chat", "width": \(width), "me": "u1", "now": "\(now)",
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}}\(extra.isEmpty ? "" : ", " + extra),
             "messages": [\(messages)]}
            """.utf8)
    }

    static func text(_ id: String, from: String, _ text: String, at time: String = "2026-11-29T11:58:00Z") -> String {
        #"{"id": "\#(id)", "from": "\#(from)", "type": "text", "sentAt": "\#(time)", "text": "\#(text)"}"#
    }

    static func layout(_ json: Data, measurer: FakeMeasurer = FakeMeasurer(), images: ImageCatalog = ImageCatalog()) throws -> Layout {
        try LayoutEngine.layout(Document.decode(json), measurer: measurer, images: images)
    }
}

extension ElementContent {
    /// The text this content draws, or nil when it is another kind: `try #require(…styledText)`
    /// fails the test when an element changes kind, where `guard case … else { return }` passed.
    var styledText: StyledText? {
        if case .text(let text, _) = self { text } else { nil }
    }
}
