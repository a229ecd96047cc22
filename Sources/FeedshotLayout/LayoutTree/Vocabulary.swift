/// A name from one of the layout tree's vocabularies (`ElementRole`, `LayoutEvent`, `ItemType`): a
/// string in JSON (the standard library's `RawRepresentable` coding), its name when printed, and
/// writable as a string literal — for tests and library users; Feedshot's sources use the
/// constants (`VocabularyTests`).
public protocol Vocabulary: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
    /// The name.
    init(rawValue: String)
}

extension Vocabulary {
    /// A name from a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The name.
    public var description: String { rawValue }
}
