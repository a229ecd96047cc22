/// `data:` URIs, the image references that carry their bytes (RFC 2397).
package enum DataURI {
    /// Whether the image reference `ref` is a `data:` URI: the scheme in any case, as a URI's
    /// scheme is (RFC 3986 §3.1): `DATA:image/png;base64,…` was read as a file path.
    package static func hasScheme(_ ref: String) -> Bool {
        hasScheme(ref.utf8)
    }

    /// `hasScheme` of a string's UTF-8 bytes.
    package static func hasScheme(_ bytes: some Collection<UInt8>) -> Bool {
        var scheme = bytes.makeIterator()
        for expected in "data:".utf8 {
            guard let byte = scheme.next(), (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected else { return false }
        }
        return true
    }

    /// The bytes of a `data:` URI's percent-encoded payload (RFC 3986 §2.1): each `%XX` one byte,
    /// whatever it is, every other character its own UTF-8 bytes; nil when a `%` is not followed
    /// by two hexadecimal digits. A PNG's bytes are not UTF-8, so `removingPercentEncoding`, which
    /// returns text, refused every percent-encoded picture.
    package static func percentDecoded(_ payload: some StringProtocol) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.utf8.count)
        var utf8 = payload.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(Hex.digit), let low = utf8.next().flatMap(Hex.digit) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
