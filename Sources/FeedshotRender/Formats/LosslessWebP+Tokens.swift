/// The first pass of `LosslessWebP`: one strip of pixel rows in, its symbols out — literal pixels,
/// colour cache hits and backward references (the WebP lossless specification's §5.2.2).
///
/// A pixel continues the copy running if it can (the same distance back); otherwise the copy that
/// reaches furthest is chosen among the pixel above, before, above-before and above-after
/// (distance codes 1–4) and an earlier occurrence in the strip of the next four pixels (a hash
/// table, as deflate's matcher: a word drawn again is the same pixels); failing that, the pixel is
/// a colour cache hit or a literal. Where the strip says which columns may differ from the row
/// above (`StripRows.changedColumns`), the others join a copy from above without a comparison;
/// inside them, a running copy is compared sixteen pixels at a time.
///
/// Each strip is coded from its own pixels and the row above it alone, so strips can be coded on
/// several threads (`StripQueue`) and the file is the same whatever the thread count. The one
/// thing a strip cannot know alone is the colour cache (§5.2.3), which every pixel before it has
/// filled: a literal whose cache slot the strip has not yet written is kept `deferred`, and
/// decided when the strips are joined in order (`LosslessWebP.resolve`).
extension LosslessWebP {
    /// One strip's symbols.
    final class StripTokens: Sendable {
        /// In order (`Operation`).
        let operations: [UInt64]
        /// The colour cache slots the strip wrote, with the last pixel written to each, as
        /// slot << 32 | pixel: the cache after the strip, once applied after those before it.
        let cacheWrites: [UInt64]

        init(operations: [UInt64], cacheWrites: [UInt64]) {
            self.operations = operations
            self.cacheWrites = cacheWrites
        }
    }

    /// An operation word: the kind in the top two bits; a literal's pixel (as the decoder holds it,
    /// `LosslessWebP.decoded`), a cache hit's slot, a copy's length and distance code, or a
    /// deferred literal's slot and pixel below.
    enum Operation {
        static let literal: UInt64 = 0
        static let cacheHit: UInt64 = 1 << 62
        static let copy: UInt64 = 2 << 62
        static let deferred: UInt64 = 3 << 62
        static let kind: UInt64 = 3 << 62

        static func copy(length: Int, code: Int) -> UInt64 { copy | UInt64(length) << 32 | UInt64(code) }
        static func deferred(slot: Int, pixel: UInt32) -> UInt64 { deferred | UInt64(slot) << 32 | UInt64(pixel) }
    }

    /// Per thread: what coding a strip needs besides its pixels, kept from strip to strip.
    final class Scratch {
        /// The colour cache as the strip has written it, and which slots it has written: those
        /// whose stamp is the strip's.
        var cache = [UInt32](repeating: 0, count: 1 << LosslessWebP.cacheBits)
        var stamps = [UInt32](repeating: 0, count: 1 << LosslessWebP.cacheBits)
        var stamp: UInt32 = 0
        /// Where each hash of four pixels last started a choice: `origin` plus the index into the
        /// strip. `origin` grows past a strip's positions after it, so a position below it is from
        /// an earlier strip (or image) and is not used; the table is never cleared.
        var recent = [Int](repeating: Int.min / 2, count: 1 << Tokenizer.hashBits)
        var origin = 0
    }

    static let scratch = ThreadLocal { Scratch() }

    /// The symbols of a strip: `pixels` holds rows `rows` (`width` pixels each, Cairo's
    /// premultiplied words), `above` the row before them (nil for the image's first row), and
    /// `changedColumns` gives each row's columns that may differ from the row above (nil: any).
    static func tokens(
        strip pixels: Span<UInt32>, rows: Range<Int>, above: Span<UInt32>?, width: Int,
        changedColumns: (Int) -> ArraySlice<Int32>?
    ) -> StripTokens {
        let scratch = LosslessWebP.scratch.value
        var tokenizer = Tokenizer(width: width, taking: scratch)
        tokenizer.add(strip: pixels, rows: rows, above: above, changedColumns: changedColumns)
        return tokenizer.finish(giving: scratch)
    }

    /// A strip's coder at work.
    struct Tokenizer {
        /// Pixels per row.
        let width: Int
        private var operations: [UInt64] = []

        /// The copy running: its distance back in pixels (0: none), its distance code, its length.
        private var runDistance = 0
        private var runCode = 0
        private var runLength = 0

        /// `Scratch`'s tables, held while the strip is coded.
        private var cache: [UInt32] = []
        private var stamps: [UInt32] = []
        private var stamp: UInt32 = 0
        private var recent: [Int] = []
        private var origin = 0
        /// The last pixel put in the cache (as Cairo drew it): putting it in again changes nothing,
        /// so a run of one colour costs one insertion.
        private var lastCached: UInt32 = 0
        private var hasCached = false

        /// The short copies tried first, as (distance back, distance code): above, before,
        /// above-before, above-after (§5.2.2's codes 1–4 in an image `width` wide).
        private let shortCopies: [(distance: Int, code: Int)]

        static let hashBits = 15
        /// The longest a backward reference can be (§5.2.2).
        static let longestCopy = 4096
        /// How far ahead short copies are compared when one must be chosen.
        static let lookAhead = 8
        /// The farthest a copy can reach back: the largest distance value, 2²⁰ (40 prefix symbols),
        /// less the 120 short codes (§5.2.2).
        static let farthest = (1 << 20) - 120
        /// The fewest pixels a copy found through the hash table must give to be taken.
        static let shortestFar = 4

        init(width: Int, taking scratch: Scratch) {
            precondition(width > 0, "a row has pixels")
            self.width = width
            shortCopies = [(width, 1), (1, 2), (width + 1, 3)] + (width > 1 ? [(width - 1, 4)] : [])
            swap(&cache, &scratch.cache)
            swap(&stamps, &scratch.stamps)
            swap(&recent, &scratch.recent)
            origin = scratch.origin
            // A new stamp: no slot is the strip's yet (all stamps cleared when they wrap).
            stamp = scratch.stamp &+ 1
            if stamp == 0 {
                for slot in stamps.indices { stamps[slot] = 0 }
                stamp = 1
            }
        }

        /// Closes the last copy, hands the tables back, and returns the strip's symbols.
        mutating func finish(giving scratch: Scratch) -> StripTokens {
            closeCopy()
            var writes: [UInt64] = []
            for slot in stamps.indices where stamps[slot] == stamp { writes.append(UInt64(slot) << 32 | UInt64(cache[slot])) }
            swap(&cache, &scratch.cache)
            swap(&stamps, &scratch.stamps)
            swap(&recent, &scratch.recent)
            scratch.origin = origin
            scratch.stamp = stamp
            return StripTokens(operations: operations, cacheWrites: writes)
        }

        /// Adds the strip's rows (`LosslessWebP.tokens`).
        mutating func add(strip pixels: Span<UInt32>, rows: Range<Int>, above: Span<UInt32>?, changedColumns: (Int) -> ArraySlice<Int32>?) {
            precondition(pixels.count >= rows.count * width && (above?.count ?? width) == width, "a strip of rows \(width) pixels wide")
            precondition(recent.count == 1 << Tokenizer.hashBits && cache.count == 1 << LosslessWebP.cacheBits, "the scratch tables taken")
            // Positions noted for this strip are above every earlier one; the next strip's will be
            // above these.
            defer { origin += pixels.count + width }
            for (index, y) in rows.enumerated() {
                let start = index * width
                if index == 0 && above == nil {
                    scan(pixels, above, from: start, to: start + width)
                    continue
                }
                guard let columns = changedColumns(y) else {
                    scan(pixels, above, from: start, to: start + width)
                    continue
                }
                var x = 0
                var k = columns.startIndex
                while k + 1 < columns.endIndex {
                    let first = Int(columns[k]), end = Int(columns[k + 1])
                    k += 2
                    precondition(x <= first && first <= end && end <= width, "changed columns ascending, inside the row")
                    if first > x { copyAbove(pixels, from: start + x, to: start + first) }
                    scan(pixels, above, from: start + first, to: start + end)
                    x = end
                }
                if width > x { copyAbove(pixels, from: start + x, to: start + width) }
            }
        }

        /// The pixel at `index` of a strip, the row above it at -`width`..<0; nil before that (or
        /// before the strip, for the image's first row).
        @inline(__always)
        private func pixel(_ pixels: Span<UInt32>, _ above: Span<UInt32>?, _ index: Int) -> UInt32? {
            if index >= 0 { return pixels[index] }
            guard let above, index >= -width else { return nil }
            return above[index + width]
        }

        /// Pixels `start..<end` of one row, all equal to the row above: a copy from above.
        private mutating func copyAbove(_ pixels: Span<UInt32>, from start: Int, to end: Int) {
            extendCopy(distance: width, code: 1, by: end - start)
            cacheAll(pixels, start..<end)
        }

        /// Pixels `start..<end` of one row, compared.
        private mutating func scan(_ pixels: Span<UInt32>, _ above: Span<UInt32>?, from start: Int, to end: Int) {
            let bytes = pixels.bytes
            var index = start
            precondition(start >= 0 && end <= pixels.count, "pixels inside the strip")
            while index < end {
                if runDistance > 0 && index - runDistance >= 0 && index + 16 <= end {
                    // Sixteen pixels compared at once with those the copy running gives (unchecked
                    // loads, inside: `index + 16 <= end <= pixels.count` by the checks above and the
                    // precondition, and the source at `index - runDistance >= 0`).
                    let equal = Tokenizer.equalPrefix(bytes, at: index &* 4, and: (index &- runDistance) &* 4)
                    if equal > 0 {
                        cacheAll(pixels, index..<index + equal)
                        runLength += equal
                        index += equal
                        continue
                    }
                } else if runDistance > 0 && pixel(pixels, above, index - runDistance) == pixels[index] {
                    cacheOne(pixels[index])
                    runLength += 1
                    index += 1
                    continue
                }
                let best = bestCopy(pixels, above, at: index, end: end)
                if best.length > 0 {
                    // The pixels compared are taken whole (all before `end`).
                    extendCopy(distance: best.distance, code: best.code, by: best.length)
                    cacheAll(pixels, index..<index + best.length)
                    index += best.length
                } else {
                    addLiteral(pixels[index])
                    index += 1
                }
            }
        }

        /// The copy that gives the most pixels from `index` (before `end`), or a length of 0;
        /// notes the position in the hash table.
        @inline(__always)
        private mutating func bestCopy(
            _ pixels: Span<UInt32>, _ above: Span<UInt32>?, at index: Int, end: Int
        ) -> (distance: Int, code: Int, length: Int) {
            var best = (distance: 0, code: 0, length: 0)
            for copy in shortCopies {
                let length = matchLength(pixels, above, at: index, distance: copy.distance, limit: min(end, index + Tokenizer.lookAhead))
                if length > best.length { best = (copy.distance, copy.code, length) }
            }
            let rowEnd = index - index % width + width
            guard index + 4 <= rowEnd else { return best }
            let key = Tokenizer.hash(pixels, at: index)
            let earlier = recent[key] - origin
            recent[key] = origin + index
            if best.length < Tokenizer.lookAhead && earlier >= 0 && index - earlier <= Tokenizer.farthest {
                let length = matchLength(pixels, above, at: index, distance: index - earlier, limit: end)
                if length >= Tokenizer.shortestFar && length > best.length {
                    // A distance that is not one of the 120 short codes is written plus 120 (§5.2.2).
                    best = (index - earlier, index - earlier + 120, length)
                }
            }
            return best
        }

        /// How many pixels from `index` on (to `limit`) equal those `distance` before them.
        @inline(__always)
        private func matchLength(_ pixels: Span<UInt32>, _ above: Span<UInt32>?, at index: Int, distance: Int, limit: Int) -> Int {
            var length = 0
            // Within the strip, then (for the strip's first rows) through the row above it.
            if index - distance >= 0 {
                precondition(limit <= pixels.count, "a match inside the strip")
                let bytes = pixels.bytes
                // Unchecked loads, inside: `limit <= pixels.count` and the source is at or after 0.
                while index &+ length &+ 16 <= limit {
                    let equal = Tokenizer.equalPrefix(bytes, at: (index &+ length) &* 4, and: (index &+ length &- distance) &* 4)
                    length &+= equal
                    if equal < 16 { return length }
                }
                while index + length < limit && pixels[index + length - distance] == pixels[index + length] { length += 1 }
                return length
            }
            while index + length < limit, let source = pixel(pixels, above, index + length - distance), source == pixels[index + length] {
                length += 1
            }
            return length
        }

        /// How many of the sixteen pixels at byte offset `first` equal those at `second`, from the
        /// first on (0–16). Unchecked: the caller keeps both within 64 bytes of the end.
        @inline(__always)
        static func equalPrefix(_ bytes: RawSpan, at first: Int, and second: Int) -> Int {
            var k = 0
            while k < 64 {
                let difference =
                    bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: first &+ k, as: UInt64.self)
                    ^ bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: second &+ k, as: UInt64.self)
                if difference != 0 { return k &>> 2 &+ (difference & 0xFFFF_FFFF == 0 ? 1 : 0) }
                k &+= 8
            }
            return 16
        }

        /// The hash table's slot for the four pixels from `index`.
        @inline(__always)
        static func hash(_ pixels: Span<UInt32>, at index: Int) -> Int {
            let a = UInt64(pixels[index]) | UInt64(pixels[index + 1]) << 32
            let b = UInt64(pixels[index + 2]) | UInt64(pixels[index + 3]) << 32
            return Int(truncatingIfNeeded: ((a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)) >> UInt64(64 - hashBits))
        }

        /// Adds `count` pixels to a copy `distance` back (distance code `code`).
        @inline(__always)
        private mutating func extendCopy(distance: Int, code: Int, by count: Int) {
            if runDistance != distance {
                closeCopy()
                runDistance = distance
                runCode = code
            }
            runLength += count
        }

        /// Puts pixels `range` in the colour cache: where a pixel is the last one put in (nothing to
        /// do), the run of it is passed sixteen pixels at a time.
        @inline(__always)
        private mutating func cacheAll(_ pixels: Span<UInt32>, _ range: Range<Int>) {
            let bytes = pixels.bytes
            var index = range.lowerBound
            let end = range.upperBound
            precondition(range.lowerBound >= 0 && end <= pixels.count, "pixels inside the strip")
            while index < end {
                let p = pixels[index]
                guard hasCached && p == lastCached else {
                    cacheOne(p)
                    index &+= 1
                    continue
                }
                let both = UInt64(p) | UInt64(p) << 32
                // Unchecked loads, inside: `end <= pixels.count` (the precondition above).
                while index &+ 16 <= end && Tokenizer.allEqual(bytes, at: index &* 4, to: both) { index &+= 16 }
                while index < end && pixels[index] == p { index &+= 1 }
            }
        }

        /// Whether the sixteen pixels at byte offset `offset` are all `both`'s two halves.
        /// Unchecked: the caller keeps them within the span.
        @inline(__always)
        static func allEqual(_ bytes: RawSpan, at offset: Int, to both: UInt64) -> Bool {
            var difference: UInt64 = 0
            var k = 0
            while k < 64 {
                difference |= bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset &+ k, as: UInt64.self) ^ both
                k &+= 8
            }
            return difference == 0
        }

        @inline(__always)
        private mutating func cacheOne(_ pixel: UInt32) {
            guard pixel != lastCached || !hasCached else { return }
            let word = LosslessWebP.decoded(pixel)
            let slot = LosslessWebP.cacheSlot(word)
            cache[slot] = word
            stamps[slot] = stamp
            lastCached = pixel
            hasCached = true
        }

        /// A pixel no copy gives: a colour cache hit, a literal, or — when the strip has not
        /// written its slot — a literal deferred until the cache before the strip is known.
        @inline(__always)
        private mutating func addLiteral(_ pixel: UInt32) {
            closeCopy()
            let word = LosslessWebP.decoded(pixel)
            let slot = LosslessWebP.cacheSlot(word)
            lastCached = pixel
            hasCached = true
            if stamps[slot] != stamp {
                operations.append(Operation.deferred(slot: slot, pixel: word))
            } else if cache[slot] == word {
                operations.append(Operation.cacheHit | UInt64(slot))
            } else {
                operations.append(Operation.literal | UInt64(word))
            }
            cache[slot] = word
            stamps[slot] = stamp
        }

        /// Writes the running copy as references of at most `longestCopy` pixels.
        private mutating func closeCopy() {
            guard runDistance != 0 else { return }
            var left = runLength
            while left > 0 {
                let length = min(left, Tokenizer.longestCopy)
                left -= length
                operations.append(Operation.copy(length: length, code: runCode))
            }
            runDistance = 0
            runLength = 0
        }
    }
}
