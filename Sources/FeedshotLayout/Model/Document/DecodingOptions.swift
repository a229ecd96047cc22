/// How a JSON document is decoded: its limits, the custom post types Swift code draws, and what
/// an unknown field does.
public struct DecodingOptions: Sendable, Hashable {
    /// What decoding does with a field it does not know.
    public enum UnknownFields: Sendable, Hashable {
        /// Refuse the document, naming the field and the nearest known one.
        case refuse
        /// Decode the document and report each unknown field in `Document.warnings`.
        case warn
    }

    /// Bounds on sizes and counts.
    public var limits: DocumentLimits
    /// Post data types a registered `PostComposable` draws: their posts are not checked for the
    /// content a built-in type needs (a composer may draw a "poll" post its own way). A type
    /// neither built in, composed nor given `components` draws the kit's placeholder.
    public var composedPostTypes: Set<String>
    /// Refuse unknown fields (the default) or only warn about them (`--lenient`).
    public var unknownFields: UnknownFields
    /// UI strings by key over the bundled catalogue and under each document's own `strings`: an
    /// app's `AmityLocalizable.strings`, read with `StringsFile.parse` (`--strings FILE`). Keys
    /// Feedshot does not draw are ignored.
    public var strings: [String: String] {
        get { checkedStrings }
        set { setStrings(newValue, problem: StringCatalog.insertionProblem(in: newValue)) }
    }
    private var checkedStrings: [String: String] = [:]
    /// Why `strings` cannot be used — one inserts too many arguments
    /// (`StringCatalog.insertionProblem(in:)`) — or nil: found when they are set, once, rather
    /// than for every document decoded with them.
    package private(set) var stringsProblem: String?

    /// Sets `strings` with what `StringCatalog.insertionProblem(in:)` found in them already.
    package mutating func setStrings(_ strings: [String: String], problem: String?) {
        (checkedStrings, stringsProblem) = (strings, problem)
    }
    /// An app's typography under each document's own (`--typography FILE`, a server-wide
    /// default): an Amity document's roles start from these, field by field, and its own
    /// `typography` overrides what it names. MessageKit documents do not use it.
    public var typography: Typography

    /// Options with the default limits, no composed post types, unknown fields refused, and no
    /// strings or typography over the kit's.
    public init(
        limits: DocumentLimits = .default, composedPostTypes: Set<String> = [], unknownFields: UnknownFields = .refuse,
        strings: [String: String] = [:], typography: Typography = Typography()
    ) {
        self.limits = limits
        self.composedPostTypes = composedPostTypes
        self.unknownFields = unknownFields
        self.typography = typography
        self.strings = strings
    }
}
