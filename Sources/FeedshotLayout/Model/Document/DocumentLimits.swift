/// Bounds a document must stay within; each is a setting of the CLI and the server.
public struct DocumentLimits: Sendable, Hashable {
    /// Largest canvas width in points.
    public var maxWidth: Double = 4096
    /// Most messages (or posts) in one document.
    public var maxItems: Int = 10_000
    /// Longest text (a message's, a post's, a comment's), in Unicode scalars.
    public var maxTextLength: Int = 100_000
    /// Longest of every other string (names, ids, types, labels, keys), in Unicode scalars;
    /// `data:` image URIs are bounded by the image byte limit instead.
    public var maxStringLength: Int = 1_000

    /// The defaults: 4096 points, 10,000 items, 100,000 scalars of text, 1,000 of other strings.
    public init() {}

    /// The defaults.
    public static let `default` = DocumentLimits()
}
