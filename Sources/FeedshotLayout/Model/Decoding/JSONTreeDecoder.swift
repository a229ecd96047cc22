import Foundation

/// A `Decoder` over a parsed `JSONTree`: how `Document.decode` reads a document. It behaves as
/// Foundation's `JSONDecoder` does — the same values, the same `DecodingError`s at the same
/// coding paths, the first of two repeated keys — at a fraction of its cost on the small
/// documents a server renders most (docs/performance.md, "Parsing"): no dictionary built per
/// object, no string made for a field nobody reads, the coding path built only for an error.
struct JSONTreeDecoder {
    /// The decoder of the JSON `bytes`' top-level value, with `userInfo` for its decoders.
    static func root(of bytes: [UInt8], userInfo: [CodingUserInfoKey: Any] = [:]) throws -> Reader {
        let tree: JSONTree
        do {
            tree = try JSONTree(bytes)
        } catch {
            throw JSONTreeDecoder.malformed
        }
        return Reader(state: State(tree: tree, userInfo: userInfo), node: 0, path: nil)
    }

    /// What JSONDecoder throws for text that is not JSON, and for a number or string it cannot
    /// represent: `DocumentError.decoding` turns it into "malformed JSON: …" with the reason.
    static let malformed = DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))

    /// What every decoder of one document shares.
    final class State {
        let tree: JSONTree
        let userInfo: [CodingUserInfoKey: Any]

        init(tree: JSONTree, userInfo: [CodingUserInfoKey: Any]) {
            self.tree = tree
            self.userInfo = userInfo
        }
    }

    /// A coding path as a chain from the innermost key out, made into an array only for an error.
    final class Path {
        let key: any CodingKey
        let parent: Path?

        init(_ key: any CodingKey, _ parent: Path?) {
            self.key = key
            self.parent = parent
        }

        static func array(_ path: Path?) -> [any CodingKey] {
            var keys: [any CodingKey] = []
            var node = path
            while let current = node {
                keys.append(current.key)
                node = current.parent
            }
            return keys.reversed()
        }
    }

    /// An array index as JSONDecoder names it in a coding path.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    /// The decoder of one value.
    struct Reader: Decoder {
        let state: State
        let node: Int
        let path: Path?

        var codingPath: [any CodingKey] { Path.array(path) }
        var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard state.tree.nodes[node].kind == .object else {
                throw mismatch([String: Any].self, at: node, path: path, state: state)
            }
            return KeyedDecodingContainer(try Keyed<Key>(state: state, object: node, path: path))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard state.tree.nodes[node].kind == .array else { throw mismatch([Any].self, at: node, path: path, state: state) }
            return Unkeyed(state: state, array: node, path: path)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(reader: self) }

        /// The keys of the object this decoder holds that are not in `known`, each once; what
        /// `container(keyedBy:)` throws when it is not an object.
        func keys(notIn known: [String]) throws -> [String] {
            let tree = state.tree
            guard tree.nodes[node].kind == .object else { throw mismatch([String: Any].self, at: node, path: path, state: state) }
            guard tree.keysAreText(of: node) else { throw JSONTreeDecoder.malformed }
            var unknown: [String] = []
            var key = node + 1
            while key < tree.nodes[node].end {
                if !known.contains(where: { tree.key(at: key, is: $0) }), let name = tree.string(at: key) { unknown.append(name) }
                key = tree.next(after: key + 1)
            }
            return unknown.count > 1 ? Array(Set(unknown)) : unknown
        }
    }
}

extension JSONTreeDecoder {
    /// `Expected to decode T but found … instead.`, as JSONDecoder words it.
    static func mismatch(_ type: Any.Type, at node: Int, path: @autoclosure () -> Path?, state: State) -> DecodingError {
        let found =
            switch state.tree.nodes[node].kind {
            case .null: "null"
            case .true, .false: "bool"
            case .number: "number"
            case .string: "a string"
            case .array: "an array"
            case .object: "a dictionary"
            }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: Path.array(path()), debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    static func null(_ type: Any.Type, path: @autoclosure () -> Path?) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: Path.array(path()), debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    // MARK: Values

    static func bool(at node: Int, path: @autoclosure () -> Path?, state: State) throws -> Bool {
        switch state.tree.nodes[node].kind {
        case .true: true
        case .false: false
        case .null: throw null(Bool.self, path: path())
        default: throw mismatch(Bool.self, at: node, path: path(), state: state)
        }
    }

    static func string(at node: Int, path: @autoclosure () -> Path?, state: State) throws -> String {
        switch state.tree.nodes[node].kind {
        case .string:
            guard let text = state.tree.string(at: node) else { throw malformed }
            return text
        case .null: throw null(String.self, path: path())
        default: throw mismatch(String.self, at: node, path: path(), state: state)
        }
    }

    /// A number as JSONDecoder reads it: out of range, or underflowing to zero, is malformed.
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, at node: Int, path: @autoclosure () -> Path?, state: State
    ) throws -> T {
        let text = try numberText(type, at: node, path: path(), state: state)
        guard let value = T(String(text)), value.isFinite else { throw malformed }
        if value == 0, mantissaIsNonZero(text) { throw malformed }
        return value
    }

    /// A whole number as JSONDecoder reads it: `1.0` and `1e2` are whole; `1.5`, and anything
    /// the type cannot hold, is malformed.
    static func integer<T: FixedWidthInteger>(_ type: T.Type, at node: Int, path: @autoclosure () -> Path?, state: State) throws -> T {
        let text = try numberText(type, at: node, path: path(), state: state)
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            guard let value = T(text, radix: 10) else { throw malformed }
            return value
        }
        guard let double = Double(String(text)), double.isFinite, let value = T(exactly: double) else { throw malformed }
        return value
    }

    static func numberText(_ type: Any.Type, at node: Int, path: @autoclosure () -> Path?, state: State) throws -> Substring {
        switch state.tree.nodes[node].kind {
        case .number:
            guard let text = state.tree.numberText(at: node) else { throw malformed }
            return text
        case .null: throw null(type, path: path())
        default: throw mismatch(type, at: node, path: path(), state: state)
        }
    }

    /// Whether a number's digits before its exponent are not all zero.
    static func mantissaIsNonZero(_ text: Substring) -> Bool {
        for character in text {
            if character == "e" || character == "E" { return false }
            if character >= "1" && character <= "9" { return true }
        }
        return false
    }

    /// Any `Decodable` at `node`: the primitives directly, everything else through its own
    /// `init(from:)`. The one place a container reads a value: each container's generic `decode`
    /// (and `decodeIfPresent`) witnesses the protocols' per-type requirements too, so the
    /// primitives are listed here once, not in every container. Every fixed-width integer type
    /// (`Int8` … `UInt64`, and the 128-bit ones) reads through `integer(_:at:path:state:)`; `Int`, the one documents
    /// use, is named first so that its read stays specialized.
    static func value<T: Decodable>(_ type: T.Type, at node: Int, path: @autoclosure () -> Path?, state: State) throws -> T {
        switch type {
        case is String.Type: return try string(at: node, path: path(), state: state) as! T
        case is Bool.Type: return try bool(at: node, path: path(), state: state) as! T
        case is Double.Type: return try floatingPoint(Double.self, at: node, path: path(), state: state) as! T
        case is Int.Type: return try integer(Int.self, at: node, path: path(), state: state) as! T
        case is Float.Type: return try floatingPoint(Float.self, at: node, path: path(), state: state) as! T
        case let integerType as any FixedWidthInteger.Type: return try integer(integerType, at: node, path: path(), state: state) as! T
        case let map as any JSONTreeMap.Type: return try map.init(object: node, path: path(), state: state) as! T
        default: return try T(from: Reader(state: state, node: node, path: path()))
        }
    }
}

/// A map read straight from an object's members, not through the standard library's
/// `Dictionary.init(from:)` (a keyed container, its `allKeys`, a hashed lookup per key): the same
/// values, errors and coding keys, the entries in the document's order.
protocol JSONTreeMap {
    init(object node: Int, path: JSONTreeDecoder.Path?, state: JSONTreeDecoder.State) throws
}

extension Dictionary: JSONTreeMap where Key == String, Value: Decodable {
    init(object node: Int, path: JSONTreeDecoder.Path?, state: JSONTreeDecoder.State) throws {
        let tree = state.tree
        guard tree.nodes[node].kind == .object else {
            throw JSONTreeDecoder.mismatch([String: Any].self, at: node, path: path, state: state)
        }
        guard tree.keysAreText(of: node) else { throw JSONTreeDecoder.malformed }
        self.init(minimumCapacity: tree.nodes[node].count)
        var key = node + 1
        while key < tree.nodes[node].end {
            // Every key is text (checked above); the first of a repeated one is the entry.
            if let name = tree.string(at: key), self[name] == nil {
                self[name] = try JSONTreeDecoder.value(
                    Value.self, at: key + 1, path: JSONTreeDecoder.Path(MapKey(name), path), state: state)
            }
            key = tree.next(after: key + 1)
        }
    }
}

/// A map entry's key in a coding path, as the standard library's `_DictionaryCodingKey` is: a key
/// that reads as a whole number has that `intValue` too.
struct MapKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = Int(name)
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(String(intValue)) }
}

extension JSONTreeDecoder {
    /// An object's fields, looked up in the tree in the document's order (the first of two
    /// repeated keys is the one read, as with JSONDecoder): nothing is copied or allocated.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let state: State
        let path: Path?
        /// The object's node.
        let object: Int

        /// Throws `malformed` for a key that is not UTF-8 (or half a surrogate pair), as JSONDecoder does.
        init(state: State, object: Int, path: Path?) throws {
            guard state.tree.keysAreText(of: object) else { throw JSONTreeDecoder.malformed }
            self.state = state
            self.path = path
            self.object = object
        }

        var codingPath: [any CodingKey] { Path.array(path) }

        var allKeys: [Key] { state.tree.keys(of: object).compactMap { Key(stringValue: $0) } }

        func node(for key: Key) -> Int? { state.tree.member(key.stringValue, of: object) }

        func contains(_ key: Key) -> Bool { node(for: key) != nil }

        func required(_ key: Key) throws -> Int {
            guard let node = node(for: key) else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return node
        }

        func decodeNil(forKey key: Key) throws -> Bool { state.tree.nodes[try required(key)].kind == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONTreeDecoder.value(type, at: try required(key), path: Path(key, path), state: state)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let node = node(for: key), state.tree.nodes[node].kind != .null else { return nil }
            return try JSONTreeDecoder.value(type, at: node, path: Path(key, path), state: state)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<
            NestedKey
        > {
            try nested(key, "keyed").container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try nested(key, "unkeyed").unkeyedContainer()
        }

        /// The decoder of the value at `key` for a nested container of the `kind` named; missing,
        /// the error JSONDecoder throws.
        private func nested(_ key: Key, _ kind: String) throws -> Reader {
            guard let node = node(for: key) else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Cannot get nested \(kind) container -- no value found for key \(key) (\"\(key.stringValue)\")"))
            }
            return Reader(state: state, node: node, path: Path(key, path))
        }

        func superDecoder() throws -> any Decoder { try decoder(for: "super", key: nil) }

        func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key.stringValue, key: key) }

        /// The decoder of the member named `name`; JSONDecoder gives a missing one a decoder of null.
        private func decoder(for name: String, key: (any CodingKey)?) throws -> any Decoder {
            let codingKey: any CodingKey = key ?? AnyKey(name)
            let node = state.tree.member(name, of: object) ?? state.tree.absent
            return Reader(state: state, node: node, path: Path(codingKey, path))
        }
    }

    /// An array's elements, read in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let state: State
        let path: Path?
        let count: Int?
        private(set) var currentIndex = 0
        /// The node of the element at `currentIndex`.
        private var node: Int

        init(state: State, array: Int, path: Path?) {
            self.state = state
            self.path = path
            self.count = state.tree.nodes[array].count
            self.node = array + 1
        }

        var codingPath: [any CodingKey] { Path.array(path) }
        var isAtEnd: Bool { currentIndex >= count ?? 0 }

        /// The next element's node and path, the container moved past it.
        private mutating func next(_ type: Any.Type) throws -> (node: Int, path: Path) {
            let elementPath = Path(IndexKey(currentIndex), path)
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, DecodingError.Context(codingPath: Path.array(elementPath), debugDescription: "Unkeyed container is at end."))
            }
            let current = node
            node = state.tree.next(after: current)
            currentIndex += 1
            return (current, elementPath)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any?.self,
                    DecodingError.Context(
                        codingPath: Path.array(Path(IndexKey(currentIndex), path)), debugDescription: "Unkeyed container is at end."))
            }
            guard state.tree.nodes[node].kind == .null else { return false }
            node += 1
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (node, path) = try next(type)
            return try JSONTreeDecoder.value(type, at: node, path: path, state: state)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let (node, path) = try next(KeyedDecodingContainer<NestedKey>.self)
            return try Reader(state: state, node: node, path: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (node, path) = try next((any UnkeyedDecodingContainer).self)
            return try Reader(state: state, node: node, path: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (node, path) = try next((any Decoder).self)
            return Reader(state: state, node: node, path: path)
        }
    }

    /// A single value's container.
    struct Single: SingleValueDecodingContainer {
        let reader: Reader

        var codingPath: [any CodingKey] { reader.codingPath }

        func decodeNil() -> Bool { reader.state.tree.nodes[reader.node].kind == .null }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONTreeDecoder.value(type, at: reader.node, path: reader.path, state: reader.state)
        }

    }
}
