/// Nothing in a document is ignored in silence: every object's fields are checked against the
/// ones its decoder reads, and a field it does not know is refused naming its JSON path and the
/// nearest known field (`thme: unknown field; did you mean "theme"?`) — or, when the document is
/// decoded leniently, reported as a warning.
extension Decoder {
    /// Checks the fields of the object this decoder holds against the cases of `keys`.
    func checkFields<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, also extra: [String] = []) throws {
        try checkFields(known: keys.allCases.map(\.stringValue) + extra)
    }

    /// Checks the fields of the object this decoder holds against `known`.
    func checkFields(known: [String]) throws {
        let object = try container(keyedBy: AnyKey.self)
        try KnownFields.check(object, known: known, context: context)
    }
}

extension KeyedDecodingContainer {
    /// Checks the fields of the object at `key` (when present) against the cases of `keys`.
    func checkFields<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, at key: Key, in decoder: any Decoder) throws {
        guard contains(key) else { return }
        let object = try nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try KnownFields.check(object, known: keys.allCases.map(\.stringValue), context: decoder.context)
    }
}

enum KnownFields {
    static func check(_ object: KeyedDecodingContainer<AnyKey>, known: [String], context: DecodingContext) throws {
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            let error = object.error(at: key, message(for: key.stringValue, known: known))
            switch context.options.unknownFields {
            case .refuse: throw error
            case .warn: context.warn(error.description)
            }
        }
    }

    /// `unknown field; did you mean "theme"?`, or the known fields when none is near.
    static func message(for name: String, known: [String]) -> String {
        if let nearest = nearest(to: name, in: known) { return "unknown field; did you mean \"\(nearest)\"?" }
        return "unknown field (known: \(known.joined(separator: ", ")))"
    }

    /// The known name closest to `name` by edit distance (letters compared without case), if it
    /// is close enough to be a slip: at most a third of the longer name's letters, and at least one.
    static func nearest(to name: String, in known: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, max(name.count, best.name.count) / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// Levenshtein distance, counting a swap of neighbours as one edit (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

/// Checks one element of an array of objects: decode it from a copy of the array's container
/// (`try checking.decode(FieldCheck<Keys>.self)`) beside the real one.
struct FieldCheck<Keys: CodingKey & CaseIterable>: Decodable {
    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Keys.self)
    }
}
