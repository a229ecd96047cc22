import Foundation
import Testing

@testable import FeedshotServer

/// The one OpenAPI file (`Sources/FeedshotServer/Resources/openapi.yaml`) and the JSON the server
/// makes of it with `YAMLReader`: the same document as PyYAML reads it.
struct OpenAPIDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let source = root.appendingPathComponent("Sources/FeedshotServer/Resources/openapi.yaml")

    /// Runs python3 with `script`, the files given as its arguments; returns its exit status and output.
    static func python(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func theServedJSONAndYAMLAreTheSameDocumentAsPyYAMLReadsIt() throws {
        let router = Router(configuration: ServerConfiguration())
        let yaml = router.handle(HTTPRequest(method: "GET", path: "/openapi.yaml"))
        let json = router.handle(HTTPRequest(method: "GET", path: "/openapi.json"))
        #expect(yaml.status == 200 && json.status == 200)
        #expect(yaml.headers.contains { $0 == ("Content-Type", "application/yaml") || $0 == ("content-type", "application/yaml") })
        #expect(String(decoding: yaml.body, as: UTF8.self) == (try String(contentsOf: Self.source, encoding: .utf8)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yamlFile = folder.appendingPathComponent("openapi.yaml")
        let jsonFile = folder.appendingPathComponent("openapi.json")
        try yaml.body.write(to: yamlFile)
        try json.body.write(to: jsonFile)
        // The same object once JSON's rules apply (PyYAML reads `200:` as an integer key); and
        // the JSON byte for byte as scripts/openapi-embed used to write it.
        let result = try Self.python(
            """
            import json, sys, yaml
            served_yaml, served_json = open(sys.argv[1]).read(), open(sys.argv[2]).read()
            tree = yaml.safe_load(served_yaml)
            assert json.loads(served_json) == json.loads(json.dumps(tree)), "different documents"
            assert served_json == json.dumps(tree, indent=2, ensure_ascii=False) + "\\n", "different layout"
            print("same")
            """, [yamlFile.path, jsonFile.path])
        #expect(result.status == 0 && result.output == "same\n", "\(result.output)")
    }

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
