import Foundation
import Testing

@testable import FeedshotLayout

/// The layout tree's vocabularies live in one place each: every event in `LayoutEvent`, every
/// role in `ElementRole`, every fixed item type in `ItemType`. Elsewhere the sources use the constants — never a name as a string
/// literal, where a typo (`postDidTap` for the kit's `postDidtap`) would compile.
struct VocabularyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let vocabularies: Set = [
        "FeedshotLayout/LayoutTree/LayoutEvent.swift", "FeedshotLayout/LayoutTree/ElementRole.swift",
        "FeedshotLayout/LayoutTree/ItemType.swift",
    ]

    /// Every Swift file under Sources but the two vocabularies, by its path, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !vocabularies.contains($0) }.sorted()
            .map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func noEventIsNamedOutsideLayoutEvent() throws {
        let files = try Self.sources()
        #expect(files.count > 100)
        for (path, text) in files {
            for event in LayoutEvent.all where text.contains("\"\(event.rawValue)\"") {
                Issue.record("\(path) names the event \"\(event.rawValue)\": use LayoutEvent.\(event.rawValue)")
            }
        }
    }

    @Test func noRoleIsNamedOutsideElementRole() throws {
        let literal = /role: "|ElementRole = "|ElementRole\(rawValue: "|\.add\("|frames\(\w+, "|type: "|ItemType\(rawValue: "/
        for (path, text) in try Self.sources() where path.hasPrefix("FeedshotLayout/") || path.hasPrefix("FeedshotRender/") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(literal) {
                Issue.record("\(path):\(number + 1) names a role by a literal: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    /// `LayoutEvent.all` lists every constant once, each named as its raw value.
    @Test func theEventListIsComplete() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("FeedshotLayout/LayoutTree/LayoutEvent.swift"), encoding: .utf8)
        let declared = text.matches(of: /public static let (\w+) = LayoutEvent\(rawValue: "(\w+)"\)/).map { ($0.1, $0.2) }
        #expect(declared.count == LayoutEvent.all.count && Set(LayoutEvent.all).count == LayoutEvent.all.count)
        #expect(declared.allSatisfy { $0.0 == $0.1 }, "each constant is named as its event")
        #expect(Set(declared.map { String($0.1) }) == Set(LayoutEvent.all.map(\.rawValue)))
    }

    /// A layout's events are all named in the vocabulary: every example and golden's actions.
    @Test func everyEventAndItemTypeIsInTheVocabulary() throws {
        let folder = Self.root.deletingLastPathComponent()
        let known = Set(LayoutEvent.all)
        var fired = Set<LayoutEvent>()
        var types = Set<ItemType>()
        for directory in ["examples", "goldens"] {
            let url = folder.appendingPathComponent(directory)
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".json") {
                let data = try Data(contentsOf: url.appendingPathComponent(file))
                guard let document = try? Document.decode(data) else { continue }
                let layout = try LayoutEngine.layout(document, measurer: FakeMeasurer())
                fired.formUnion(layout.items.flatMap(\.actions).map(\.event))
                types.formUnion(layout.items.map(\.type))
            }
        }
        #expect(fired.count > 30)
        #expect(fired.subtracting(known).isEmpty, "\(fired.subtracting(known))")
        // Item types: the fixed ones, or a message cell's key (`textIncoming`, a custom type's).
        let unnamed = types.subtracting(ItemType.all).filter { !$0.rawValue.hasSuffix("Incoming") && !$0.rawValue.hasSuffix("Outgoing") }
        #expect(types.count > 20 && unnamed.isEmpty, "\(unnamed)")
    }
}
