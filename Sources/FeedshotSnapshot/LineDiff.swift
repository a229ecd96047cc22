import Foundation

/// Two texts compared line by line, as `diff -u` compares them: lines are their bytes between line
/// feeds (a carriage return stays part of its line, a text's last line without a line feed is
/// not the same line as one with it), the lines the texts share are their longest common
/// subsequence, the others removed from the reference or added by the new text
/// (`Diffing.lines`). Lines in common at both ends are matched first; between them the longest
/// common subsequence is found by dynamic programming over the lines' numbers while the two
/// middles hold at most `maxMiddleCells` pairs of lines, and past that the middle is one block
/// removed and added (bounded time and memory for two large, unrelated texts).
struct LineDiff: Sendable, Equatable {
    /// One line of one text: its bytes, and whether it is the text's last and ends without a line feed.
    struct Line: Sendable, Hashable {
        var bytes: Data
        var isUnterminated = false

        /// The line as text (bytes that are not UTF-8 replaced).
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// One line of the listing.
    enum Edit: Sendable, Equatable {
        /// In both texts.
        case same(Line)
        /// Only in the reference.
        case removed(Line)
        /// Only in the new text.
        case added(Line)

        /// The line, whichever text holds it.
        var line: Line {
            switch self {
            case .same(let line), .removed(let line), .added(let line): line
            }
        }

        /// Whether the line is in both texts.
        var isSame: Bool { if case .same = self { true } else { false } }
    }

    /// Both texts' lines, in order: each line of the reference once (same or removed) and each of
    /// the new text once (same or added), a run of removals before the additions that replace it.
    let edits: [Edit]

    /// The largest middle (reference lines × new lines) compared for its longest common subsequence.
    static let maxMiddleCells = 4_000_000

    /// Compares the texts `old` and `new`.
    init(old: Data, new: Data) {
        self.init(old: Self.lines(of: old), new: Self.lines(of: new))
    }

    init(old: [Line], new: [Line]) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)]), newMiddle = Array(new[prefix..<(new.count - suffix)])
        var edits = old[..<prefix].map(Edit.same)
        if oldMiddle.count * newMiddle.count <= Self.maxMiddleCells {
            edits += Self.longestCommonSubsequence(oldMiddle, newMiddle)
        } else {
            edits += oldMiddle.map(Edit.removed) + newMiddle.map(Edit.added)
        }
        edits += old[(old.count - suffix)...].map(Edit.same)
        self.edits = edits
    }

    /// The lines of `text`: its bytes split at line feeds, the one ending the text ending its last
    /// line rather than starting another; a last line without one is marked so.
    static func lines(of text: Data) -> [Line] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: 0x0A, omittingEmptySubsequences: false).map { Line(bytes: Data($0)) }
        if text.last == 0x0A {
            lines.removeLast()
        } else {
            lines[lines.count - 1].isUnterminated = true
        }
        return lines
    }

    /// How many lines only the reference has.
    var removedCount: Int { edits.count { if case .removed = $0 { true } else { false } } }
    /// How many lines only the new text has.
    var addedCount: Int { edits.count { if case .added = $0 { true } else { false } } }

    /// The edits of the longest common subsequence of `old` and `new` (lengths table from the end,
    /// then one walk from the start, removals before additions where both lead on), the lines
    /// compared by number: one per distinct line.
    private static func longestCommonSubsequence(_ old: [Line], _ new: [Line]) -> [Edit] {
        var numbers: [Line: Int] = [:]
        func number(_ line: Line) -> Int {
            if let number = numbers[line] { return number }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let a = old.map(number), b = new.map(number)
        let columns = b.count + 1
        var length = [Int32](repeating: 0, count: (a.count + 1) * columns)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i * columns + j] =
                    a[i] == b[j]
                    ? length[(i + 1) * columns + j + 1] + 1 : max(length[(i + 1) * columns + j], length[i * columns + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(.same(old[i]))
                i += 1
                j += 1
            } else if j == b.count || (i < a.count && length[(i + 1) * columns + j] >= length[i * columns + j + 1]) {
                edits.append(.removed(old[i]))
                i += 1
            } else {
                edits.append(.added(new[j]))
                j += 1
            }
        }
        return edits
    }

    /// The differences as `diff -u` prints them: `--- reference` and `+++ new` headers, then hunks
    /// of the changed lines with `context` lines of each side around them, each headed
    /// `@@ -start,count +start,count @@` (1-based; a start of 0 for an empty side), and
    /// `\ No newline at end of file` after a text's last line that has none.
    func unified(reference: String, new: String, context: Int = 3) -> String {
        let changed = edits.indices.filter { !edits[$0].isSame }
        guard !changed.isEmpty else { return "" }
        // Hunks: runs of changes whose gaps are at most 2 × context lines, widened by context.
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - context), high = min(edits.count - 1, index + context)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...high
            } else {
                hunks.append(low...high)
            }
        }
        // Each edit's line number in the reference and in the new text before it is applied.
        var oldLine = [Int](), newLine = [Int]()
        var o = 0, n = 0
        for edit in edits {
            oldLine.append(o)
            newLine.append(n)
            switch edit {
            case .same: (o, n) = (o + 1, n + 1)
            case .removed: o += 1
            case .added: n += 1
            }
        }
        var text = "--- \(reference)\n+++ \(new)\n"
        for hunk in hunks {
            let slice = edits[hunk]
            let oldCount = slice.count { if case .added = $0 { false } else { true } }
            let newCount = slice.count { if case .removed = $0 { false } else { true } }
            let oldStart = oldCount == 0 ? oldLine[hunk.lowerBound] : oldLine[hunk.lowerBound] + 1
            let newStart = newCount == 0 ? newLine[hunk.lowerBound] : newLine[hunk.lowerBound] + 1
            text += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in slice {
                switch edit {
                case .same(let line): text += " \(line.text)\n"
                case .removed(let line): text += "-\(line.text)\n"
                case .added(let line): text += "+\(line.text)\n"
                }
                if edit.line.isUnterminated { text += "\\ No newline at end of file\n" }
            }
        }
        return text
    }
}
