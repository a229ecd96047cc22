import Foundation

/// WebP lossless files written by Feedshot's own encoder — the default WebP output.
///
/// The format is the VP8L bitstream in a RIFF "VP8L" chunk, as RFC 9649 ("WebP Image Format")
/// publishes Google's "Specification for WebP Lossless Bitstream"; section numbers (§) in these
/// files are that specification's own. libwebp's encoder searches every image for the best of many predictors and references,
/// which cost 9 to 25 times the PNG's encode on Feedshot's layouts (docs/performance.md, "WebP").
/// A layout is mostly rows equal to the row above, runs of one colour and words drawn again, and
/// the strips say which columns may differ from the row above, so this encoder finds what the PNG
/// encoder finds, in VP8L's terms: each strip becomes symbols (`tokens(strip:…)`: copies from
/// above, before or an earlier occurrence, colour cache hits and literals), on several threads for
/// a tall image (`StripQueue`); the strips are joined in order (`resolve`: the colour cache across
/// them), and written with one prefix code per alphabet built from the symbols' counts
/// (`HuffmanCode`), after the subtract-green transform (§4.3), with a colour cache of
/// 2^`cacheBits` and no meta prefix codes. Decoded, the pixels are the PNG's exactly (straight
/// alpha); the bytes are the same whatever the thread count.
struct LosslessWebP {
    /// Threads that may code strips (the caller among them).
    var threads = 1

    /// The layout drawn strip by strip, as a WebP lossless file.
    ///
    /// - Throws: `RenderError.limit` for an image wider or taller than WebP allows, and what
    ///   drawing throws.
    func encode(_ strips: StripRows) throws(RenderError) -> Data {
        try WebPEncoder.checkSize(width: strips.width, height: strips.height)
        let width = strips.width
        guard strips.rowStride == width * 4 else {
            throw RenderError.invariant("Cairo's rows (\(strips.rowStride) bytes) are not \(width) pixels")
        }
        let coded: [StripTokens]
        if strips.windows.count == 1 {
            // One strip: drawn into the strips' own buffer and coded here.
            coded = [
                try strips.withDrawnStrip(0) { pixels in
                    LosslessWebP.tokens(strip: pixels, rows: strips.windows[0], above: nil, width: width) { y in
                        strips.changedColumns(y).map { $0[...] }
                    }
                }
            ]
        } else {
            let windows = strips.windows
            let result = try StripQueue<StripTokens>.code(strips, threads: threads) { strip in
                strip.withPixels { pixels, above in
                    LosslessWebP.tokens(strip: pixels, rows: windows[strip.index], above: above, width: width) {
                        strip.changedColumns($0)
                    }
                }
            }
            guard let result else { throw RenderError.invariant("a strip of a WebP image was refused") }
            coded = result
        }
        return LosslessWebP.file(LosslessWebP.resolve(coded), width: width, height: strips.height)
    }

    /// Premultiplied pixels (Cairo's words, `width` a row) as a WebP lossless file, coded in
    /// strips of `stripRows` rows on this thread; `changedColumns` gives the columns of a row that
    /// may differ from the row above (nil, or no function: any) — what `encode(_:)` does with a
    /// layout's strips, for pixels from anywhere.
    static func encode(
        pixels: [UInt32], width: Int, height: Int, stripRows: Int, changedColumns: ((Int) -> [Int32]?)? = nil
    ) throws(RenderError) -> Data {
        try WebPEncoder.checkSize(width: width, height: height)
        precondition(width > 0 && height > 0 && pixels.count == width * height && stripRows > 0, "\(width) × \(height) pixels")
        var coded: [StripTokens] = []
        for rows in StripRows.windows(height: height, rows: stripRows) {
            let strip = pixels.span.extracting(rows.lowerBound * width..<rows.upperBound * width)
            let columns: (Int) -> ArraySlice<Int32>? = { y in changedColumns?(y).map { $0[...] } }
            if rows.lowerBound == 0 {
                coded.append(tokens(strip: strip, rows: rows, above: nil, width: width, changedColumns: columns))
            } else {
                let above = Array(pixels[(rows.lowerBound - 1) * width..<rows.lowerBound * width])
                coded.append(tokens(strip: strip, rows: rows, above: above.span, width: width, changedColumns: columns))
            }
        }
        return file(resolve(coded), width: width, height: height)
    }

    /// The strips' operations in order, each deferred literal decided: a cache hit when the
    /// colour cache, as every strip before its own left it, holds its pixel in its slot; a
    /// literal otherwise.
    static func resolve(_ strips: [StripTokens]) -> [[UInt64]] {
        // Only slots a pixel has been written to count: a decoder starts with zeros, but a hit on
        // a slot never written would lean on that.
        var cache = [UInt32](repeating: 0, count: 1 << cacheBits)
        var written = [Bool](repeating: false, count: 1 << cacheBits)
        return strips.map { strip in
            var operations = strip.operations
            for index in operations.indices where operations[index] & Operation.kind == Operation.deferred {
                let slot = Int(operations[index] >> 32 & 0xFFFF), pixel = UInt32(truncatingIfNeeded: operations[index])
                let hit = written[slot] && cache[slot] == pixel
                operations[index] = hit ? Operation.cacheHit | UInt64(slot) : Operation.literal | UInt64(pixel)
            }
            for write in strip.cacheWrites {
                cache[Int(write >> 32)] = UInt32(truncatingIfNeeded: write)
                written[Int(write >> 32)] = true
            }
            return operations
        }
    }

    /// The symbol alphabets (§5.2.2, §6.2.3), laid end to end in `counts(_:)`: green (256 values)
    /// with the 24 length prefixes and the 2^`cacheBits` colour cache slots after it, red, blue,
    /// alpha (256 each), and the 40 distance prefixes.
    enum Alphabet {
        static let lengths = 256
        static let cache = 280
        static let red = cache + 1 << cacheBits
        static let blue = red + 256
        static let alpha = blue + 256
        static let distance = alpha + 256
        static let total = distance + 40
        /// Each alphabet's first index in `counts` and its size, in the order the codes are written.
        static let ranges = [0..<red, red..<blue, blue..<alpha, alpha..<distance, distance..<total]
    }

    /// The colour cache's size, as a power of two (§5.2.3; 1–11).
    static let cacheBits = 11

    /// A pixel's colour cache slot (§5.2.3).
    @inline(__always)
    static func cacheSlot(_ argb: UInt32) -> Int { Int((argb &* 0x1E35_A7BD) >> (32 - UInt32(cacheBits))) }

    /// Green subtracted from red and blue (§4.3), alpha and green as they are.
    @inline(__always)
    static func subtractingGreen(_ argb: UInt32) -> UInt32 {
        let green = argb >> 8 & 0xFF
        let red = (argb >> 16 &- green) & 0xFF
        let blue = (argb &- green) & 0xFF
        return argb & 0xFF00_FF00 | red << 16 | blue
    }

    /// The prefix symbol of a length or distance code `value` (≥ 1), its extra bits' count and
    /// value (§5.2.2: values 1–4 are symbols 0–3; above, two symbols per power of two).
    @inline(__always)
    static func prefix(_ value: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
        let d = value - 1
        guard d >= 4 else { return (d, 0, 0) }
        let highest = Int.bitWidth - 1 - d.leadingZeroBitCount
        let second = d >> (highest - 1) & 1
        let extraBits = highest - 1
        return (2 * highest + second, extraBits, d & (1 << extraBits - 1))
    }

    /// The symbols' counts, the alphabets end to end (`Alphabet`), the extra bits of the
    /// references' lengths and distances, and whether a literal has alpha below 255.
    static func counts(_ strips: [[UInt64]]) -> (counts: [UInt32], extraBits: Int, usesAlpha: Bool) {
        var counts = [UInt32](repeating: 0, count: Alphabet.total)
        var extraBits = 0
        var alpha: UInt32 = 0xFF
        for operations in strips {
            for operation in operations {
                switch operation & Operation.kind {
                case Operation.literal:
                    let word = UInt32(truncatingIfNeeded: operation)
                    counts[Int(word >> 8 & 0xFF)] += 1
                    counts[Alphabet.red + Int(word >> 16 & 0xFF)] += 1
                    counts[Alphabet.blue + Int(word & 0xFF)] += 1
                    counts[Alphabet.alpha + Int(word >> 24)] += 1
                    alpha &= word >> 24
                case Operation.cacheHit:
                    counts[Alphabet.cache + Int(operation & 0xFFFF)] += 1
                default:
                    let length = prefix(Int(operation >> 32 & 0xFFFF)), place = prefix(Int(operation & 0xFFFF_FFFF))
                    counts[Alphabet.lengths + length.symbol] += 1
                    counts[Alphabet.distance + place.symbol] += 1
                    extraBits += length.extraBits + place.extraBits
                }
            }
        }
        return (counts, extraBits, alpha != 0xFF)
    }

    /// The whole file: RIFF header, the VP8L header, the transform, the codes and the symbols.
    static func file(_ strips: [[UInt64]], width: Int, height: Int) -> Data {
        let (counts, extraBits, usesAlpha) = LosslessWebP.counts(strips)
        let codes = Alphabet.ranges.map { PrefixCode(counts: counts[$0]) }
        // An upper bound on the symbols' bits: 15 a code, four a literal, two a reference.
        let operations = strips.reduce(0) { $0 + $1.count }
        var bits = BitWriter(capacity: (operations * 60 + extraBits) / 8 + 4096, reserving: 20)
        bits.put(0x2F, 8)  // the VP8L signature
        bits.put(UInt64(width - 1), 14)
        bits.put(UInt64(height - 1), 14)
        bits.put(usesAlpha ? 1 : 0, 1)
        bits.put(0, 3)  // version 0
        bits.put(1, 1)  // a transform follows:
        bits.put(2, 2)  // subtract green
        bits.put(0, 1)  // no more transforms
        bits.put(1, 1)  // a colour cache
        bits.put(UInt64(cacheBits), 4)
        bits.put(0, 1)  // one group of codes for the whole image (no meta prefix codes)
        for code in codes { code.writeDefinition(into: &bits) }
        for operations in strips { writeSymbols(operations, codes: codes, into: &bits) }
        // RIFF's header and the VP8L chunk's (its size without the padding to an even size).
        return bits.finish { count in
            func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            return Array("RIFF".utf8) + littleEndian(12 + count + count % 2) + Array("WEBPVP8L".utf8) + littleEndian(count)
        }
    }

    /// The symbols of `operations`, each with its code (and a reference's extra bits).
    static func writeSymbols(_ operations: [UInt64], codes: [PrefixCode], into bits: inout BitWriter) {
        let green = codes[0], red = codes[1], blue = codes[2], alpha = codes[3], distance = codes[4]
        for operation in operations {
            switch operation & Operation.kind {
            case Operation.literal:
                let word = UInt32(truncatingIfNeeded: operation)
                let g = green.entry(Int(word >> 8 & 0xFF)), r = red.entry(Int(word >> 16 & 0xFF))
                bits.put(g.code | r.code << g.length, g.length + r.length)
                let b = blue.entry(Int(word & 0xFF)), a = alpha.entry(Int(word >> 24))
                bits.put(b.code | a.code << b.length, b.length + a.length)
            case Operation.cacheHit:
                let code = green.entry(Alphabet.cache + Int(operation & 0xFFFF))
                bits.put(code.code, code.length)
            default:
                let length = prefix(Int(operation >> 32 & 0xFFFF))
                let code = green.entry(Alphabet.lengths + length.symbol)
                bits.put(code.code | UInt64(length.extra) << code.length, code.length + UInt64(length.extraBits))
                let place = prefix(Int(operation & 0xFFFF_FFFF))
                let symbol = distance.entry(place.symbol)
                bits.put(symbol.code | UInt64(place.extra) << symbol.length, symbol.length + UInt64(place.extraBits))
            }
        }
    }
}

extension LosslessWebP {
    /// A pixel as Cairo drew it (premultiplied) as the decoder holds it before inverting the
    /// transform: straight alpha, green subtracted.
    @inline(__always)
    static func decoded(_ pixel: UInt32) -> UInt32 {
        subtractingGreen(pixel >= 0xFF00_0000 ? pixel : PNGEncoder.unpremultiplied(pixel))
    }
}
