import FeedshotRender
import FeedshotSnapshotTesting
import Foundation
import Testing

@testable import FeedshotLayout

/// The README's pictures are what the current renderer draws: `docs/images/<name>.png` is
/// `examples/<name>.json` rendered, within the goldens' tolerance. When this fails, the renderer
/// changed on purpose or the pictures went stale: run `scripts/readme-pictures`, look at them, and
/// commit them.
struct ReadmePictureTests {
    static let names = ["chat", "feed", "messagekit", "custom-cells"]

    @Test func theReadmeShowsEachPicture() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for name in Self.names {
            #expect(readme.contains("src=\"docs/images/\(name).png\""), "README does not show \(name).png")
        }
    }

    @Test(arguments: names)
    func pictureIsWhatFeedshotDraws(name: String) throws {
        var options = RenderOptions()
        options.images.assetRoot = packageRoot.appendingPathComponent("examples")
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("examples/\(name).json"))
        assertSnapshot(
            of: json, as: .image(tolerance: GoldenTests.tolerance), named: name, options: options,
            reference: packageRoot.appendingPathComponent("docs/images/\(name).png"))
    }
}
