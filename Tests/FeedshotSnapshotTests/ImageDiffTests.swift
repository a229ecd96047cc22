import FeedshotRender
import FeedshotSnapshot
import Testing

/// Diff counts on hand-made image pairs.
struct ImageDiffTests {
    static let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)

    func set(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
        let i = (y * image.width + x) * 4
        image.pixels[i] = c.0
        image.pixels[i + 1] = c.1
        image.pixels[i + 2] = c.2
        image.pixels[i + 3] = c.3
    }

    /// A black block from column 0 to `edge - 1`, a grey anti-aliased column at `edge`, white after.
    func edge(at edge: Int) -> RGBAImage {
        var image = RGBAImage(width: 20, height: 10, fill: Self.white)
        for y in 0..<10 {
            for x in 0..<edge { set(&image, x, y, (0, 0, 0, 255)) }
            set(&image, edge, y, (128, 128, 128, 255))
        }
        return image
    }

    @Test func identicalImagesDoNotDiffer() throws {
        let a = edge(at: 8)
        let result = try ImageDiff().compare(a, a)
        #expect(result.differingPixels == 0 && result.antiAliasedPixels == 0)
        #expect(result.totalPixels == 200)
    }

    @Test func oneChangedPixelIsCounted() throws {
        let a = RGBAImage(width: 10, height: 10, fill: Self.white)
        var b = a
        set(&b, 4, 4, (255, 0, 0, 255))
        let result = try ImageDiff().compare(a, b)
        #expect(result.differingPixels == 1)
        #expect(result.firstDifferingRow == 4)
        #expect(try ImageDiff().compare(a, a).firstDifferingRow == nil)
        // The diff image marks it red and fades the rest.
        let i = (4 * 10 + 4) * 4
        #expect(Array(result.diffImage.pixels[i..<i + 4]) == [255, 0, 0, 255])
        #expect(result.diffImage.pixels[0] > 200)
    }

    /// The faded context reads as dark ink on a light page whether the reference is a light theme
    /// (dark text on white) or a dark one (light text on black, inverted): text darker than its
    /// background, the background near white, and the changed pixel red.
    @Test(arguments: [false, true])
    func theContextOfALightOrDarkImageReadsDarkOnLight(dark: Bool) throws {
        let (page, ink): ((UInt8, UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8, UInt8)) =
            dark ? ((0, 0, 0, 255), (240, 240, 240, 255)) : (Self.white, (20, 20, 20, 255))
        var a = RGBAImage(width: 10, height: 10, fill: page)
        for x in 2..<6 { set(&a, x, 2, ink) }
        var b = a
        set(&b, 8, 8, (255, 0, 0, 255))
        for result in [try ImageDiff().compare(a, b), try ImageDiff().compare(a, a)] {
            let image = result.diffImage
            let background = image.pixels[(0 * 10 + 0) * 4], text = image.pixels[(2 * 10 + 3) * 4]
            #expect(background >= 250, "dark: \(dark)")
            #expect(Int(background) - Int(text) >= 20, "dark: \(dark): text \(text) on \(background)")
        }
        let i = (8 * 10 + 8) * 4
        #expect(Array(try ImageDiff().compare(a, b).diffImage.pixels[i..<i + 4]) == [255, 0, 0, 255])
    }

    @Test func anAntiAliasedEdgeShiftedByOnePixelIsReportedButNotCounted() throws {
        let result = try ImageDiff().compare(edge(at: 8), edge(at: 9))
        #expect(result.differingPixels == 0)
        #expect(result.antiAliasedPixels == 20)
        let counted = try ImageDiff(includeAntiAliasing: true).compare(edge(at: 8), edge(at: 9))
        #expect(counted.differingPixels == 20)
        // Anti-aliasing is yellow in the diff image.
        let i = (0 * 20 + 8) * 4
        #expect(Array(result.diffImage.pixels[i..<i + 3]) == [255, 255, 0])
    }

    /// Lowering blue by k from white moves YIQ by 0.0565 k²; the 0.1 threshold is 352.15, k ≈ 78.9.
    @Test(arguments: [(70, 0), (78, 0), (80, 1), (90, 1)])
    func colourChangesJustBelowAndAboveTheThreshold(k: Int, expected: Int) throws {
        let a = RGBAImage(width: 3, height: 3, fill: Self.white)
        var b = a
        set(&b, 1, 1, (255, 255, UInt8(255 - k), 255))
        #expect(try ImageDiff(threshold: 0.1).compare(a, b).differingPixels == expected)
    }

    @Test func differentSizesAreAnErrorNotACount() {
        #expect(throws: ImageDiff.Failure.sizeMismatch(expected: (10, 10), actual: (10, 11))) {
            try ImageDiff().compare(RGBAImage(width: 10, height: 10, fill: Self.white), RGBAImage(width: 10, height: 11, fill: Self.white))
        }
    }

    @Test func tolerancesAllowACountOrARatio() throws {
        let a = RGBAImage(width: 100, height: 100, fill: Self.white)
        var b = a
        for x in 0..<6 { set(&b, x * 10, 50, (0, 0, 0, 255)) }
        let result = try ImageDiff().compare(a, b)
        #expect(result.differingPixels == 6)
        #expect(!SnapshotTolerance(maxDifferingPixels: 5, maxDifferingRatio: 0).accepts(result))
        #expect(SnapshotTolerance(maxDifferingPixels: 6, maxDifferingRatio: 0).accepts(result))
        #expect(SnapshotTolerance(maxDifferingPixels: 0, maxDifferingRatio: 0.0006).accepts(result))
        #expect(!SnapshotTolerance.exact.accepts(result))
    }

    /// With a search radius, an edge that another rasterizer put a pixel away matches, a pixel
    /// that has no counterpart nearby still differs, and so does an edge moved further.
    @Test func aSearchRadiusForgivesEdgesAPixelAwayOnly() throws {
        let strict = ImageDiff(threshold: 0.1, includeAntiAliasing: true)
        let near = ImageDiff(threshold: 0.1, includeAntiAliasing: true, searchRadius: 1)
        let a = edge(at: 8)
        #expect(try strict.compare(a, edge(at: 9)).differingPixels == 20)
        #expect(try near.compare(a, edge(at: 9)).differingPixels == 0)
        #expect(try near.compare(a, edge(at: 10)).differingPixels == 30)
        // A dot with nothing like it within a pixel differs, both ways.
        var dotted = a
        set(&dotted, 15, 5, (0, 0, 0, 255))
        #expect(try near.compare(a, dotted).differingPixels == 1)
        #expect(try near.compare(dotted, a).differingPixels == 1)
    }
}
