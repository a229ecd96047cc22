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
}
