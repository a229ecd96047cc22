/// A canonical Huffman code as DEFLATE writes it (RFC 1951 §3.2.2): a length per symbol, no code
/// longer than a limit, and codes assigned in order of length then symbol. Codes are stored
/// bit-reversed, ready to be written least significant bit first.
struct HuffmanCode: Equatable {
    /// Bits per symbol; 0 for a symbol that does not occur.
    var lengths: [UInt8]
    /// Each symbol's code, bit-reversed.
    var codes: [UInt16]

    /// The optimal code for `frequencies` with no code longer than `maxLength` bits.
    ///
    /// Lengths come from a Huffman tree built with two queues over the sorted frequencies; when the
    /// tree is deeper than `maxLength`, the count of codes per length is adjusted as JPEG's
    /// Annex K.3 does (a pair of deepest leaves becomes one leaf a level up, and a shallower leaf
    /// moves down to make room), then the most frequent symbols take the shortest lengths. A code
    /// with a single used symbol gets a second one-bit code so that it stays complete.
    init(frequencies: [UInt32], maxLength: Int) {
        self.init(lengths: HuffmanCode.lengths(for: frequencies, maxLength: maxLength))
    }

    /// The canonical codes for the given lengths.
    init(lengths: [UInt8]) {
        self.lengths = lengths
        let longest = Int(lengths.max() ?? 0)
        var countPerLength = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: longest + 1)
        var code = 0
        for bits in stride(from: 1, through: longest, by: 1) {
            code = (code + countPerLength[bits - 1]) << 1
            next[bits] = code
        }
        codes = lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[Int(length)]
            next[Int(length)] += 1
            return HuffmanCode.reversed(UInt16(value), bits: Int(length))
        }
    }

    static func reversed(_ value: UInt16, bits: Int) -> UInt16 {
        var result: UInt16 = 0
        var rest = value
        for _ in 0..<bits {
            result = result << 1 | rest & 1
            rest >>= 1
        }
        return result
    }

    /// Code lengths for `frequencies`, none above `maxLength`.
    static func lengths(for frequencies: [UInt32], maxLength: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        // Used symbols, least frequent first (ties by symbol, so the result is deterministic).
        var keys: [UInt64] = []
        keys.reserveCapacity(frequencies.count)
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 { keys.append(UInt64(frequency) << 16 | UInt64(symbol)) }
        keys.sort()
        let leaves = keys.map { Int($0 & 0xFFFF) }
        switch leaves.count {
        case 0:
            return lengths
        case 1:
            lengths[leaves[0]] = 1
            lengths[leaves[0] == 0 ? 1 : 0] = 1
            return lengths
        default:
            break
        }
        let depths = treeDepths(keys.map { $0 >> 16 })
        var countPerLength = [Int](repeating: 0, count: max(maxLength, depths.max()!) + 1)
        for depth in depths { countPerLength[depth] += 1 }
        limit(&countPerLength, to: maxLength)
        // Hand out the lengths, shortest first, to the most frequent symbols.
        var symbol = leaves.count - 1
        for length in 1...maxLength {
            for _ in 0..<countPerLength[length] {
                lengths[leaves[symbol]] = UInt8(length)
                symbol -= 1
            }
        }
        return lengths
    }

    /// Depth of each leaf in a Huffman tree over `weights` (ascending), by the two-queue method.
    static func treeDepths(_ weights: [UInt64]) -> [Int] {
        let leafCount = weights.count
        // Nodes 0..<leafCount are the leaves; internal nodes follow in the order they are made.
        var weight = weights + [UInt64](repeating: 0, count: leafCount - 1)
        var parent = [Int](repeating: 0, count: 2 * leafCount - 1)
        var nextLeaf = 0
        var nextInternal = leafCount
        var made = leafCount
        func takeSmallest() -> Int {
            if nextLeaf < leafCount && (nextInternal >= made || weight[nextLeaf] <= weight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while made < 2 * leafCount - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight[made] = weight[a] + weight[b]
            parent[a] = made
            parent[b] = made
            made += 1
        }
        // The root is the last node made; each node is deeper by one than its parent, which was made later.
        var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        return Array(depth[0..<leafCount])
    }

    /// Moves codes longer than `maxLength` up (JPEG Annex K.3), keeping the code complete.
    static func limit(_ countPerLength: inout [Int], to maxLength: Int) {
        var length = countPerLength.count - 1
        while length > maxLength {
            while countPerLength[length] > 0 {
                var shallower = length - 2
                while countPerLength[shallower] == 0 { shallower -= 1 }
                countPerLength[length] -= 2
                countPerLength[length - 1] += 1
                countPerLength[shallower + 1] += 2
                countPerLength[shallower] -= 1
            }
            length -= 1
        }
    }
}
