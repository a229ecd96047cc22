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
    /// Tokens of the current block, each an index into the code table (`Token`) and the value of
    /// its extra bits above it. Owned; freed in `deinit`.
    private var tokens: UnsafeMutablePointer<UInt32>
    private var tokenCapacity: Int
    private var tokenCount = 0
    /// Input bytes behind the current block's tokens.
    private var blockInput = 0
    /// Symbol counts of the current block: literal/length 0–285, then distance 0–29. Owned.
    private let frequencies: UnsafeMutablePointer<UInt32>
    /// The stream position (mod 2³²) last seen with each hash of four bytes. Owned; freed in `deinit`.
    private let hashTable: UnsafeMutablePointer<UInt32>
    /// The current block's codes, indexed by `Token`: each a code in the low 32 bits, where its
    /// extra bits start above that, its length with them above that. Owned; freed in `deinit`.
    private let codeTable: UnsafeMutablePointer<UInt64>
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

    init() {
        tokenCapacity = 1 << 16
        tokens = .allocate(capacity: tokenCapacity)
        frequencies = .allocate(capacity: 286 + 30)
        frequencies.initialize(repeating: 0, count: 286 + 30)
        hashTable = .allocate(capacity: 1 << FastDeflater.hashBits)
        codeTable = .allocate(capacity: Token.tableSize)
    }

    deinit {
        tokens.deallocate()
        frequencies.deallocate()
        hashTable.deallocate()
        codeTable.deallocate()
    }

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
        frequencies.update(repeating: 0, count: 286 + 30)
        hashTable.update(repeating: 0, count: 1 << FastDeflater.hashBits)
    }

    /// The Adler-32 of the bytes compressed since `begin` or `beginSegment`.
    var checksum: UInt32 { adler }

    /// Ends a segment on a byte boundary so the next can be appended as it is: the last block
    /// (final when `isLast`, after which the bits are padded), else the pending block and an empty
    /// stored block — zlib's sync flush, as pigz joins its blocks.
    func endSegment(isLast: Bool, _ out: ByteBuffer) {
        out.reserve(16)
        if !isLast {
            if tokenCount > 0 || blockInput > 0 { writeBlock(isFinal: false, into: out) }
            put(0, 3, out)  // not final, stored
            out.reserve(16)
            flushBits(out)
            out.append([0x00, 0x00, 0xFF, 0xFF])  // length 0 and its complement
        } else {
            flushBits(out)
        }
    }

    /// Compresses the `count` bytes at `data`, the stream's next ones. `position` is the stream
    /// offset of `data[0]`; the `history` bytes before `data` are the stream's preceding bytes (at
    /// most a window's worth is used), so matches reach back into earlier chunks. `spans`, when
    /// given, lists the ranges (start, end pairs, ascending, offsets into `data`) that may hold
    /// bytes other than zero: every byte outside them must be zero. `isFinal` ends the stream's
    /// last block.
    func compress(
        _ data: UnsafePointer<UInt8>, count: Int, position: Int, history: Int, pixelBytes: Int, spans: UnsafeBufferPointer<Int32>? = nil,
        isFinal: Bool, into out: ByteBuffer
    ) {
        precondition((1...4).contains(pixelBytes), "runs repeat one pixel of 1 to 4 bytes")
        adler = libdeflate_adler32(adler, data, count)
        // At most a token a byte: a literal is one, a match (two tokens) at least three bytes.
        if tokenCount + count + 2 > tokenCapacity {
            let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: tokenCount + count + 2)
            grown.moveInitialize(from: tokens, count: tokenCount)
            tokens.deallocate()
            tokens = grown
            tokenCapacity = tokenCount + count + 2
        }
        let coder = Tokenizer(
            data: data, count: count, position: position, history: min(history, FastDeflater.window), pixelBytes: pixelBytes,
            tokens: tokens, frequencies: frequencies, table: hashTable)
        tokenCount = coder.code(spans: spans, tokenCount: tokenCount)
        blockInput += count
        if isFinal || blockInput >= FastDeflater.blockInputBytes {
            writeBlock(isFinal: isFinal, into: out)
        }
    }

    /// Pads to a byte and appends the Adler-32 of everything compressed.
    func finish(_ out: ByteBuffer) {
        out.reserve(16)
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

    /// How many bytes at `a` equal those at `b`, up to `limit`.
    @inline(__always)
    static func matchLength(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let difference =
                a.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && a.load(fromByteOffset: length, as: UInt8.self) == b.load(fromByteOffset: length, as: UInt8.self) {
            length += 1
        }
        return length
    }

    /// Splits one chunk into literals and matches, counting each symbol. Its fields do not change
    /// while it codes (the methods are not mutating), so the optimizer keeps them in registers;
    /// the position `i` and the token count `n` are passed along `inout`. The pointers belong to
    /// the deflater.
    private struct Tokenizer {
        let data: UnsafePointer<UInt8>
        let raw: UnsafeRawPointer
        let count: Int
        let position: Int
        let history: Int
        let pixelBytes: Int
        let tokens: UnsafeMutablePointer<UInt32>
        let literals: UnsafeMutablePointer<UInt32>
        let distances: UnsafeMutablePointer<UInt32>
        let table: UnsafeMutablePointer<UInt32>
        let lengthSymbols = DeflateTables.lengthSymbolTable
        let distanceSymbols = DeflateTables.distanceSymbolTable
        let distanceBases = DeflateTables.distanceBaseTable

        init(
            data: UnsafePointer<UInt8>, count: Int, position: Int, history: Int, pixelBytes: Int, tokens: UnsafeMutablePointer<UInt32>,
            frequencies: UnsafeMutablePointer<UInt32>, table: UnsafeMutablePointer<UInt32>
        ) {
            self.data = data
            self.raw = UnsafeRawPointer(data)
            self.count = count
            self.position = position
            self.history = history
            self.pixelBytes = pixelBytes
            self.tokens = tokens
            self.literals = frequencies
            self.distances = frequencies + FastDeflater.distanceFrequencies
            self.table = table
        }

        /// Codes the chunk — zeros between `spans` (every byte when nil: one span), matches and
        /// literals inside them — after the `tokenCount` tokens already gathered; the count after.
        func code(spans: UnsafeBufferPointer<Int32>?, tokenCount: Int) -> Int {
            var i = 0, n = tokenCount
            if let spans {
                var k = 0
                while k &+ 1 < spans.count {
                    let start = Int(spans[k]), end = Int(spans[k &+ 1])
                    k &+= 2
                    zeros(to: start, &i, &n)
                    matchesAndLiterals(to: end, &i, &n)
                }
                zeros(to: count, &i, &n)
            } else {
                matchesAndLiterals(to: count, &i, &n)
            }
            return n
        }

        @inline(__always)
        func literal(_ byte: UInt8, _ n: inout Int) {
            tokens[n] = UInt32(byte)
            n &+= 1
            literals[Int(byte)] &+= 1
        }

        @inline(__always)
        func match(length: Int, distance: Int, _ n: inout Int) {
            let x = distance &- 1
            let symbol = Int(distanceSymbols[x < 256 ? x : 256 &+ x &>> 7])
            tokens[n] = Token.lengths &+ UInt32(truncatingIfNeeded: length)
            tokens[n &+ 1] =
                Token.distances &+ UInt32(truncatingIfNeeded: symbol)
                | UInt32(truncatingIfNeeded: distance &- Int(distanceBases[symbol])) &<< Token.extraShift
            n &+= 2
            literals[Int(lengthSymbols[length])] &+= 1
            distances[symbol] &+= 1
        }

        /// Codes the bytes from `i` up to `end`, known to be zeros, without reading them: runs at
        /// distance 1 once the byte before is a zero. Nothing when a match already ran past `end`.
        @inline(__always)
        func zeros(to end: Int, _ i: inout Int, _ n: inout Int) {
            guard i < end else { return }
            assert(FastDeflater.isZero(raw + i, count: end &- i), "a byte outside the dirty spans is not zero")
            if i &+ history < 1 || data[i &- 1] != 0 {
                literal(0, &n)
                i &+= 1
            }
            while end &- i >= 3 {
                let length = min(258, end &- i)
                match(length: length, distance: 1, &n)
                i &+= length
            }
            while i < end {
                literal(0, &n)
                i &+= 1
            }
        }

        /// Codes from `i` until at least `end` (a match may run past it, up to the chunk's end).
        @inline(__always)
        func matchesAndLiterals(to end: Int, _ i: inout Int, _ n: inout Int) {
            let shift = UInt32(32 - FastDeflater.hashBits)
            while i < end {
                let longest = min(258, count &- i)
                // A run of the previous pixel, which must be inside the data or its history.
                var length = 0, distance = pixelBytes
                if i &+ history >= pixelBytes {
                    length = FastDeflater.matchLength(raw + i, raw + (i &- pixelBytes), limit: longest)
                }
                if length < 16 && longest >= 4 {
                    let four = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                    let slot = Int((four &* 2_654_435_761) &>> shift)
                    let here = UInt32(truncatingIfNeeded: position &+ i)
                    let earlier = Int(here &- table[slot])
                    table[slot] = here
                    // pixelBytes < earlier ≤ min(window, i + history), as one unsigned comparison.
                    let reach = max(0, min(FastDeflater.window, i &+ history) &- pixelBytes)
                    if UInt(bitPattern: earlier &- pixelBytes &- 1) < UInt(bitPattern: reach),
                        raw.loadUnaligned(fromByteOffset: i &- earlier, as: UInt32.self) == four
                    {
                        let found = 4 &+ FastDeflater.matchLength(raw + (i &+ 4), raw + (i &+ 4 &- earlier), limit: longest &- 4)
                        if found > length {
                            length = found
                            distance = earlier
                        }
                    }
                }
                if length >= 3 {
                    match(length: length, distance: distance, &n)
                    i &+= length
                    continue
                }
                // No match: a pixel's worth of literals (one decision per pixel, not per byte).
                if pixelBytes == 3 && i &+ 3 <= count {
                    literal(data[i], &n)
                    literal(data[i &+ 1], &n)
                    literal(data[i &+ 2], &n)
                    i &+= 3
                } else {
                    let stop = min(count, i &+ pixelBytes)
                    while i < stop {
                        literal(data[i], &n)
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
        let literalFrequencies = Array(UnsafeBufferPointer(start: frequencies, count: 286))
        var distanceFrequencies = Array(UnsafeBufferPointer(start: frequencies + FastDeflater.distanceFrequencies, count: 30))
        frequencies.update(repeating: 0, count: 286 + 30)
        let tokenCount = self.tokenCount
        self.tokenCount = 0
        blockInput = 0

        let literals = HuffmanCode(frequencies: literalFrequencies, maxLength: 15)
        // A block without matches still declares a distance code: two one-bit codes, complete.
        if distanceFrequencies.allSatisfy({ $0 == 0 }) { distanceFrequencies[0...1] = [1, 1] }
        let distances = HuffmanCode(frequencies: distanceFrequencies, maxLength: 15)
        var distanceCount = 30
        while distanceCount > 1 && distances.lengths[distanceCount - 1] == 0 { distanceCount -= 1 }

        // The code table (see `Token`): a literal's code; a length's code with its extra bits
        // already after it; a distance symbol's code, with where its extra bits go.
        let table = codeTable
        func entry(code: UInt64, extraShift: UInt64, bits: UInt64) -> UInt64 { code | extraShift << 32 | bits << 40 }
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

        // At most 28 bits a token (a distance code and 13 extra bits), plus the header and the
        // 8 bytes each store writes.
        out.reserve(tokenCount * 4 + 1024)
        put(isFinal ? 1 : 0, 1, out)
        put(2, 2, out)  // dynamic Huffman codes
        writeCodeLengths(literals.lengths, Array(distances.lengths[0..<distanceCount]), out)
        var bits = self.bits, bitCount = UInt64(self.bitCount)
        var end = UnsafeMutableRawPointer(out.end)
        let tokens = self.tokens
        // Fewer than 8 bits pending before a pair of tokens, at most 63 after (28 bits a token
        // at most): both added, all 64 bits stored, and the whole bytes among them kept.
        while bitCount >= 8 {
            end.storeBytes(of: UInt8(truncatingIfNeeded: bits), as: UInt8.self)
            end += 1
            bits &>>= 8
            bitCount &-= 8
        }
        /// A token's code with its extra bits, and their length.
        @inline(__always) func coded(_ token: UInt32) -> (value: UInt64, bits: UInt64) {
            let entry = table[Int(token & 0x3FF)]
            return ((entry & 0xFFFF_FFFF) | UInt64(token &>> Token.extraShift) &<< (entry &>> 32 & 0xFF), entry &>> 40)
        }
        @inline(__always) func store(_ value: UInt64, _ count: UInt64) {
            bits |= value &<< bitCount
            bitCount &+= count
            end.storeBytes(of: bits.littleEndian, as: UInt64.self)
            let whole = bitCount & ~7
            end += Int(whole &>> 3)
            bits = bits &>> whole
            bitCount &-= whole
        }
        var k = 0
        while k &+ 1 < tokenCount {
            let first = coded(tokens[k]), second = coded(tokens[k &+ 1])
            store(first.value | second.value &<< first.bits, first.bits &+ second.bits)
            k &+= 2
        }
        if k < tokenCount {
            let last = coded(tokens[k])
            store(last.value, last.bits)
        }
        out.count = end - UnsafeMutableRawPointer(out.base)
        self.bits = bits
        self.bitCount = Int(bitCount)
        put(UInt32(literals.codes[256]), Int(literals.lengths[256]), out)
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

    /// Appends `count` (≤ 32) bits of `value`, least significant first. Room must be reserved.
    private func put(_ value: UInt32, _ count: Int, _ out: ByteBuffer) {
        out.reserve(8)
        bits |= UInt64(value) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            UnsafeMutableRawPointer(out.end).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            out.count += 4
            bits >>= 32
            bitCount -= 32
        }
    }

    /// Writes the pending bits, padding the last byte with zeros.
    private func flushBits(_ out: ByteBuffer) {
        while bitCount > 0 {
            out.base[out.count] = UInt8(truncatingIfNeeded: bits)
            out.count += 1
            bits >>= 8
            bitCount -= min(8, bitCount)
        }
        bits = 0
        bitCount = 0
    }
}

extension FastDeflater {
    /// Whether the `count` bytes at `bytes` are all zero: compared with a zero page by `memcmp`,
    /// so the debug builds' check of every skipped byte costs what a release build's copy would.
    static func isZero(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let chunk = min(count - offset, zeroPage.count)
            guard zeroPage.withUnsafeBytes({ memcmp(bytes + offset, $0.baseAddress!, chunk) }) == 0 else { return false }
            offset += chunk
        }
        return true
    }

    /// 4 KiB of zeros.
    private static let zeroPage = [UInt8](repeating: 0, count: 4096)
}
