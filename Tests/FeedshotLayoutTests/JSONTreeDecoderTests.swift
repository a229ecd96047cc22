import Foundation
import Testing

@testable import FeedshotLayout

/// Feedshot's own JSON decoder (`JSONTreeDecoder`) held against Foundation's `JSONDecoder`, the
/// implementation it replaces: every document of the repository, thousands of mutations of them,
/// and the edge cases of JSON's grammar must decode to the same layout or fail with the same
/// error through both.
struct JSONTreeDecoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every JSON document the repository holds: goldens, examples, bench inputs, fuzz seeds.
    static let corpus: [(name: String, data: Data)] = {
        ["goldens", "examples", "bench", "fuzz/seeds"].flatMap { folder -> [(name: String, data: Data)] in
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
                (try? Data(contentsOf: url.appendingPathComponent(name))).map { ("\(folder)/\(name)", $0) }
            }
        }
    }()

    /// What decoding `data` through `parser` comes to: the error's line, or the layout's JSON and
    /// the warnings.
    ///
    /// The one difference by design: JSONDecoder reads a map (`users`, `cells`, MessageKit's
    /// `kinds`) in its hash order, which changes from process to process, so of two wrong entries
    /// it names either, and warns in either order; `JSONTreeDecoder` reads in the document's order
    /// (`aMapIsReadInTheDocumentsOrder`). So an error inside a map is compared as "inside that
    /// map", and warnings as a set.
    static func outcome(_ data: Data, _ parser: Document.Parser, _ options: DecodingOptions = DecodingOptions()) -> String {
        do {
            let document = try Document.decode(data, options: options, parser: parser)
            let warnings = document.warnings.sorted()
            guard var layout = try? LayoutEngine.layout(document, measurer: FakeMeasurer()) else {
                return "decoded; layout refused; warnings \(warnings)"
            }
            layout.warnings.sort()
            return String(decoding: layout.jsonData(), as: UTF8.self) + "\nwarnings \(warnings)"
        } catch {
            let line = "\(error)"
            if let map = line.firstMatch(of: /^((?:[\w\[\]]+\.)*(?:users|cells|kinds))\./) { return "error inside \(map.1)" }
            return "error: \(line)"
        }
    }

    static func expectSame(_ data: Data, _ label: String, options: DecodingOptions = DecodingOptions()) {
        let ours = outcome(data, .tree, options)
        let foundation = outcome(data, .foundation, options)
        #expect(ours == foundation, "\(label): \(String(decoding: data.prefix(300), as: UTF8.self))")
    }

    @Test func theRepositorysDocumentsDecodeAlike() throws {
        try #require(JSONTreeDecoderTests.corpus.count >= 100, "the corpus was not found")
        for (name, data) in JSONTreeDecoderTests.corpus {
            JSONTreeDecoderTests.expectSame(data, name)
            // And every one of them really decodes: a corpus of refusals would prove little.
            #expect(
                !JSONTreeDecoderTests.outcome(data, .tree).hasPrefix("error:") || name.hasPrefix("fuzz/") || name == "bench/texts.json",
                "\(name)")
        }
    }

    /// A small deterministic generator (SplitMix64), so a failure names a mutation that repeats.
    struct Mutator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
        }

        static let replacements = [
            "1", "-1", "0", "1.5", "1e2", "1.0", "1e400", "-0", "9223372036854775808", "\"x\"", "\"\"", "true", "false", "null",
            "[]", "{}", "[1,]", "{\"a\": 1}", "\"\\ud800\"", "\"\\u00e9\"", "\"2026-11-29T11:00:00Z\"", "01", "1.", "\"a\\qb\"",
        ]

        /// `bytes` changed in one of the ways a hand-edited or hostile document is: a value
        /// replaced by another of any type, a byte removed, a span repeated, a key misspelt, a
        /// trailing comma, the text cut short.
        mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            guard !bytes.isEmpty else { return bytes }
            let at = next(bytes.count)
            switch next(6) {
            case 0:
                // The value after a colon, replaced.
                guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")) else { return bytes }
                var end = colon + 1
                while end < bytes.count, bytes[end] == 0x20 { end += 1 }
                let start = end
                if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                    end += 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                    end += 1
                } else {
                    while end < bytes.count, !",}]".utf8.contains(bytes[end]) { end += 1 }
                }
                let replacement = Mutator.replacements[next(Mutator.replacements.count)]
                bytes.replaceSubrange(start..<min(end, bytes.count), with: Array(replacement.utf8))
            case 1:
                bytes.remove(at: at)
            case 2:
                let length = min(next(40) + 1, bytes.count - at)
                bytes.insert(contentsOf: bytes[at..<at + length], at: at)
            case 3:
                // A key's letter dropped.
                guard let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")), quote + 2 < bytes.count else { return bytes }
                bytes.remove(at: quote + 1)
            case 4:
                guard let close = bytes[at...].firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }) else {
                    return bytes
                }
                bytes.insert(UInt8(ascii: ","), at: close)
            default:
                bytes.removeSubrange(at...)
            }
            return bytes
        }
    }

    @Test func mutatedDocumentsDecodeOrFailAlike() {
        var mutator = Mutator(state: 2026)
        var refused = 0, decoded = 0
        for (name, data) in JSONTreeDecoderTests.corpus {
            for round in 0..<16 {
                var bytes = [UInt8](data)
                for _ in 0...mutator.next(2) { bytes = mutator.mutate(bytes) }
                let mutated = Data(bytes)
                let lenient = round % 3 == 0
                var options = DecodingOptions()
                if lenient { options.unknownFields = .warn }
                let ours = JSONTreeDecoderTests.outcome(mutated, .tree, options)
                #expect(
                    ours == JSONTreeDecoderTests.outcome(mutated, .foundation, options),
                    "\(name) round \(round): \(String(decoding: mutated, as: UTF8.self))")
                if ours.hasPrefix("error:") { refused += 1 } else { decoded += 1 }
            }
        }
        // Both sides of the comparison were exercised.
        #expect(refused > 200 && decoded > 200, "refused \(refused), decoded \(decoded)")
    }

    /// A map with one wrong entry, where JSONDecoder's order cannot matter: the same error to the
    /// letter, a key that reads as a number written as an index as the standard library's
    /// dictionary key makes it (`users[1]`).
    @Test(arguments: [
        #"{"kind": "chat", "users": {"1": {"displayName": 1}}, "messages": []}"#,
        #"{"kind": "chat", "users": {"u": {"displayName": 1}}, "messages": []}"#,
        #"{"kind": "chat", "users": {"u": {"displayName": "A"}, "u": {"displayName": 1}}, "messages": []}"#,
        #"{"kind": "chat", "users": {"u": {"displayName": 1}, "u": {"displayName": "A"}}, "messages": []}"#,
        #"{"kind": "chat", "users": {"u": {"nme": "A"}}, "messages": []}"#,
        #"{"kind": "chat", "users": {"u": []}, "messages": []}"#,
        #"{"kind": "chat", "users": {"u\u0000": {"displayName": 1}}, "messages": []}"#,
        #"{"kind": "chat", "users": {"\ud800": {"displayName": "A"}}, "messages": []}"#,
    ])
    func aMapsOneWrongEntryFailsAlike(json: String) {
        func line(_ parser: Document.Parser) -> String {
            do { return "decoded: \(try Document.decode(Data(json.utf8), options: DecodingOptions(), parser: parser).kind)" } catch {
                return "\(error)"
            }
        }
        #expect(line(.tree) == line(.foundation))
    }

    @Test func aMapIsReadInTheDocumentsOrder() throws {
        let json = #"{"kind": "chat", "users": {"zed": {"displayName": 1}, "amy": {"displayName": 2}}, "messages": []}"#
        for _ in 0..<3 {
            #expect(throws: DocumentError(path: "users.zed.displayName", message: "must be a string")) {
                try Document.decode(Data(json.utf8))
            }
        }
        var options = DecodingOptions()
        options.unknownFields = .warn
        let lenient = #"{"kind": "chat", "users": {"zed": {"nme": "Z"}, "amy": {"nam": "A"}}, "messages": []}"#
        let warnings = try Document.decode(Data(lenient.utf8), options: options).warnings
        #expect(warnings.map { $0.prefix(13) } == ["users.zed.nme", "users.amy.nam"])
    }

    @Test(arguments: [
        // Numbers: whole numbers as JSONDecoder reads them, and the ones it cannot represent.
        #"{"kind": "message", "width": 375.0, "scale": 2, "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}}"#,
        #"{"kind": "message", "width": 3.75e2, "scale": 2.0, "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}}"#,
        #"{"kind": "message", "width": 1e400, "message": {}}"#,
        #"{"kind": "message", "width": 1e-400, "message": {}}"#,
        #"{"kind": "message", "width": 1e-320, "message": {}}"#,
        #"{"kind": "message", "width": -0, "message": {}}"#,
        #"{"kind": "message", "width": 0e-400, "message": {}}"#,
        #"{"kind": "message", "width": 01, "message": {}}"#,
        #"{"kind": "message", "width": 1., "message": {}}"#,
        #"{"kind": "message", "width": +1, "message": {}}"#,
        #"{"kind": "message", "width": 1x, "message": {}}"#,
        // Numbers JSONDecoder takes as numbers until it reads them, where a string is expected.
        #"{"kind": -}"#, #"{"kind": 1.}"#, #"{"kind": 01}"#, #"{"kind": 1e}"#, #"{"kind": 1-2}"#, #"{"kind": +1}"#, #"{"kind": .5}"#,
        #"{"kind": -a}"#, #"{"kind": 1 2}"#, #"{"kind": tru}"#, #"{"kind": NaN}"#, #"{"kind": "chat", "x": "\u12zz"}"#,
        #"{"kind": "chat", "x": "\ud800", "y": "a\qb"}"#,
        // Strings: escapes, surrogates, control characters, bytes that are not UTF-8.
        #"{"kind": "message", "me": "\u0075\u0031", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "\ud83d\ude00 \/ \" \\ \b\f\n\r\t"}}"#,
        #"{"kind": "message", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "\ud800"}}"#,
        #"{"kind": "message", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "\udc00x"}}"#,
        #"{"kind": "message", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "a\qb"}}"#,
        "{\"kind\": \"message\", \"me\": \"u1\", \"message\": {\"id\": \"m\", \"from\": \"u1\", \"type\": \"text\", \"text\": \"a\tb\"}}",
        // Structure: trailing commas, repeated keys, a byte-order mark, what follows the document.
        #"{"kind": "message", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x",},}"#,
        #"{"kind": "message", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"},,}"#,
        #"{,}"#, #"[,]"#, #"[1,]"#, #"[]"#, #""""#, #"1"#, "", " ", #"{"kind": "chat"} x"#, "{\"kind\": \"chat\"}\u{0}",
        #"{"kind": "message", "kind": "chat", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "x"}}"#,
        "\u{FEFF}{\"kind\": \"message\", \"me\": \"u1\", \"message\": {\"id\": \"m\", \"from\": \"u1\", \"type\": \"text\", \"sentAt\": \"2026-11-29T11:00:00Z\", \"text\": \"x\"}}",
        // Types: each kind of value where another is expected.
        #"{"kind": 1}"#, #"{"kind": true}"#, #"{"kind": []}"#, #"{"kind": {}}"#, #"{"kind": "chat", "messages": {}}"#,
        #"{"kind": "chat", "messages": [1]}"#, #"{"kind": "chat", "users": []}"#, #"{"kind": "chat", "users": {"u": 1}}"#,
    ])
    func edgeCasesDecodeOrFailAlike(json: String) {
        JSONTreeDecoderTests.expectSame(Data(json.utf8), "edge case")
    }

    @Test func nestingIsRefusedAtJSONDecodersDepth() {
        for depth in [510, 511, 512, 513, 600, 100_000] {
            let json = #"{"kind": "chat", "x": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            JSONTreeDecoderTests.expectSame(Data(json.utf8), "depth \(depth)")
        }
        // Unclosed, so deep that a recursive parser would overflow the stack.
        let unclosed = Data(String(repeating: "[", count: 1_000_000).utf8)
        #expect(JSONTreeDecoderTests.outcome(unclosed, .tree).hasPrefix("error: malformed JSON"))
    }

    @Test func invalidUTF8IsMalformedWhereJSONDecoderSaysSo() {
        let prefix = Array(
            #"{"kind": "message", "me": "u1", "message": {"id": "m", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": ""#
                .utf8)
        for bad: [UInt8] in [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            let data = Data(prefix + bad + Array(#""}}"#.utf8))
            JSONTreeDecoderTests.expectSame(data, "bytes \(bad)")
        }
    }

    /// Every primitive type the `Decoder` protocols name, keyed, in an array and as a single
    /// value: read by the one switch in `JSONTreeDecoder.value`, as JSONDecoder reads them.
    struct Primitives: Decodable, Equatable {
        var a: Int8, b: Int16, c: Int32, d: Int64, e: UInt, f: UInt8, g: UInt16, h: UInt32, i: UInt64, j: Float, k: Bool
        var list: [UInt8]
        var single: Wrapped
        struct Wrapped: Decodable, Equatable {
            var value: Float
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Float.self) }
        }
    }

    @Test(arguments: [
        #"{"a": -128, "b": 1e2, "c": 7, "d": -9, "e": 1.0, "f": 255, "g": 2, "h": 3, "i": 18446744073709551615, "j": 1.5, "k": true, "list": [0, 1, 255], "single": 2.5}"#,
        #"{"a": 128, "b": 1, "c": 7, "d": -9, "e": 1, "f": 255, "g": 2, "h": 3, "i": 4, "j": 1.5, "k": true, "list": [0], "single": 2.5}"#,
        #"{"a": 1, "b": 1, "c": 7, "d": -9, "e": -1, "f": 255, "g": 2, "h": 3, "i": 4, "j": 1.5, "k": true, "list": [0], "single": 2.5}"#,
        #"{"a": 1, "b": 1, "c": 7, "d": -9, "e": 1, "f": 255, "g": 2, "h": 3, "i": 4, "j": 1e39, "k": true, "list": [0], "single": 2.5}"#,
        #"{"a": 1, "b": 1, "c": 7, "d": -9, "e": 1, "f": 255, "g": 2, "h": 3, "i": 4, "j": 1.5, "k": 1, "list": [256], "single": "x"}"#,
        #"{"a": 1, "b": 1, "c": 7, "d": -9, "e": 1, "f": 255, "g": 2, "h": 3, "i": 4, "j": 1.5, "k": true, "list": [1.5], "single": 2.5}"#,
    ])
    func everyPrimitiveTypeDecodesAlike(json: String) {
        func outcome(_ decode: () throws -> Primitives) -> String {
            do { return "\(try decode())" } catch { return "\(DocumentError(error as! DecodingError))" }
        }
        let bytes = Array(json.utf8)
        let ours = outcome { try Primitives(from: JSONTreeDecoder.root(of: bytes)) }
        #expect(ours == outcome { try JSONDecoder().decode(Primitives.self, from: Data(bytes)) })
    }
}
