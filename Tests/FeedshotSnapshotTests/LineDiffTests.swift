import Foundation
import Testing

@testable import FeedshotSnapshot

/// Text snapshots compared line by line as `diff -u` compares them, checked against GNU diff and
/// patch themselves.
struct LineDiffTests {
    func diff(_ old: String, _ new: String) -> LineDiff { LineDiff(old: Data(old.utf8), new: Data(new.utf8)) }

    func lines(_ text: String) -> [String] { LineDiff.lines(of: Data(text.utf8)).map(\.text) }

    /// A message that wraps onto one more line is one line added, not every later line changed.
    @Test func aLineInsertedIsOneLineAdded() {
        let old = "m1 text 1: \"Lunch\"\nm1 time 1: \"11:58 AM\"\nm2 text 1: \"Yes\"\nm2 time 1: \"11:59 AM\"\n"
        let new =
            "m1 text 1: \"Lunch at the\"\nm1 text 2: \"place?\"\nm1 time 1: \"11:58 AM\"\nm2 text 1: \"Yes\"\nm2 time 1: \"11:59 AM\"\n"
        let result = diff(old, new)
        #expect(result.removedCount == 1 && result.addedCount == 2)
        #expect(
            result.unified(reference: "reference", new: "new") == """
                --- reference
                +++ new
                @@ -1,4 +1,5 @@
                -m1 text 1: "Lunch"
                +m1 text 1: "Lunch at the"
                +m1 text 2: "place?"
                 m1 time 1: "11:58 AM"
                 m2 text 1: "Yes"
                 m2 time 1: "11:59 AM"

                """)
    }

    /// The line feed that ends a text ends its last line: "a\nb\n" is two lines; a last line
    /// without one is another line than the same bytes with one, as for `diff`.
    @Test func theLastLineFeedStartsNoLine() {
        #expect(lines("a\nb\n") == ["a", "b"] && LineDiff.lines(of: Data("a\nb\n".utf8)).allSatisfy { !$0.isUnterminated })
        #expect(lines("a\nb") == ["a", "b"] && LineDiff.lines(of: Data("a\nb".utf8)).last?.isUnterminated == true)
        #expect(lines("").isEmpty && lines("\n") == [""])
        let mismatch = Diffing.lines.compare(Data("a\nb\n".utf8), Data("a\nb".utf8))
        #expect(mismatch?.summary == "the lines are the same, but the new text does not end with a line feed as the reference does")
        #expect(
            mismatch?.difference.map { String(decoding: $0, as: UTF8.self) }
                == "--- reference\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
    }

    /// Lines are bytes: a carriage return stays in its line (as `diff` keeps it), and a line
    /// that changed only in its Unicode normalization ("é" as one scalar or two) is a change.
    @Test func linesAreComparedByteForByte() {
        #expect(lines("a\r\nb\r\n") == ["a\r", "b\r"])
        let normalized = diff("caf\u{E9}\n", "cafe\u{301}\n")
        #expect(normalized.removedCount == 1 && normalized.addedCount == 1)
        let mismatch = Diffing.lines.compare(Data("x\r\n".utf8), Data("y\r\n".utf8))
        #expect(mismatch?.summary.hasSuffix(#"line 1 was "x\r", is "y\r""#) == true, "\(mismatch?.summary ?? "")")
    }

    /// Random texts of few distinct lines: as many lines removed and added as GNU diff finds (both
    /// minimal), and the listing, applied to the reference by GNU patch, gives the new text.
    @Test func diffCountsAsGNUDiffAndPatchAppliesTheListing() throws {
        var generator = SeededLines(seed: 59)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linediff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.txt"), new = folder.appendingPathComponent("new.txt")
        let listing = folder.appendingPathComponent("listing.diff")
        for round in 0..<60 {
            // Every third text without its last line feed.
            func text() -> String {
                let text = (0..<Int(generator.next() % 30)).map { _ in "line \(generator.next() % 6)\n" }.joined()
                return generator.next() % 3 == 0 ? String(text.dropLast()) : text
            }
            let (a, b) = (text(), text())
            try Data(a.utf8).write(to: reference)
            try Data(b.utf8).write(to: new)
            let ours = diff(a, b)
            let gnu = try run("/usr/bin/diff", ["-u", reference.path, new.path])
            let gnuLines = gnu.split(separator: "\n").dropFirst(2).filter { !$0.hasPrefix("\\") }
            #expect(ours.removedCount == gnuLines.count { $0.hasPrefix("-") }, "round \(round)")
            #expect(ours.addedCount == gnuLines.count { $0.hasPrefix("+") }, "round \(round)")
            try Data(ours.unified(reference: "reference.txt", new: "new.txt").utf8).write(to: listing)
            _ = try run("/usr/bin/patch", ["--quiet", "--force", reference.path, listing.path])
            #expect(
                try String(contentsOf: reference, encoding: .utf8) == b, "round \(round): \(a.debugDescription) → \(b.debugDescription)")
        }
    }

    /// Two large texts with nothing in common past the matching ends are one block removed and
    /// added, without a table of every pair of their lines.
    @Test func largeUnrelatedMiddlesAreOneBlock() {
        let old = (0..<3000).map { "old \($0)" }.joined(separator: "\n")
        let new = (0..<3000).map { "new \($0)" }.joined(separator: "\n")
        let result = diff("head\n" + old + "\ntail\n", "head\n" + new + "\ntail\n")
        #expect(result.removedCount == 3000 && result.addedCount == 3000)
        #expect(result.edits.first?.line.text == "head" && result.edits.last?.line.text == "tail")
        #expect(result.edits.first?.isSame == true && result.edits.last?.isSame == true)
    }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Knuth's MMIX linear congruential generator, seeded, so each run draws the same texts.
struct SeededLines {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
