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
}
