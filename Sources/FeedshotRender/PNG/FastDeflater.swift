import CDeflate
import Foundation

/// A zlib stream (RFC 1950/1951) written for speed on filtered PNG rows, in the manner of fpng and
/// LZ4.
///
/// Up-filtered screenshots are mostly zeros: a byte is zero wherever the pixel equals the one
/// above. The row filter says which byte ranges may hold anything else (`DirtySpans`); between
/// them the coder writes runs of zeros straight away — a match at distance 1, 258 bytes per
/// token — without reading the bytes. Inside a span, at each position it looks for a run of the
/// previous pixel (distance = bytes per pixel), eight bytes at a time, and otherwise probes one
/// hash-table slot for an earlier occurrence of the next four bytes (a glyph's row drawn again, a
/// repeated photo texture) within the 32 KiB window; with neither, a pixel's bytes become
/// literals. No hash chains, no lazy matching: one probe a pixel, none inside a match.
///
/// Input comes in chunks (`compress`); tokens gather until about `blockInputBytes` of input, then
/// become one block with Huffman codes built from that block's own counts. Every token — a
/// literal, a match's length, a match's distance — is an index into one table of codes with the
/// value of its extra bits, so the writer does the same steps for each, without a branch. One
/// instance per thread, reused; `begin` starts a stream in a `ByteBuffer`.
final class FastDeflater {
    static let window = 32 * 1024
    static let hashBits = 14
    /// Input bytes per Huffman block: large enough that building the codes (a few hundred
    /// thousand instructions) is a small share of the block's work.
    static let blockInputBytes = 1 << 20
    /// Tokens of the current block (the first `tokenCount`), each an index into the code table
    /// (`Token`) and the value of its extra bits above it.
    private var tokens = [UInt32](repeating: 0, count: 1 << 16)
    private var tokenCount = 0
    /// Input bytes behind the current block's tokens.
    private var blockInput = 0
    /// Symbol counts of the current block: literal/length 0–285, then distance 0–29.
    private var frequencies = [UInt32](repeating: 0, count: 286 + 30)
    /// The stream position (mod 2³²) last seen with each hash of four bytes.
    private var hashTable = [UInt32](repeating: 0, count: 1 << FastDeflater.hashBits)
    /// The current block's codes, indexed by `Token`: each a code in the low 32 bits, where its
    /// extra bits start above that, its length with them above that.
    private var codeTable = [UInt64](repeating: 0, count: Token.tableSize)
    private var adler: UInt32 = 1
    private var bits: UInt64 = 0
    private var bitCount = 0
    /// Token values: the index into the code table in the low bits, the extra bits' value above.
    enum Token {
        /// Literal bytes are 0–255; a match's length `n` (3–258) is `lengths + n`, its extra
        /// bits folded into the table entry.
        static let lengths: UInt32 = 256
        /// A match's distance symbol `d` (0–29) is `distances + d`, with `extraShift`.
        static let distances: UInt32 = 256 + 259
        static let tableSize = 256 + 259 + 30
        static let extraShift: UInt32 = 10
    }
    /// Where the distance counts start in `frequencies`.
    static let distanceFrequencies = 286

    /// The zlib header: "deflate, 32 KiB window, fastest".
    static let zlibHeader: [UInt8] = [0x78, 0x01]

    /// Writes the zlib header and forgets earlier streams.
    func begin(_ out: ByteBuffer) {
        beginSegment()
        out.append(FastDeflater.zlibHeader)
    }

    /// Forgets everything before: the next bytes start a segment of the stream that is coded
    /// from its own bytes alone — no match reaches before it, its hash table starts empty, its
    /// Adler-32 (`adler`) counts only its bytes — so segments can be coded on any thread in any
    /// order and joined (`endSegment`, `PNGEncoder.fastSegment`).
    func beginSegment() {
        adler = 1
        bits = 0
        bitCount = 0
        tokenCount = 0
        blockInput = 0
        FastDeflater.zero(&frequencies)
        FastDeflater.zero(&hashTable)
    }

    /// Sets every element of `values` to zero.
    private static func zero(_ values: inout [UInt32]) {
        var span = values.mutableSpan
        span.update(repeating: 0)
    }

    /// The Adler-32 of the bytes compressed since `begin` or `beginSegment`.
    var checksum: UInt32 { adler }

    /// Ends a segment on a byte boundary so the next can be appended as it is: the last block
    /// (final when `isLast`, after which the bits are padded), else the pending block and an empty
    /// stored block — zlib's sync flush, as pigz joins its blocks.
    func endSegment(isLast: Bool, _ out: ByteBuffer) {
        if !isLast {
            if tokenCount > 0 || blockInput > 0 { writeBlock(isFinal: false, into: out) }
            put(0, 3, out)  // not final, stored
            flushBits(out)
            out.append([0x00, 0x00, 0xFF, 0xFF])  // length 0 and its complement
        } else {
            flushBits(out)
        }
    }

    /// Compresses the bytes of `bytes` from offset `start` on, the stream's next ones. `position`
    /// is the stream offset of `bytes[start]`; the bytes before `start` are the stream's
    /// preceding ones (at most a window's worth is used), so matches reach back into earlier
    /// chunks. `spans`, when given, lists the ranges (start, end pairs, ascending, offsets from
    /// `start`) that may hold bytes other than zero: every byte outside them must be zero.
    /// `isFinal` ends the stream's last block.
    func compress(
        _ bytes: Span<UInt8>, from start: Int, position: Int, pixelBytes: Int, spans: Span<Int32>? = nil, isFinal: Bool,
        into out: ByteBuffer
    ) {
        precondition((1...4).contains(pixelBytes), "runs repeat one pixel of 1 to 4 bytes")
        precondition((0...bytes.count).contains(start), "the chunk starts inside its bytes")
        let count = bytes.count - start
        if count > 0 {
            adler = bytes.extracting(start..<bytes.count).withUnsafeBufferPointer { libdeflate_adler32(adler, $0.baseAddress, count) }
        }
        // At most a token a byte: a literal is one, a match (two tokens) at least three bytes.
        if tokenCount + count + 2 > tokens.count {
            tokens.append(contentsOf: repeatElement(0, count: tokenCount + count + 2 - tokens.count))
        }
        let coder = Tokenizer(
            start: start, end: bytes.count, position: position, history: min(start, FastDeflater.window), pixelBytes: pixelBytes)
        tokenCount = coder.code(bytes, spans: spans, after: tokenCount, tokens: &tokens, counts: &frequencies, table: &hashTable)
        blockInput += count
        if isFinal || blockInput >= FastDeflater.blockInputBytes {
            writeBlock(isFinal: isFinal, into: out)
        }
    }

    /// Pads to a byte and appends the Adler-32 of everything compressed.
    func finish(_ out: ByteBuffer) {
        flushBits(out)
        out.appendBigEndian(adler)
    }

    /// The Adler-32 of two byte strings joined, from the first's, the second's and its length
    /// (zlib's `adler32_combine`): segments coded apart give the stream's checksum.
    static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        let base: UInt64 = 65_521
        let remainder = UInt64(secondLength % 65_521)
        var sum1 = UInt64(first & 0xFFFF)
        var sum2 = (remainder * sum1) % base
        sum1 += UInt64(second & 0xFFFF) + base - 1
        sum2 += UInt64(first >> 16) + UInt64(second >> 16) + base - remainder
        if sum1 >= base { sum1 -= base }
        if sum1 >= base { sum1 -= base }
        if sum2 >= base << 1 { sum2 -= base << 1 }
        if sum2 >= base { sum2 -= base }
        return UInt32(sum1 | sum2 << 16)
    }

    // MARK: Finding matches

    /// How many bytes from offset `a` equal those from offset `b`, up to `limit`. The caller
    /// keeps `0 ≤ b < a` and `a + limit` within `bytes` (the tokenizer: `first ≤ b`, `a + limit ≤ end`).
    @inline(__always)
    static func matchLength(_ bytes: RawSpan, _ a: Int, _ b: Int, limit: Int) -> Int {
        var length = 0
        while length &+ 8 <= limit {
            let difference =
                bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: a &+ length, as: UInt64.self)
                ^ bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: b &+ length, as: UInt64.self)
            if difference != 0 { return length &+ difference.trailingZeroBitCount &>> 3 }
            length &+= 8
        }
        while length < limit
            && bytes.unsafeLoad(fromUncheckedByteOffset: a &+ length, as: UInt8.self)
                == bytes.unsafeLoad(fromUncheckedByteOffset: b &+ length, as: UInt8.self)
        {
            length &+= 1
        }
        return length
    }

    /// Splits one chunk into literals and matches, counting each symbol. Positions are offsets
    /// into the bytes the deflater was given: the chunk is `start..<end`, and matches may reach
    /// back to `start − history`. Reads and writes go through spans; `code` checks, once per
    /// chunk, what keeps every index inside them (the bytes hold the chunk and its history, a
    /// token fits for every byte, the tables have their sizes), so the loops index them
    /// unchecked — each such access says which of those bounds covers it. The position `i` and the
    /// token count `n` are passed along `inout`.
    private struct Tokenizer {
        let start: Int
        let end: Int
        /// The earliest byte a match may copy from: `start − history`.
        let first: Int
        /// The stream position of byte 0 (`position − start`), for the hash table.
        let origin: Int
        let pixelBytes: Int
        let lengthSymbols = DeflateTables.lengthSymbol
        let distanceSymbols = DeflateTables.distanceSymbols
        let distanceBases = DeflateTables.distanceBase

        init(start: Int, end: Int, position: Int, history: Int, pixelBytes: Int) {
            self.start = start
            self.end = end
            self.first = start - history
            self.origin = position &- start
            self.pixelBytes = pixelBytes
        }

        /// Codes the chunk — zeros between `spans` (every byte when nil: one span), matches and
        /// literals inside them — after the `tokenCount` tokens already gathered; the count after.
        func code(
            _ bytes: Span<UInt8>, spans: Span<Int32>?, after tokenCount: Int, tokens: inout [UInt32], counts: inout [UInt32],
            table: inout [UInt32]
        ) -> Int {
            var tokens = tokens.mutableSpan, counts = counts.mutableSpan, table = table.mutableSpan
            // The bounds the unchecked accesses below rely on.
            precondition(0 <= first && first <= start && start <= end && end <= bytes.count, "the chunk and its history are in the bytes")
            precondition(tokens.count >= tokenCount + (end - start) + 2, "room for a token a byte")
            precondition(counts.count == FastDeflater.distanceFrequencies + 30, "a count for every symbol")
            precondition(table.count == 1 << FastDeflater.hashBits, "a slot for every hash")
            var i = start, n = tokenCount
            if let spans {
                var k = 0
                while k &+ 1 < spans.count {
                    let spanStart = start &+ Int(spans[k]), spanEnd = start &+ Int(spans[k &+ 1])
                    precondition(spanStart <= end && spanEnd <= end, "a dirty span inside the chunk")
                    k &+= 2
                    zeros(bytes, to: spanStart, &i, &n, &tokens, &counts)
                    matchesAndLiterals(bytes, to: spanEnd, &i, &n, &tokens, &counts, &table)
                }
                zeros(bytes, to: end, &i, &n, &tokens, &counts)
            } else {
                matchesAndLiterals(bytes, to: end, &i, &n, &tokens, &counts, &table)
            }
            return n
        }

        @inline(__always)
        func literal(_ byte: UInt8, _ n: inout Int, _ tokens: inout MutableSpan<UInt32>, _ counts: inout MutableSpan<UInt32>) {
            // A token a byte; a byte is below the 286 literal/length counts.
            tokens[unchecked: n] = UInt32(byte)
            n &+= 1
            counts[unchecked: Int(byte)] &+= 1
        }

        @inline(__always)
        func match(
            length: Int, distance: Int, _ n: inout Int, _ tokens: inout MutableSpan<UInt32>, _ counts: inout MutableSpan<UInt32>
        ) {
            // Lengths are 3–258 and distances 1–32,768, so the symbols are below 286 and 30; two
            // tokens for at least three bytes.
            let x = distance &- 1
            let symbol = Int(distanceSymbols[x < 256 ? x : 256 &+ x &>> 7])
            tokens[unchecked: n] = Token.lengths &+ UInt32(truncatingIfNeeded: length)
            tokens[unchecked: n &+ 1] =
                Token.distances &+ UInt32(truncatingIfNeeded: symbol)
                | UInt32(truncatingIfNeeded: distance &- Int(distanceBases[symbol])) &<< Token.extraShift
            n &+= 2
            counts[unchecked: Int(lengthSymbols[length])] &+= 1
            counts[unchecked: FastDeflater.distanceFrequencies &+ symbol] &+= 1
        }

        /// Codes the bytes from `i` up to `stop`, known to be zeros, without reading them: runs at
        /// distance 1 once the byte before is a zero. Nothing when a match already ran past `stop`.
        @inline(__always)
        func zeros(
            _ bytes: Span<UInt8>, to stop: Int, _ i: inout Int, _ n: inout Int, _ tokens: inout MutableSpan<UInt32>,
            _ counts: inout MutableSpan<UInt32>
        ) {
            guard i < stop else { return }
            assert(FastDeflater.isZero(bytes.extracting(i..<stop)), "a byte outside the dirty spans is not zero")
            if i == first || bytes[unchecked: i &- 1] != 0 {  // first ≤ i − 1
                literal(0, &n, &tokens, &counts)
                i &+= 1
            }
            while stop &- i >= 3 {
                let length = min(258, stop &- i)
                match(length: length, distance: 1, &n, &tokens, &counts)
                i &+= length
            }
            while i < stop {
                literal(0, &n, &tokens, &counts)
                i &+= 1
            }
        }

        /// Codes from `i` until at least `stop` (a match may run past it, up to the chunk's end).
        @inline(__always)
        func matchesAndLiterals(
            _ bytes: Span<UInt8>, to stop: Int, _ i: inout Int, _ n: inout Int, _ tokens: inout MutableSpan<UInt32>,
            _ counts: inout MutableSpan<UInt32>, _ table: inout MutableSpan<UInt32>
        ) {
            let raw = bytes.bytes
            let shift = UInt32(32 - FastDeflater.hashBits)
            while i < stop {
                let longest = min(258, end &- i)
                // A run of the previous pixel, which must be inside the data or its history.
                var length = 0, distance = pixelBytes
                if i &- first >= pixelBytes {
                    length = FastDeflater.matchLength(raw, i, i &- pixelBytes, limit: longest)
                }
                if length < 16 && longest >= 4 {
                    // i + 4 ≤ end; the slot is a 14-bit hash.
                    let four = raw.unsafeLoadUnaligned(fromUncheckedByteOffset: i, as: UInt32.self)
                    let slot = Int((four &* 2_654_435_761) &>> shift)
                    let here = UInt32(truncatingIfNeeded: origin &+ i)
                    let earlier = Int(here &- table[unchecked: slot])
                    table[unchecked: slot] = here
                    // pixelBytes < earlier ≤ min(window, i − first), as one unsigned comparison:
                    // first ≤ i − earlier, and i − earlier + 4 < i + 4 ≤ end.
                    let reach = max(0, min(FastDeflater.window, i &- first) &- pixelBytes)
                    if UInt(bitPattern: earlier &- pixelBytes &- 1) < UInt(bitPattern: reach),
                        raw.unsafeLoadUnaligned(fromUncheckedByteOffset: i &- earlier, as: UInt32.self) == four
                    {
                        let found = 4 &+ FastDeflater.matchLength(raw, i &+ 4, i &+ 4 &- earlier, limit: longest &- 4)
                        if found > length {
                            length = found
                            distance = earlier
                        }
                    }
                }
                if length >= 3 {
                    match(length: length, distance: distance, &n, &tokens, &counts)
                    i &+= length
                    continue
                }
                // No match: a pixel's worth of literals (one decision per pixel, not per byte).
                // i < stop ≤ end, and i + 3 ≤ end for the three.
                if pixelBytes == 3 && i &+ 3 <= end {
                    literal(bytes[unchecked: i], &n, &tokens, &counts)
                    literal(bytes[unchecked: i &+ 1], &n, &tokens, &counts)
                    literal(bytes[unchecked: i &+ 2], &n, &tokens, &counts)
                    i &+= 3
                } else {
                    let pixelEnd = min(end, i &+ pixelBytes)
                    while i < pixelEnd {
                        literal(bytes[unchecked: i], &n, &tokens, &counts)
                        i &+= 1
                    }
                }
            }
        }
    }

    // MARK: Writing a block

    /// Writes the gathered tokens as one block and starts the next.
    private func writeBlock(isFinal: Bool, into out: ByteBuffer) {
        frequencies[256] = 1  // end of block
        let literalFrequencies = Array(frequencies[0..<286])
        var distanceFrequencies = Array(frequencies[FastDeflater.distanceFrequencies..<(FastDeflater.distanceFrequencies + 30)])
        FastDeflater.zero(&frequencies)
        let tokenCount = self.tokenCount
        self.tokenCount = 0
        blockInput = 0

        let literals = HuffmanCode(frequencies: literalFrequencies, maxLength: 15)
        // A block without matches still declares a distance code: two one-bit codes, complete.
        if distanceFrequencies.allSatisfy({ $0 == 0 }) { distanceFrequencies[0...1] = [1, 1] }
        let distances = HuffmanCode(frequencies: distanceFrequencies, maxLength: 15)
        var distanceCount = 30
        while distanceCount > 1 && distances.lengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        FastDeflater.fillCodeTable(&codeTable, literals: literals, distances: distances)

        put(isFinal ? 1 : 0, 1, out)
        put(2, 2, out)  // dynamic Huffman codes
        writeCodeLengths(literals.lengths, Array(distances.lengths[0..<distanceCount]), out)
        // The tokens a batch at a time, the output growing as it needs (each token is at most 28
        // bits: a distance code and 13 extra bits).
        var written = 0
        while written < tokenCount {
            let batch = written..<min(tokenCount, written + FastDeflater.tokenBatch)
            out.reserve(batch.count * 4 + 16)
            (bits, bitCount, out.count) = out.withBytes { target in
                FastDeflater.writeTokens(tokens, batch, codes: codeTable, bits: bits, bitCount: bitCount, end: out.count, into: &target)
            }
            written = batch.upperBound
        }
        put(UInt32(literals.codes[256]), Int(literals.lengths[256]), out)
    }

    /// Tokens written per reservation of output (even: they are written in pairs).
    static let tokenBatch = 4_096

    /// Writes `tokens[range]` with the block's `codes` at byte `end` of `target`, after the
    /// `bitCount` bits pending in `bits`; the bits pending after, and the new end.
    private static func writeTokens(
        _ tokens: [UInt32], _ range: Range<Int>, codes: [UInt64], bits: UInt64, bitCount: Int, end: Int, into target: inout MutableRawSpan
    ) -> (bits: UInt64, bitCount: Int, end: Int) {
        var bits = bits, bitCount = UInt64(bitCount), end = end
        let table = codes.span, tokens = tokens.span
        // The pending bits (under 32) and at most 28 a token move `end` by under 4 + 3.5 bytes a
        // token; each store writes 8 bytes from it.
        precondition(range.upperBound <= tokens.count && end + 16 + range.count * 4 <= target.byteCount, "room for the codes")
        do {
            // Fewer than 8 bits pending before a pair of tokens, at most 63 after (28 bits a token
            // at most): both added, all 64 bits stored, and the whole bytes among them kept.
            while bitCount >= 8 {
                target.storeBytes(of: UInt8(truncatingIfNeeded: bits), toByteOffset: end, as: UInt8.self)
                end &+= 1
                bits &>>= 8
                bitCount &-= 8
            }
            /// A token's code with its extra bits, and their length.
            @inline(__always) func coded(_ token: UInt32) -> (value: UInt64, bits: UInt64) {
                let entry = table[Int(token & 0x3FF)]
                return ((entry & 0xFFFF_FFFF) | UInt64(token &>> Token.extraShift) &<< (entry &>> 32 & 0xFF), entry &>> 40)
            }
            @inline(__always) func store(_ value: UInt64, _ count: UInt64, _ target: inout MutableRawSpan) {
                bits |= value &<< bitCount
                bitCount &+= count
                target.storeBytes(of: bits.littleEndian, toUncheckedByteOffset: end, as: UInt64.self)
                let whole = bitCount & ~7
                end &+= Int(whole &>> 3)
                bits = bits &>> whole
                bitCount &-= whole
            }
            var k = range.lowerBound
            let tokenCount = range.upperBound
            while k &+ 1 < tokenCount {
                let first = coded(tokens[unchecked: k]), second = coded(tokens[unchecked: k &+ 1])
                store(first.value | second.value &<< first.bits, first.bits &+ second.bits, &target)
                k &+= 2
            }
            if k < tokenCount {
                let last = coded(tokens[k])
                store(last.value, last.bits, &target)
            }
        }
        return (bits, Int(bitCount), end)
    }

    /// The code table (see `Token`) for a block's codes: a literal's code; a length's code with
    /// its extra bits already after it; a distance symbol's code, with where its extra bits go.
    private static func fillCodeTable(_ codes: inout [UInt64], literals: HuffmanCode, distances: HuffmanCode) {
        func entry(code: UInt64, extraShift: UInt64, bits: UInt64) -> UInt64 { code | extraShift << 32 | bits << 40 }
        var table = codes.mutableSpan
        for byte in 0..<256 {
            let bits = UInt64(literals.lengths[byte])
            table[byte] = entry(code: UInt64(literals.codes[byte]), extraShift: bits, bits: bits)
        }
        for length in 0..<259 {
            let index = Int(Token.lengths) + length
            table[index] = 0
            guard length >= 3 else { continue }
            let symbol = Int(DeflateTables.lengthSymbol[length])
            guard literals.lengths[symbol] > 0 else { continue }
            let codeBits = UInt64(literals.lengths[symbol])
            let extra = UInt64(length - Int(DeflateTables.lengthBase[symbol - 257]))
            let bits = codeBits + UInt64(DeflateTables.lengthExtraBits[symbol - 257])
            table[index] = entry(code: UInt64(literals.codes[symbol]) | extra << codeBits, extraShift: bits, bits: bits)
        }
        for symbol in 0..<30 {
            let codeBits = UInt64(distances.lengths[symbol])
            let bits = codeBits + UInt64(DeflateTables.distanceExtraBits[symbol])
            table[Int(Token.distances) + symbol] = entry(code: UInt64(distances.codes[symbol]), extraShift: codeBits, bits: bits)
        }
    }

    /// The block header after its type: the literal/length and distance code lengths, run-length
    /// coded with the code-length alphabet (symbols 16, 17, 18), which has its own Huffman code.
    private func writeCodeLengths(_ literalLengths: [UInt8], _ distanceLengths: [UInt8], _ out: ByteBuffer) {
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        let sequence = Array(literalLengths[0..<literalCount]) + distanceLengths
        let runs = DeflateTables.runLengthCoded(sequence)
        var frequencies = [UInt32](repeating: 0, count: 19)
        for run in runs { frequencies[Int(run.symbol)] += 1 }
        let code = HuffmanCode(frequencies: frequencies, maxLength: 7)
        var orderCount = 19
        while orderCount > 4 && code.lengths[Int(DeflateTables.codeLengthOrder[orderCount - 1])] == 0 { orderCount -= 1 }

        put(UInt32(literalCount - 257), 5, out)
        put(UInt32(distanceLengths.count - 1), 5, out)
        put(UInt32(orderCount - 4), 4, out)
        for index in 0..<orderCount { put(UInt32(code.lengths[Int(DeflateTables.codeLengthOrder[index])]), 3, out) }
        for run in runs {
            put(UInt32(code.codes[Int(run.symbol)]), Int(code.lengths[Int(run.symbol)]), out)
            if run.extraBits > 0 { put(UInt32(run.extra), Int(run.extraBits), out) }
        }
    }

    // MARK: Bits

    /// Appends `count` (≤ 32) bits of `value`, least significant first.
    private func put(_ value: UInt32, _ count: Int, _ out: ByteBuffer) {
        bits |= UInt64(value) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            out.append(littleEndian: UInt32(truncatingIfNeeded: bits))
            bits >>= 32
            bitCount -= 32
        }
    }

    /// Writes the pending bits, padding the last byte with zeros.
    private func flushBits(_ out: ByteBuffer) {
        while bitCount > 0 {
            out.append(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
            bitCount -= min(8, bitCount)
        }
        bits = 0
        bitCount = 0
    }
}

extension FastDeflater {
    /// Whether every byte of `bytes` is zero, eight at a time (the debug builds' check of the
    /// bytes the coder skips).
    static func isZero(_ bytes: Span<UInt8>) -> Bool {
        let raw = bytes.bytes
        var offset = 0
        while offset + 8 <= raw.byteCount {
            if raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self) != 0 { return false }
            offset += 8
        }
        while offset < raw.byteCount {
            if raw.unsafeLoad(fromByteOffset: offset, as: UInt8.self) != 0 { return false }
            offset += 1
        }
        return true
    }
}
