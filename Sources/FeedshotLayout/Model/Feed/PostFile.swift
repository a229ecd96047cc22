import Foundation

/// A file attached to a post (`AmityFile`).
public struct PostFile: Sendable, Hashable {
    /// The file's name.
    public var name: String
    /// Its size in bytes, shown as `ByteCountFormatter` (`.file`) writes it ("482 KB").
    public var size: Double?
    /// The extension its icon is chosen by (`AmityFile`'s `extension` attribute); by default the
    /// name's, after its last dot.
    public var fileExtension: String

    /// A file; the extension defaults to the name's.
    public init(name: String, size: Double? = nil, fileExtension: String? = nil) {
        self.name = name
        self.size = size
        self.fileExtension = fileExtension ?? PostFile.pathExtension(of: name)
    }

    /// What follows the last dot of `name` ("" without one).
    static func pathExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
