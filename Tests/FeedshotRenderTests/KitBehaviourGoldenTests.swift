import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// The "Kit behaviour that looks like a bug" tables name, for each behaviour, the goldens whose
/// layouts list it: exactly those, so a reader who opens a named golden sees the behaviour, and
/// a golden that shows one is named.
struct KitBehaviourGoldenTests {
    /// The goldens a behaviour's row names: the backticked golden names in its last column.
    static func goldensNamed(for behaviour: KitBehaviour, goldens: Set<String>) throws -> Set<String> {
        let file = try #require(behaviour.conformance.split(separator: "#").first.map(String.init))
        let table = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let row = try #require(table.split(separator: "\n").first { $0.contains(#"<a id="\#(behaviour.id)"></a>"#) }, "\(behaviour.id)")
        let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let last = try #require(cells.dropLast().last)
        let quoted = last.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
        return Set(quoted.map { String($0.element) }.filter(goldens.contains))
    }

    @Test func eachRowNamesTheGoldensWhoseLayoutsListIt() throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        var listing: [KitBehaviour: Set<String>] = [:]
        for name in GoldenTests.names {
            let json = try Data(contentsOf: GoldenTests.directory.appendingPathComponent("\(name).json"))
            let layout = try Feedshot.layout(Feedshot.decode(json, options: options), options: options)
            for behaviour in Set(layout.items.flatMap(\.kitBehaviours)) { listing[behaviour, default: []].insert(name) }
        }
        let goldens = Set(GoldenTests.names)
        for behaviour in KitBehaviour.allCases {
            let (named, listed) = (try Self.goldensNamed(for: behaviour, goldens: goldens), listing[behaviour, default: []])
            #expect(named == listed, "\(behaviour.id): the row names \(named.sorted()), the layouts of \(listed.sorted()) list it")
        }
    }
}
