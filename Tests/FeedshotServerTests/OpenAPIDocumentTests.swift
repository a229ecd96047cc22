import FeedshotLayout
import Foundation
import Testing

@testable import FeedshotServer

/// `YAMLReader` and `TreeValue.json`, which make the JSON the server serves of its one OpenAPI file
/// (`Sources/FeedshotServer/Resources/openapi.yaml`); `OpenAPIContractTests` checks the served pair
/// against PyYAML.
struct OpenAPIDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func blockMappingsSequencesAndLiteralScalars() throws {
        let text = """
            # a comment
            name: Feedshot
            version: "0.2.0"
            count: 12
            ratio: 0.50
            empty:
            flags: [yes, off, ~, -3]
            list:
              - one
              - name: two
                in: query
              -
                nested: true
            same:
            - a
            - 'it''s'
            text: |
              first line
                indented

              after a blank
            stripped: |-
              no break
            plain: a plain
              scalar folded # comment
            flow: { $ref: "#/x", enum: [a, b,
              c], "q": '' }
            escapes: "tab\\t \\u00e9 \\"q\\""
            """
        let expected: TreeValue = .object([
            .init(key: "name", value: .string("Feedshot")), .init(key: "version", value: .string("0.2.0")),
            .init(key: "count", value: .number("12")), .init(key: "ratio", value: .number("0.5")), .init(key: "empty", value: .null),
            .init(key: "flags", value: .array([.bool(true), .bool(false), .null, .number("-3")])),
            .init(
                key: "list",
                value: .array([
                    .string("one"), .object([.init(key: "name", value: .string("two")), .init(key: "in", value: .string("query"))]),
                    .object([.init(key: "nested", value: .bool(true))]),
                ])),
            .init(key: "same", value: .array([.string("a"), .string("it's")])),
            .init(key: "text", value: .string("first line\n  indented\n\nafter a blank\n")),
            .init(key: "stripped", value: .string("no break")),
            .init(key: "plain", value: .string("a plain scalar folded")),
            .init(
                key: "flow",
                value: .object([
                    .init(key: "$ref", value: .string("#/x")),
                    .init(key: "enum", value: .array([.string("a"), .string("b"), .string("c")])),
                    .init(key: "q", value: .string("")),
                ])),
            .init(key: "escapes", value: .string("tab\t é \"q\"")),
        ])
        #expect(try YAMLReader.read(text) == expected)
    }

    /// The schema's closed vocabularies are the library's: a kit behaviour or an event added to
    /// one and not the other fails here (a new `bug-…` id would otherwise fail response validation
    /// only in the integration tests).
    @Test func theSchemasEnumsHoldTheLibrarysVocabularies() throws {
        let url = Self.root.appendingPathComponent("Sources/FeedshotServer/Resources/openapi.yaml")
        let schema = try YAMLReader.read(String(contentsOf: url, encoding: .utf8))
        var enums: [Set<String>] = []
        func collect(_ value: TreeValue) {
            switch value {
            case .object(let members):
                for member in members {
                    if member.key == "enum", case .array(let items) = member.value {
                        enums.append(Set(items.compactMap { if case .string(let name) = $0 { name } else { nil } }))
                    }
                    collect(member.value)
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(schema)
        for (name, vocabulary) in [
            ("kitBehaviours", Set(KitBehaviour.allCases.map(\.id))), ("events", Set(LayoutEvent.all.map(\.rawValue))),
        ] {
            let nearest = try #require(enums.max { $0.intersection(vocabulary).count < $1.intersection(vocabulary).count })
            #expect(vocabulary.subtracting(nearest).isEmpty, "\(name): not in the schema: \(vocabulary.subtracting(nearest).sorted())")
            #expect(nearest.subtracting(vocabulary).isEmpty, "\(name): only in the schema: \(nearest.subtracting(vocabulary).sorted())")
        }
    }

    @Test func theJSONIsLaidOutAsPythonLaysItOut() throws {
        let tree = try YAMLReader.read("a: [1, {}]\nb: {c: \"\\u0001é\"}\nd: []\n")
        #expect(tree.json == "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": {\n    \"c\": \"\\u0001é\"\n  },\n  \"d\": []\n}\n")
    }

    @Test(arguments: [
        ("a: &anchor 1\n", 1), ("a: >\n  folded\n", 1), ("a: 1\n  b: 2\n", 2), ("a: [1, 2\n", 1), ("a: 1\na: 2\n", 2),
        ("a: \"open\n", 1), ("---\na: 1\n", 1), ("a:\n\t- 1\n", 2),
    ])
    func yamlOutsideTheSubsetIsRefusedWithItsLine(text: String, line: Int) {
        #expect(throws: YAMLReader.Failure.self) { try YAMLReader.read(text) }
        do {
            _ = try YAMLReader.read(text)
        } catch let failure as YAMLReader.Failure {
            #expect(failure.line == line, "\(failure)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
