import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// docs/snapshot-testing.md shows `ChatSnapshotTests.swift` as it is: the example a user pastes
/// compiles and passes because it is this target's test.
struct DocumentationTests {
    @Test func theGuidesExampleIsTheTestVerbatim() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = here.deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/snapshot-testing.md"), encoding: .utf8)
        let test = try String(contentsOf: here.appendingPathComponent("ChatSnapshotTests.swift"), encoding: .utf8)
        #expect(guide.contains("```swift\n" + test + "```\n"))
        // The package snippet names its dependency, so it works from a folder of any name.
        #expect(guide.contains(#".package(name: "Feedshot", path: "../feedshot")"#))
        // … and keeps the references out of the target's sources (else SwiftPM warns of each as unhandled).
        #expect(guide.contains(#"exclude: ["__Snapshots__"]"#))
    }

    /// A reference page that shows "This document is `examples/NAME.json`:" shows that file as it is.
    @Test func aDocumentShownAsAnExampleFileIsThatFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = root.appendingPathComponent("docs")
        var shown = 0
        for page in try FileManager.default.contentsOfDirectory(atPath: docs.path) where page.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
            for match in text.matches(of: /is `(examples\/[a-z0-9-]+\.json)`:\n\n```json\n((?:.|\n)*?)```\n/) {
                let file = try String(contentsOf: root.appendingPathComponent(String(match.1)), encoding: .utf8)
                #expect(String(match.2) == file, "docs/\(page) shows \(match.1) differently from the file")
                shown += 1
            }
        }
        #expect(shown >= 1)
    }

    /// The failure sentence the guide shows is the one Feedshot writes for the change it describes
    /// ("Lunch tomorrow?" drawn as "Lunch tomorrow!"), figures included.
    @Test func theGuidesFailureSentenceIsTheOneFeedshotWrites() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let guide = try String(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/snapshot-testing.md"),
            encoding: .utf8)
        let example = try String(contentsOf: here.appendingPathComponent("ChatSnapshotTests.swift"), encoding: .utf8)
        let start = try #require(example.range(of: "{\"kind\""))
        let end = try #require(example.range(of: "]}", range: start.lowerBound..<example.endIndex))
        let changed = String(example[start.lowerBound..<end.upperBound]).replacingOccurrences(
            of: "Lunch tomorrow?", with: "Lunch tomorrow!")
        #expect(changed.contains("Lunch tomorrow!"))
        let reference = here.appendingPathComponent("__Snapshots__/ChatSnapshotTests/ChatSnapshotTests.conversation.light.png")
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-guide-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let sentence = try #require(
            verifySnapshot(of: try Feedshot.decode(Data(changed.utf8)), reference: reference, mode: .never, artifacts: artifacts))
        // The figures and the place: "N of M pixels (P %) differ by more than 0.1 (K anti-aliased
        // pixels not counted), …; the first difference is at Y pt (…), in item "…" (…)."
        let figures = try #require(sentence.firstMatch(of: /\d+ of \d+ pixels .*? allowed; the first difference is at .*? pt\)\./)).output
        // The guide wraps the sentence, indented as a code block.
        let shown = guide.replacingOccurrences(of: "\n    ", with: " ").contains(String(figures))
        #expect(shown, "the guide should show: \(figures)")
    }
}
