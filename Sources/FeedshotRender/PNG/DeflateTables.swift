import CDeflate

/// DEFLATE's fixed tables (RFC 1951 §3.2.5, §3.2.7).
enum DeflateTables {
    /// First length of each length symbol 257–285.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    /// The length symbol (257–285) for each match length 0–258 (0 below 3).
    static let lengthSymbol: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 259)
        for symbol in 0..<29 {
            let first = Int(lengthBase[symbol])
            let last = symbol == 28 ? 258 : min(257, first + (1 << lengthExtraBits[symbol]) - 1)
            for length in first...last { table[length] = UInt16(257 + symbol) }
        }
        return table
    }()

    /// First distance of each distance symbol 0–29, and its extra bits.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    static let distanceExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// Distance symbols as zlib finds them: by `distance − 1` below 256, else by `(distance − 1) >> 7`.
    static let distanceSymbols: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for symbol in 0..<30 {
            let first = Int(distanceBase[symbol])
            for distance in first..<(first + 1 << distanceExtraBits[symbol]) {
                let x = distance - 1
                table[x < 256 ? x : 256 + x >> 7] = UInt8(symbol)
            }
        }
        return table
    }()

    /// The order in which a block header lists the code-length code's lengths.
    static let codeLengthOrder: [UInt8] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    struct CodeLengthRun: Equatable {
        var symbol: UInt8
        var extra: UInt8 = 0
        var extraBits: UInt8 = 0
    }

    /// Code lengths as code-length symbols: 0–15 themselves, 16 repeats the previous length 3–6
    /// times, 17 and 18 write 3–10 and 11–138 zeros.
    static func runLengthCoded(_ lengths: [UInt8]) -> [CodeLengthRun] {
        var runs: [CodeLengthRun] = []
        var i = 0
        while i < lengths.count {
            let length = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == length { run += 1 }
            i += run
            if length == 0 {
                while run >= 11 {
                    let part = min(run, 138)
                    runs.append(CodeLengthRun(symbol: 18, extra: UInt8(part - 11), extraBits: 7))
                    run -= part
                }
                if run >= 3 {
                    runs.append(CodeLengthRun(symbol: 17, extra: UInt8(run - 3), extraBits: 3))
                    run = 0
                }
            } else {
                runs.append(CodeLengthRun(symbol: length))
                run -= 1
                while run >= 3 {
                    let part = min(run, 6)
                    runs.append(CodeLengthRun(symbol: 16, extra: UInt8(part - 3), extraBits: 2))
                    run -= part
                }
            }
            for _ in 0..<run { runs.append(CodeLengthRun(symbol: length)) }
        }
        return runs
    }
}
