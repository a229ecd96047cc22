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
}
