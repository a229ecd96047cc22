import FeedshotLayout
import FeedshotRender
import FeedshotSnapshot
import Foundation
import Testing

/// Every `goldens/<name>.json` renders to `goldens/<name>.png`, within the snapshot tolerance.
/// Documents read their images from `examples/` (`assets/…`). Re-record with
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter GoldenTests`; CI runs with `never`.
struct GoldenTests {
    static let directory = packageRoot.appendingPathComponent("goldens")

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
        let (png, layout) = try Feedshot.renderWithLayout(Feedshot.decode(json, options: options), options: options)
        let image = try RGBAImage(png: png)
        #expect(image.width == layout.pixelWidth && image.height == layout.pixelHeight)
        if let failure = verifySnapshot(png: png, reference: Self.directory.appendingPathComponent("\(name).png")) {
            Issue.record(Comment(rawValue: failure))
        }
    }
}
