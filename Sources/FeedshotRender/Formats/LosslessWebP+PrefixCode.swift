import Foundation

extension LosslessWebP {
    /// One of the five prefix codes of a VP8L image (the WebP lossless specification's §6.2): how it is written in the
    /// header (§6.2.2: a "simple" code of one or two symbols under 256, else code lengths coded with
    /// a code of their own) and each symbol's bits.
    struct PrefixCode {
        /// Each symbol's code, bit-reversed (written least significant bit first), and its length;
        /// a code of one symbol has length 0 (the decoder reads no bits for it, §6.2.2).
        private let codes: [UInt64]
        private let lengths: [UInt64]
        /// The symbols of a simple code (one or two), or nil for a code written as lengths.
        private let simpleSymbols: [Int]?

        /// The longest code VP8L allows, and the longest code of the code-length code.
        static let maxLength = 15
        static let maxCodeLengthLength = 7
        /// The order in which the code-length code's lengths are written (§6.2.2, `kCodeLengthCodeOrder`).
        static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

        /// The code for symbols occurring `counts` times (indices from the slice's start).
        init(counts: ArraySlice<UInt32>) {
            let size = counts.count
            let base = counts.startIndex
            let used = (0..<size).filter { counts[base + $0] > 0 }
            if used.count <= 2 && used.allSatisfy({ $0 < 256 }) {
                // A code nothing uses is written as the single symbol 0 (a code must have one).
                let symbols = used.isEmpty ? [0] : used
                simpleSymbols = symbols
                var lengths = [UInt8](repeating: 0, count: size)
                if symbols.count == 2 { for symbol in symbols { lengths[symbol] = 1 } }
                let canonical = HuffmanCode(lengths: lengths)
                self.lengths = lengths.map(UInt64.init)
                codes = canonical.codes.map(UInt64.init)
            } else {
                simpleSymbols = nil
                let canonical = HuffmanCode(frequencies: Array(counts), maxLength: PrefixCode.maxLength)
                lengths = canonical.lengths.map(UInt64.init)
                codes = canonical.codes.map(UInt64.init)
            }
        }

        /// Symbol `symbol`'s code (bit-reversed) and length.
        @inline(__always)
        func entry(_ symbol: Int) -> (code: UInt64, length: UInt64) { (codes[symbol], lengths[symbol]) }

        /// Writes the code's definition (§6.2.2).
        func writeDefinition(into bits: inout BitWriter) {
            if let simpleSymbols {
                bits.put(1, 1)  // simple
                bits.put(UInt64(simpleSymbols.count - 1), 1)
                let first = simpleSymbols[0]
                if first < 2 {
                    bits.put(0, 1)
                    bits.put(UInt64(first), 1)
                } else {
                    bits.put(1, 1)
                    bits.put(UInt64(first), 8)
                }
                if simpleSymbols.count == 2 { bits.put(UInt64(simpleSymbols[1]), 8) }
                return
            }
            bits.put(0, 1)  // lengths follow
            // VP8L's code-length alphabet is deflate's (§6.2.2; its 16 repeats the last non-zero
            // length, which deflate's coding always writes just before).
            let runs = DeflateTables.runLengthCoded(lengths.map { UInt8($0) })
            var frequencies = [UInt32](repeating: 0, count: 19)
            for run in runs { frequencies[Int(run.symbol)] += 1 }
            let lengthCode = HuffmanCode(frequencies: frequencies, maxLength: PrefixCode.maxCodeLengthLength)
            var written = PrefixCode.codeLengthOrder.count
            while written > 4 && lengthCode.lengths[PrefixCode.codeLengthOrder[written - 1]] == 0 { written -= 1 }
            bits.put(UInt64(written - 4), 4)
            for symbol in PrefixCode.codeLengthOrder.prefix(written) { bits.put(UInt64(lengthCode.lengths[symbol]), 3) }
            bits.put(0, 1)  // every symbol's length follows (no max_symbol)
            for run in runs {
                let symbol = Int(run.symbol), length = UInt64(lengthCode.lengths[symbol])
                bits.put(UInt64(lengthCode.codes[symbol]) | UInt64(run.extra) << length, length + UInt64(run.extraBits))
            }
        }
    }

    /// Bits written least significant first into a byte array (§3: "bits are read … least
    /// significant bit first"), after room for a file header written at the end (`finish`).
    struct BitWriter {
        private var bytes: [UInt8]
        /// The bytes kept for the header.
        private let reserved: Int
        /// Pending bits (fewer than 8 between calls), their count, and the bytes complete.
        private var pending: UInt64 = 0
        private var pendingCount: UInt64 = 0
        private var end: Int

        init(capacity: Int, reserving reserved: Int) {
            bytes = [UInt8](repeating: 0, count: reserved + capacity + 8)
            self.reserved = reserved
            end = reserved
        }

        /// Appends the low `count` bits of `value` (at most 56; no bits above them set).
        @inline(__always)
        mutating func put(_ value: UInt64, _ count: UInt64) {
            pending |= value &<< pendingCount
            pendingCount &+= count
            if end + 8 > bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let word = pending.littleEndian, offset = end
            var span = bytes.mutableSpan
            var raw = span.mutableBytes
            raw.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            let whole = pendingCount & ~7
            end &+= Int(whole &>> 3)
            pending = whole == 64 ? 0 : pending &>> whole
            pendingCount &-= whole
        }

        mutating func put(_ value: UInt64, _ count: Int) { put(value, UInt64(count)) }

        /// The file: `header(count)` for the `count` bytes written (the last one padded with
        /// zeros) over the bytes reserved for it, then those bytes and a zero if their count is odd
        /// (a RIFF chunk's padding). Past the bits written the storage is zeros.
        mutating func finish(header: (_ count: Int) -> [UInt8]) -> Data {
            let count = end - reserved + (pendingCount > 0 ? 1 : 0)
            let head = header(count)
            precondition(head.count == reserved, "a header of the \(reserved) bytes kept for it")
            let total = reserved + count + count % 2
            if total > bytes.count { bytes += [UInt8](repeating: 0, count: total - bytes.count) }
            for (index, byte) in head.enumerated() { bytes[index] = byte }
            return Data(bytes[0..<total])
        }
    }
}
