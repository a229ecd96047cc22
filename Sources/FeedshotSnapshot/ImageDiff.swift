import FeedshotRender
import Foundation

/// Perceptual image comparison in the manner of pixelmatch: a pixel differs when its YIQ colour
/// distance exceeds `threshold` (0...1, 0.1 by default); pixels that only differ because an
/// anti-aliased edge moved are detected and reported apart, not counted, unless `includeAntiAliasing`.
/// With a `searchRadius`, a pixel also matches when the other image has a close enough pixel that
/// near it (both ways): for images another engine rasterized, whose edges fall a fraction of a
/// pixel away.
public struct ImageDiff: Sendable {
    /// The largest YIQ distance, 0…1, at which two pixels still match.
    public var threshold: Double
    /// Count pixels that differ only as anti-aliasing (otherwise reported apart).
    public var includeAntiAliasing: Bool
    /// Pixels around a position (0: none; 1: the 3 × 3 square) where a match may be found: a
    /// pixel differs only when neither image has, within this distance of it, a pixel that
    /// matches the other's pixel there. A whole image moved by more than this still differs.
    public var searchRadius: Int

    /// - Parameters:
    ///   - threshold: The largest YIQ distance, 0…1, at which two pixels match.
    ///   - includeAntiAliasing: Count anti-aliased pixels as differences.
    ///   - searchRadius: How far from a pixel a match may be found (0: the same position only).
    public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false, searchRadius: Int = 0) {
        self.threshold = threshold
        self.includeAntiAliasing = includeAntiAliasing
        self.searchRadius = max(0, searchRadius)
    }

    /// What a comparison found.
    public struct Result: Sendable, CustomStringConvertible {
        /// Pixels that differ beyond the threshold (anti-aliasing excluded unless included).
        public var differingPixels: Int
        /// Pixels that differ only as anti-aliasing.
        public var antiAliasedPixels: Int
        /// Width × height.
        public var totalPixels: Int
        /// The top-most pixel row holding a counted difference (from 0), nil when none.
        public var firstDifferingRow: Int?
        /// Differences red, anti-aliasing yellow, the rest faded grey (a dark reference's inverted,
        /// so its context reads as dark on light too): drawn when asked for, so a comparison that
        /// passes never pays for it.
        public var diffImage: RGBAImage { drawDiffImage() }
        /// Draws `diffImage`.
        let drawDiffImage: @Sendable () -> RGBAImage

        /// `differingPixels` as a share of `totalPixels`, 0…1.
        public var differingRatio: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

        /// "57 differing, 82 anti-aliased of 361500 pixels".
        public var description: String { "\(differingPixels) differing, \(antiAliasedPixels) anti-aliased of \(totalPixels) pixels" }
    }

    /// Why two images cannot be compared.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// They differ in size (width × height of each).
        case sizeMismatch(expected: (Int, Int), actual: (Int, Int))

        /// Equal when they say the same.
        public static func == (a: Failure, b: Failure) -> Bool { a.description == b.description }

        /// The sentence the CLI and the snapshot messages show.
        public var description: String {
            switch self {
            case .sizeMismatch(let e, let a): "the images differ in size: the first is \(e.0) × \(e.1) pixels, the second \(a.0) × \(a.1)"
            }
        }
    }

    /// Compares `a` with `b` pixel by pixel.
    public func compare(_ a: RGBAImage, _ b: RGBAImage) throws(Failure) -> Result {
        guard a.width == b.width, a.height == b.height else {
            throw .sizeMismatch(expected: (a.width, a.height), actual: (b.width, b.height))
        }
        let total = a.width * a.height
        // libc's memcmp (the C boundary): a debug build's element-wise == over megabytes of
        // pixels would dominate the snapshot tests' time.
        let identical = a.pixels.withUnsafeBytes { p1 in
            b.pixels.withUnsafeBytes { p2 in memcmp(p1.baseAddress!, p2.baseAddress!, p1.count) == 0 }
        }
        if identical {
            // Fast path: nothing differs; the diff image is the faded reference.
            return Result(
                differingPixels: 0, antiAliasedPixels: 0, totalPixels: total, firstDifferingRow: nil,
                drawDiffImage: { ImageDiff.faded(a, inverted: ImageDiff.isDark(a)) })
        }
        var noImage: [UInt8] = []
        let (differing, antiAliased, firstRow) = classify(a, b, into: &noImage, inverted: false)
        return Result(
            differingPixels: differing, antiAliasedPixels: antiAliased, totalPixels: total, firstDifferingRow: firstRow,
            drawDiffImage: { [self] in
                var out = [UInt8](repeating: 0, count: a.pixels.count)
                _ = classify(a, b, into: &out, inverted: ImageDiff.isDark(a))
                return RGBAImage(width: a.width, height: a.height, pixels: out)
            })
    }

    /// Counts the differing and the anti-aliased pixels of two images of one size, finds the first
    /// row with a counted difference and, unless `out` is empty, paints the diff image into it (as
    /// many bytes as the images), the unchanged pixels' grey `inverted` for a dark reference
    /// (`fadedGrey`). The pixels are read through bounds-checked spans.
    private func classify(_ a: RGBAImage, _ b: RGBAImage, into out: inout [UInt8], inverted: Bool) -> (
        differing: Int, antiAliased: Int, firstRow: Int?
    ) {
        let (width, height) = (a.width, a.height)
        let maxDelta = 35215 * threshold * threshold
        var differing = 0, antiAliased = 0
        var firstRow: Int?
        let p1 = a.pixels.span, p2 = b.pixels.span
        let drawing = !out.isEmpty
        for y in 0..<height {
            for x in 0..<width {
                let pos = (y * width + x) * 4
                let same =
                    p1[pos] == p2[pos] && p1[pos + 1] == p2[pos + 1] && p1[pos + 2] == p2[pos + 2] && p1[pos + 3] == p2[pos + 3]
                if same && !drawing { continue }
                let delta = same ? 0 : ImageDiff.colorDelta(p1, p2, pos, pos, yOnly: false)
                if abs(delta) > maxDelta
                    && !(searchRadius > 0
                        && ImageDiff.hasMatch(for: p1, pos, in: p2, x, y, width, height, radius: searchRadius, maxDelta: maxDelta)
                        && ImageDiff.hasMatch(for: p2, pos, in: p1, x, y, width, height, radius: searchRadius, maxDelta: maxDelta))
                {
                    if !includeAntiAliasing,
                        ImageDiff.isAntiAliased(p1, x, y, width, height, p2) || ImageDiff.isAntiAliased(p2, x, y, width, height, p1)
                    {
                        antiAliased += 1
                        if drawing { ImageDiff.put(&out, pos, 255, 255, 0) }
                    } else {
                        differing += 1
                        if firstRow == nil { firstRow = y }
                        if drawing { ImageDiff.put(&out, pos, 255, 0, 0) }
                    }
                } else if drawing {
                    let v = ImageDiff.fadedGrey(p1, pos, inverted: inverted)
                    ImageDiff.put(&out, pos, v, v, v)
                }
            }
        }
        return (differing, antiAliased, firstRow)
    }

    /// The image as faded grey, as unchanged pixels appear in a diff (`fadedGrey`).
    static func faded(_ image: RGBAImage, inverted: Bool) -> RGBAImage {
        var out = [UInt8](repeating: 255, count: image.pixels.count)
        let p = image.pixels.span
        for pos in stride(from: 0, to: p.count, by: 4) {
            let v = fadedGrey(p, pos, inverted: inverted)
            out[pos] = v
            out[pos + 1] = v
            out[pos + 2] = v
        }
        return RGBAImage(width: image.width, height: image.height, pixels: out)
    }

    /// An unchanged pixel in a diff: its luma at pixelmatch's 10 % over white. A dark image's
    /// (`isDark`) is inverted first, so a dark theme's context reads as a light one's does, dark
    /// ink on a near-white page: faded as it is, its dark background became a grey wash with
    /// near-white text on it, 20 levels apart, and the red and yellow marks lost their frame.
    static func fadedGrey(_ p: Span<UInt8>, _ pos: Int, inverted: Bool) -> UInt8 {
        let luma = rgb2y(rgb(p, pos))
        let faded = blend(inverted ? 255 - luma : luma, alpha: 0.1 * Double(p[pos + 3]) / 255)
        return UInt8(max(0, min(255, faded.rounded())))
    }

    /// Whether `image` is dark: its mean luma (composited over white) below half of full scale.
    static func isDark(_ image: RGBAImage) -> Bool {
        let p = image.pixels.span
        var sum = 0.0
        for pos in stride(from: 0, to: p.count, by: 4) { sum += rgb2y(rgb(p, pos)) }
        return p.count > 0 && sum / Double(p.count / 4) < 127.5
    }

    static func put(_ out: inout [UInt8], _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        out[pos] = r
        out[pos + 1] = g
        out[pos + 2] = b
        out[pos + 3] = 255
    }

    /// The pixel at `pos` composited over white.
    static func rgb(_ p: Span<UInt8>, _ pos: Int) -> (Double, Double, Double) {
        let alpha = Double(p[pos + 3]) / 255
        return (blend(Double(p[pos]), alpha: alpha), blend(Double(p[pos + 1]), alpha: alpha), blend(Double(p[pos + 2]), alpha: alpha))
    }

    static func blend(_ channel: Double, alpha: Double) -> Double { 255 + (channel - 255) * alpha }

    static func rgb2y(_ c: (Double, Double, Double)) -> Double { c.0 * 0.29889531 + c.1 * 0.58662247 + c.2 * 0.11448223 }
    static func rgb2i(_ c: (Double, Double, Double)) -> Double { c.0 * 0.59597799 - c.1 * 0.27417610 - c.2 * 0.32180189 }
    static func rgb2q(_ c: (Double, Double, Double)) -> Double { c.0 * 0.21147017 - c.1 * 0.52261711 + c.2 * 0.31114694 }

    /// Squared YIQ distance (signed: negative when the first pixel is lighter), or the luma difference only.
    static func colorDelta(_ p1: Span<UInt8>, _ p2: Span<UInt8>, _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        let c1 = rgb(p1, k), c2 = rgb(p2, m)
        let y1 = rgb2y(c1), y2 = rgb2y(c2)
        let y = y1 - y2
        if yOnly { return y }
        let i = rgb2i(c1) - rgb2i(c2), q = rgb2q(c1) - rgb2q(c2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether the pixel at (x1, y1) looks like anti-aliasing: between a darkest and a lightest
    /// neighbour, one of which sits in a flat area in both images.
    static func isAntiAliased(
        _ img: Span<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, _ other: Span<UInt8>
    ) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    (minX, minY) = (x, y)
                } else if delta > maxDelta {
                    maxDelta = delta
                    (maxX, maxY) = (x, y)
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY, width, height) && hasManySiblings(other, minX, minY, width, height))
            || (hasManySiblings(img, maxX, maxY, width, height) && hasManySiblings(other, maxX, maxY, width, height))
    }

    /// Whether `other` has a pixel within `radius` of (x, y) whose distance from the pixel of
    /// `image` at `pos` is at most `maxDelta`.
    static func hasMatch(
        for image: Span<UInt8>, _ pos: Int, in other: Span<UInt8>, _ x: Int, _ y: Int, _ width: Int,
        _ height: Int, radius: Int, maxDelta: Double
    ) -> Bool {
        for ny in max(0, y - radius)...min(height - 1, y + radius) {
            for nx in max(0, x - radius)...min(width - 1, x + radius)
            where abs(colorDelta(image, other, pos, (ny * width + nx) * 4, yOnly: false)) <= maxDelta {
                return true
            }
        }
        return false
    }

    /// Whether at least three neighbours of (x1, y1) have exactly its colour.
    static func hasManySiblings(_ img: Span<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let other = (y * width + x) * 4
                if img[pos] == img[other], img[pos + 1] == img[other + 1], img[pos + 2] == img[other + 2], img[pos + 3] == img[other + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
