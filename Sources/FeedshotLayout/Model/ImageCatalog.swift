/// What the renderer found behind each image reference, handed to the (pure) layout so it can
/// size images and place placeholders and warnings without doing any I/O itself.
package struct ImageCatalog: Sendable, Hashable {
    package enum Entry: Sendable, Hashable {
        /// Decoded; the size in pixels.
        case loaded(width: Int, height: Int)
        /// Missing or undecodable, and why.
        case failed(String)
    }

    package var entries: [String: Entry]

    package init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The entry for `ref`; a reference nobody loaded counts as failed.
    package func entry(_ ref: String) -> Entry {
        if ref.isEmpty { return .failed("no image reference") }
        return entries[ref] ?? .failed("not loaded")
    }

    package func isLoaded(_ ref: String) -> Bool {
        if case .loaded = entry(ref) { return true }
        return false
    }
}

extension ImageCatalog {
    /// Whether the image reference `ref` is a `data:` URI — its scheme in any case, as a URI's
    /// scheme is (RFC 3986 §3.1): `DATA:image/png;base64,…` was read as a file path.
    package static func isDataURI(_ ref: String) -> Bool {
        isDataURI(ref.utf8)
    }

    /// `isDataURI` of a string's UTF-8 bytes.
    package static func isDataURI(_ bytes: some Collection<UInt8>) -> Bool {
        var scheme = bytes.makeIterator()
        for expected in "data:".utf8 {
            guard let byte = scheme.next(), (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected else { return false }
        }
        return true
    }
}
