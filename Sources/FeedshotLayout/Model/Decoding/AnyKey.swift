/// A coding key for any field name: lists an object's fields whatever they are.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
