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
        failure(ref) == nil
    }

    /// Why `ref` was not loaded (a layout's warning says so); nil when it was.
    package func failure(_ ref: String) -> String? {
        if case .failed(let reason) = entry(ref) { return reason }
        return nil
    }
}
