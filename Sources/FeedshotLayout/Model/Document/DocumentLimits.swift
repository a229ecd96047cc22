/// Bounds a document must stay within; each is a setting of the CLI and the server.
public struct DocumentLimits: Sendable, Hashable {
    /// Largest canvas width in points.
    public var maxWidth: Double = 4096
    /// Most messages (or posts) in one document.
    public var maxItems: Int = 10_000
    /// Longest text of one message, in characters.
    public var maxTextLength: Int = 100_000

    /// The defaults: 4096 points, 10,000 items, 100,000 characters.
    public init() {}

    /// The defaults.
    public static let `default` = DocumentLimits()
}
