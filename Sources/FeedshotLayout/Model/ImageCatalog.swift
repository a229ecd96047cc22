/// What the renderer found behind each image reference, handed to the (pure) layout so it can
/// size images and place placeholders and warnings without doing any I/O itself.
public struct ImageCatalog: Sendable, Hashable {
    public enum Entry: Sendable, Hashable {
        /// Decoded; the size in pixels.
        case loaded(width: Int, height: Int)
        /// Missing or undecodable, and why.
        case failed(String)
    }

    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The entry for `ref`; a reference nobody loaded counts as failed.
    public func entry(_ ref: String) -> Entry {
        if ref.isEmpty { return .failed("no image reference") }
        return entries[ref] ?? .failed("not loaded")
    }

    public func isLoaded(_ ref: String) -> Bool {
        if case .loaded = entry(ref) { return true }
        return false
    }
}
