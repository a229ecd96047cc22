import Foundation

/// The row filters: pixels in, PNG rows out, each with filter byte 2 ("Up": every byte minus the
/// byte above it, zero above the first row), and the row's dirty spans.
extension PNGEncoder {
    /// RGB rows straight from Cairo's native-endian ARGB words; refuses a row with a pixel that is
    /// not opaque (premultiplied and straight colour agree only for opaque pixels).
    ///
    /// The row, zeros on entry (`RowFilter`), is compared with the one above — only in the columns
    /// the source says can differ (`changedColumns`), else whole — sixteen pixels at a time: a
    /// chunk equal to the row above is passed after eight word comparisons (and stays zeros, never
    /// written); otherwise 16-byte vectors
    /// (`SIMD16`, kept in SSE registers by the compiler) give a mask of the pixels that differ, the
    /// chunk is converted whole,
    /// without a branch per pixel, and its runs of differing pixels become dirty spans. A pixel
    /// equal to the one above was found opaque there.
    static func opaqueRows(_ pixels: any PixelRows) -> RowFilter {
        let width = pixels.width
        return { y, out, spans throws(RenderError) in
            out[0] = 2
            spans.add(0, 1)
            return try pixels.withRow(y) { row, above, columns throws(RenderError) in
                guard let above else {
                    spans.add(1, 1 + width * 3)
                    var target = out.mutableBytes
                    for x in 0..<width {
                        let p = row[x]
                        guard p >= 0xFF00_0000 else { return false }
                        target.storeBytes(of: rgbBytes(p), toByteOffset: 1 &+ x &* 3, as: UInt32.self)
                    }
                    return true
                }
                var target = out.mutableBytes
                if let columns {
                    var k = 0
                    while k &+ 1 < columns.count {
                        let start = Int(columns[k]), end = Int(columns[k &+ 1])
                        k &+= 2
                        guard upFilteredChanges(row.bytes, above.bytes, columns: start..<end, into: &target, spans: &spans) else {
                            return false
                        }
                    }
                    return true
                }
                return upFilteredChanges(row.bytes, above.bytes, columns: 0..<width, into: &target, spans: &spans)
            }
        }
    }

    typealias Bytes16 = SIMD16<UInt8>

    /// Writes into `target` (a filtered row, filter byte first, zeroed) the Up-filtered RGB of the
    /// pixels of `row` in `columns` that differ from `above` and marks their spans; false at a
    /// differing pixel that is not opaque. The columns are checked against the spans once; the
    /// loops then load and store unchecked, within them: pixel `x` is read at `4x..<4x + 4` and
    /// written at `1 + 3x..<1 + 3x + 4`, and a chunk's last pixel is before `columns.upperBound`.
    @inline(__always)
    static func upFilteredChanges(
        _ row: RawSpan, _ above: RawSpan, columns: Range<Int>, into target: inout MutableRawSpan, spans: inout DirtySpans
    ) -> Bool {
        let last = columns.upperBound
        precondition(
            columns.lowerBound >= 0 && last * 4 <= row.byteCount && last * 4 <= above.byteCount && last * 3 + 2 <= target.byteCount,
            "changed columns inside the row")
        guard columns.count >= 16 else {
            for x in columns {
                let p = row.unsafeLoadUnaligned(fromUncheckedByteOffset: x &* 4, as: UInt32.self)
                let q = above.unsafeLoadUnaligned(fromUncheckedByteOffset: x &* 4, as: UInt32.self)
                guard p != q else { continue }
                guard p >= 0xFF00_0000 else { return false }
                target.storeBytes(of: rgbBytes(bytewiseDifference(p, q)), toUncheckedByteOffset: 1 &+ x &* 3, as: UInt32.self)
                spans.add(1 &+ x &* 3, 4 &+ x &* 3)
            }
            return true
        }
        var x = columns.lowerBound
        // Whole chunks, then the last sixteen pixels again for the rest, their earlier pixels
        // masked off (written again with the same bytes).
        while x < last {
            let chunk = min(x, last &- 16)
            let r = chunk &* 4
            // Most chunks equal the row above: eight word comparisons say so before any vector
            // work (cheap in a debug build too, where the vector operations are calls).
            if equalWords(row, above, at: r) {
                x = chunk &+ 16
                continue
            }
            let p0 = row.unsafeLoadUnaligned(fromUncheckedByteOffset: r, as: Bytes16.self)
            let q0 = above.unsafeLoadUnaligned(fromUncheckedByteOffset: r, as: Bytes16.self)
            let p1 = row.unsafeLoadUnaligned(fromUncheckedByteOffset: r &+ 16, as: Bytes16.self)
            let q1 = above.unsafeLoadUnaligned(fromUncheckedByteOffset: r &+ 16, as: Bytes16.self)
            let p2 = row.unsafeLoadUnaligned(fromUncheckedByteOffset: r &+ 32, as: Bytes16.self)
            let q2 = above.unsafeLoadUnaligned(fromUncheckedByteOffset: r &+ 32, as: Bytes16.self)
            let p3 = row.unsafeLoadUnaligned(fromUncheckedByteOffset: r &+ 48, as: Bytes16.self)
            let q3 = above.unsafeLoadUnaligned(fromUncheckedByteOffset: r &+ 48, as: Bytes16.self)
            let differing: SIMD4<Int32> =
                (differs(p0, q0) & SIMD4(1, 2, 4, 8)) | (differs(p1, q1) & SIMD4(16, 32, 64, 128))
                | (differs(p2, q2) & SIMD4(256, 512, 1024, 2048)) | (differs(p3, q3) & SIMD4(4096, 8192, 16384, 32768))
            let skipped = UInt32(x &- chunk)
            let mask = (UInt32(bitPattern: differing[0] | differing[1] | differing[2] | differing[3]) &>> skipped) &<< skipped
            if mask != 0 {
                let alpha = unsafeBitCast((p0 & p1) & (p2 & p3), to: SIMD2<UInt64>.self)
                guard alpha[0] & alpha[1] & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 else { return false }
                let t = 1 &+ chunk &* 3
                storeRGB(p0 &- q0, at: t, into: &target)
                storeRGB(p1 &- q1, at: t &+ 12, into: &target)
                storeRGB(p2 &- q2, at: t &+ 24, into: &target)
                storeRGB(p3 &- q3, at: t &+ 36, into: &target)
                // Runs of differing pixels, a one-pixel gap between two counted in.
                var runs = mask | (mask &<< 1 & mask &>> 1)
                while runs != 0 {
                    let start = runs.trailingZeroBitCount
                    let end = start &+ (~(runs &>> UInt32(start))).trailingZeroBitCount
                    spans.add(1 &+ (chunk &+ start) &* 3, 1 &+ (chunk &+ end) &* 3)
                    runs &= ~0 &<< UInt32(end)
                }
            }
            x = chunk &+ 16
        }
        return true
    }

    /// Whether the 64 bytes at `offset` of `a` and `b` (sixteen pixels) are the same, read as
    /// eight words, unchecked: the caller keeps `offset + 64` within both.
    @inline(__always)
    static func equalWords(_ a: RawSpan, _ b: RawSpan, at offset: Int) -> Bool {
        var difference: UInt64 = 0
        var k = 0
        while k < 64 {
            difference |=
                a.unsafeLoadUnaligned(fromUncheckedByteOffset: offset &+ k, as: UInt64.self)
                ^ b.unsafeLoadUnaligned(fromUncheckedByteOffset: offset &+ k, as: UInt64.self)
            k &+= 8
        }
        return difference == 0
    }

    /// All ones in each 32-bit lane (pixel) where `a` and `b` differ, else zero.
    @inline(__always)
    static func differs(_ a: Bytes16, _ b: Bytes16) -> SIMD4<Int32> {
        unsafeBitCast(unsafeBitCast(a ^ b, to: SIMD4<UInt32>.self) .!= SIMD4<UInt32>(repeating: 0), to: SIMD4<Int32>.self)
    }

    /// Four opaque ARGB words' bytewise differences as twelve bytes R, G, B… at `offset` of
    /// `target` (and a zero after them: the alpha difference), unchecked: the caller keeps
    /// `offset + 13` within `target`.
    @inline(__always)
    static func storeRGB(_ difference: Bytes16, at offset: Int, into target: inout MutableRawSpan) {
        let w = unsafeBitCast(difference, to: SIMD4<UInt32>.self)
        target.storeBytes(of: rgbBytes(w[0]), toUncheckedByteOffset: offset, as: UInt32.self)
        target.storeBytes(of: rgbBytes(w[1]), toUncheckedByteOffset: offset &+ 3, as: UInt32.self)
        target.storeBytes(of: rgbBytes(w[2]), toUncheckedByteOffset: offset &+ 6, as: UInt32.self)
        target.storeBytes(of: rgbBytes(w[3]), toUncheckedByteOffset: offset &+ 9, as: UInt32.self)
    }

    /// RGBA rows from Cairo's premultiplied ARGB words, alpha un-premultiplied. Keeps the
    /// previous row's straight pixels, so rows must be asked for in order.
    static func translucentRows(_ pixels: any PixelRows) -> RowFilter {
        let width = pixels.width
        var above = [UInt32](repeating: 0, count: width)
        return { y, out, spans throws(RenderError) in
            out[0] = 2
            spans.add(0, 1 + width * 4)
            return try pixels.withRow(y) { row, _, _ in
                var target = out.mutableBytes
                for x in 0..<width {
                    let straight = unpremultiplied(row[x])
                    let q = y > 0 ? above[x] : 0
                    target.storeBytes(of: rgbaBytes(bytewiseDifference(straight, q)), toByteOffset: 1 + x * 4, as: UInt32.self)
                    above[x] = straight
                }
                return true
            }
        }
    }

    /// Rows from straight RGBA bytes, written as RGB (`channels` 3, refusing translucent
    /// pixels) or RGBA (`channels` 4).
    static func straightRows(_ pixels: [UInt8], width: Int, channels: Int) -> RowFilter {
        return { y, out, spans in
            out[0] = 2
            spans.add(0, 1 + width * channels)
            let row = y * width * 4, above = (y - 1) * width * 4
            var o = 1
            for x in 0..<width {
                if channels == 3 && pixels[row + x * 4 + 3] != 255 { return false }
                for c in 0..<channels {
                    out[o] = pixels[row + x * 4 + c] &- (y > 0 ? pixels[above + x * 4 + c] : 0)
                    o += 1
                }
            }
            return true
        }
    }

    /// Each byte of `a` minus the same byte of `b`, modulo 256, without borrowing between bytes.
    @inline(__always)
    static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
    }

    /// An ARGB word as the bytes R, G, B (then a fourth, ignored) in memory.
    @inline(__always)
    static func rgbBytes(_ argb: UInt32) -> UInt32 {
        (argb.byteSwapped >> 8).littleEndian
    }

    /// An ARGB word as the bytes R, G, B, A in memory.
    @inline(__always)
    static func rgbaBytes(_ argb: UInt32) -> UInt32 {
        ((argb.byteSwapped >> 8) | (argb & 0xFF00_0000)).littleEndian
    }

    /// A premultiplied ARGB word with its colour divided by its alpha (rounded, at most 255).
    @inline(__always)
    static func unpremultiplied(_ argb: UInt32) -> UInt32 {
        let a = argb >> 24
        guard a != 0 && a != 255 else { return argb }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((argb >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return argb & 0xFF00_0000 | channel(16) | channel(8) | channel(0)
    }
}
