/// Hexadecimal digits read as values: a JSON `\uXXXX` escape, a `data:` URI's `%XX`, a signed
/// URL's signature.
package enum Hex {
    /// The value of one hexadecimal digit, in either case; nil for any other byte.
    @inline(__always)
    package static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The bytes of hexadecimal text, two digits each; nil for an odd count or another character.
    package static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = digit(digits[index]), let low = digit(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
