import FeedshotRender
import FeedshotSnapshotTesting
import Foundation
import Testing

@testable import FeedshotLayout

/// Every `goldens/<name>.json` renders to `goldens/<name>.png`, within the snapshot tolerance.
/// Documents read their images from `examples/` (`assets/…`). Re-record with
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter GoldenTests` (those runs fail, saying what
/// they recorded); CI runs with `never`.
struct GoldenTests {
    static let directory = packageRoot.appendingPathComponent("goldens")

    /// Stricter than pixelmatch's 0.1, so a pastel colour shift fails too (see ToleranceTests); no
    /// pixel may differ beyond it, anti-aliasing aside.
    static let tolerance = SnapshotTolerance(threshold: 0.03)

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func thereAreAtLeastTwelveGoldens() {
        #expect(Self.names.count >= 12)
    }

    @Test(arguments: names)
    func matchesItsGolden(name: String) throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let json = try Data(contentsOf: Self.directory.appendingPathComponent("\(name).json"))
        assertSnapshot(
            of: json, as: .image(tolerance: Self.tolerance), named: name, options: options,
            reference: Self.directory.appendingPathComponent("\(name).png"))
    }
}
