/// Nothing in a document is ignored in silence: every object's fields are checked against the
/// ones its decoder reads, and a field it does not know is refused naming its JSON path and the
/// nearest known field (`thme: unknown field; did you mean "theme"?`) — or, when the document is
/// decoded leniently, reported as a warning.
extension Decoder {
    /// Checks the fields of the object this decoder holds against the cases of `keys`.
    func checkFields<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, also extra: [String] = []) throws {
        // A closure, not `\.stringValue`: a key path over a generic type is built at run time, on
        // every object of every document.
        try checkFields(known: keys.allCases.map { $0.stringValue } + extra)
    }

    /// The object this decoder holds, its fields checked against the cases of `Keys` first: the
    /// container every object's decoder starts with.
    func checkedContainer<Keys: CodingKey & CaseIterable>(keyedBy keys: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
        try checkFields(keys)
        return try container(keyedBy: keys)
    }

    /// Checks the fields of the object this decoder holds against `known`: straight from the
    /// tree when `JSONTreeDecoder` decodes (no container of every key made for it). `explain`
    /// may say more of an unknown field than that it is unknown (that another profile has it).
    func checkFields(known: [String], explaining explain: (String) -> String? = { _ in nil }) throws {
        if let reader = self as? JSONTreeDecoder.Reader {
            let unknown = try reader.keys(notIn: known)
            if !unknown.isEmpty { try KnownFields.report(unknown, at: codingPath, known: known, context: context, explaining: explain) }
            return
        }
        let object = try container(keyedBy: AnyKey.self)
        try KnownFields.check(object, known: known, context: context, explaining: explain)
    }
}

extension KeyedDecodingContainer {
    /// Checks the fields of the object at `key` (when present) against the cases of `keys`.
    func checkFields<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, at key: Key, in decoder: any Decoder) throws {
        guard contains(key) else { return }
        let object = try nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try KnownFields.check(object, known: keys.allCases.map { $0.stringValue }, context: decoder.context)
    }
}

enum KnownFields {
    static func check(
        _ object: KeyedDecodingContainer<AnyKey>, known: [String], context: DecodingContext,
        explaining explain: (String) -> String? = { _ in nil }
    ) throws {
        let unknown = object.allKeys.map { $0.stringValue }.filter { !known.contains($0) }
        try report(unknown, at: object.codingPath, known: known, context: context, explaining: explain)
    }

    /// Refuses (or warns of) the fields `unknown` of the object at `codingPath`, in name order,
    /// each as `explain` says, else as unknown (`message(for:known:)`).
    static func report(
        _ unknown: [String], at codingPath: [any CodingKey], known: [String], context: DecodingContext,
        explaining explain: (String) -> String? = { _ in nil }
    ) throws {
        for name in unknown.sorted() {
            let message = explain(name) ?? message(for: name, known: known)
            try context.refuseOrWarn(DocumentError(codingPath: codingPath + [AnyKey(name)], message: message))
        }
    }

    /// `unknown field; did you mean "theme"?` — the nearest known field by spelling, or the one
    /// known field the name is a whole word of (`type` for `dataType`, `banned` for
    /// `isGlobalBanned`) — or the known fields when none is near.
    static func message(for name: String, known: [String]) -> String {
        if let nearest = DidYouMean.nearest(to: name, in: known) ?? containing(name, in: known) {
            return "unknown field; did you mean \"\(nearest)\"?"
        }
        return "unknown field (known: \(known.joined(separator: ", ")))"
    }

    /// The one field of `known` whose first or last camel-case words are `name` (three letters or
    /// more, any case): `dataType` for `type`, not `closesAt` for `close`.
    static func containing(_ name: String, in known: [String]) -> String? {
        let lowered = Array(name.lowercased())
        guard lowered.count >= 3 else { return nil }
        let matches = known.filter { field in
            let characters = Array(field)
            guard characters.count > lowered.count else { return false }
            let head = characters.prefix(lowered.count), tail = characters.suffix(lowered.count)
            let startsWith = Array(String(head).lowercased()) == lowered && characters[lowered.count].isUppercase
            let endsWith = Array(String(tail).lowercased()) == lowered && tail.first?.isUppercase == true
            return startsWith || endsWith
        }
        return matches.count == 1 ? matches[0] : nil
    }
}

/// Checks one element of an array of objects: decode it from a copy of the array's container
/// (`try checking.decode(FieldCheck<Keys>.self)`) beside the real one.
struct FieldCheck<Keys: CodingKey & CaseIterable>: Decodable {
    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Keys.self)
    }
}
