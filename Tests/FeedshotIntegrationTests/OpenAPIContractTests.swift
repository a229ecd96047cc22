import FeedshotRender
import FeedshotServer
import Foundation
import Testing

/// Sources/FeedshotServer/Resources/openapi.yaml against the server: the document itself, every example and golden, every
/// layout tree, what the server serves, and schemathesis (PyPI) against the live server.
/// `scripts/install-deps --test` installs PyYAML, jsonschema, openapi-spec-validator (with
/// schemathesis) and schemathesis.
@Suite(.timeLimit(.minutes(10))) struct OpenAPIContractTests {
    static let source = ServerProcess.root.appendingPathComponent("Sources/FeedshotServer/Resources/openapi.yaml")

    @Test func theServedJSONAndYAMLAreTheSameDocumentAsPyYAMLReadsIt() async throws {
        let router = Router(configuration: ServerConfiguration())
        let yaml = router.handle(HTTPRequest(method: "GET", path: "/openapi.yaml"))
        let json = router.handle(HTTPRequest(method: "GET", path: "/openapi.json"))
        #expect(yaml.status == 200 && json.status == 200)
        #expect(yaml.header("content-type") == "application/yaml")
        #expect(String(decoding: yaml.body, as: UTF8.self) == (try String(contentsOf: Self.source, encoding: .utf8)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yamlFile = folder.appendingPathComponent("openapi.yaml")
        let jsonFile = folder.appendingPathComponent("openapi.json")
        try yaml.body.write(to: yamlFile)
        try json.body.write(to: jsonFile)
        // The same object once JSON's rules apply (PyYAML reads `200:` as an integer key), and
        // the JSON laid out byte for byte as Python's json.dumps(indent=2) lays it out.
        let script = """
            import json, sys, yaml
            served_yaml, served_json = open(sys.argv[1]).read(), open(sys.argv[2]).read()
            tree = yaml.safe_load(served_yaml)
            assert json.loads(served_json) == json.loads(json.dumps(tree)), "different documents"
            assert served_json == json.dumps(tree, indent=2, ensure_ascii=False) + "\\n", "different layout"
            print("same")
            """
        let result = try await runTool("python3", ["-c", script, yamlFile.path, jsonFile.path])
        #expect(result.status == 0 && result.output == "same\n", "\(result.output)")
    }

    @Test func examplesGoldensAndLayoutTreesValidateAgainstTheDocument() async throws {
        let result = try await runTool(
            "python3",
            [ServerProcess.root.appendingPathComponent("scripts/validate-openapi").path, ServerProcess.binary.path, Feedshot.version])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(" passed, 0 failed"), "\(result.output)")
    }

    @Test func theServerServesTheDocumentAsYAMLAndJSON() async throws {
        let server = try ServerProcess(["--token", "s3cret"])
        let yaml = try await server.send("/openapi.yaml")
        let file = try String(
            contentsOf: ServerProcess.root.appendingPathComponent("Sources/FeedshotServer/Resources/openapi.yaml"), encoding: .utf8)
        #expect(yaml.status == 200 && String(decoding: yaml.body, as: UTF8.self) == file)
        let json = try await server.send("/openapi.json")
        #expect(json.headers["content-type"] == "application/json")
        let document = try #require(try JSONSerialization.jsonObject(with: json.body) as? [String: Any])
        #expect((document["info"] as? [String: Any])?["version"] as? String == Feedshot.version)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, methods) in [
            ("/v1/render", ["get", "post"]), ("/v1/layout", ["post"]), ("/healthz", ["get"]), ("/readyz", ["get"]), ("/metrics", ["get"]),
            ("/", ["get"]),
            ("/openapi.json", ["get"]), ("/openapi.yaml", ["get"]), ("/gallery/{file}", ["get"]),
        ] {
            #expect(Set(paths[path]?.keys.map { $0 } ?? []) == Set(methods), "\(path)")
        }
    }

    /// One schemathesis run against the server on `port`: its exit status, output and the counts
    /// of its "N generated, N passed" line.
    static func schemathesis(port: Int, _ run: SchemathesisRun) async throws -> (status: Int32, output: String, generated: Int, passed: Int)
    {
        let result = try await runTool(
            "schemathesis",
            [
                "--config-file", ServerProcess.root.appendingPathComponent("scripts/schemathesis.toml").path, "run",
                "http://127.0.0.1:\(port)/openapi.json", "--workers", String(run.workers), "--phases", run.phases, "--max-examples",
                String(run.examples), "--seed", String(run.seed), "--no-color",
            ] + run.operations)
        let counts = result.output.firstMatch(of: /(\d+) generated, (\d+) passed/)
        return (result.status, result.output, Int(counts?.1 ?? "") ?? 0, Int(counts?.2 ?? "") ?? -1)
    }

    struct SchemathesisRun: Sendable {
        var phases: String
        var seed: Int
        var examples: Int
        var workers: Int
        var operations: [String]
    }

    @Test func schemathesisFindsNoFailureAgainstTheLiveServer() async throws {
        // Bodies up to 16 MiB, so the documents schemathesis draws are judged, not cut off at 413;
        // images up to 4 megapixels, so that a drawn document of 12,000-point custom components is
        // refused (422) at once rather than drawn for longer than schemathesis waits (10 s) in a
        // debug build sharing two cores with the rest of the suite. The gallery is built from one
        // small example (every example in every variant takes a minute in a debug build), so its
        // route is tested too.
        let examples = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: examples) }
        let hello =
            #"{"kind": "message", "now": "2026-11-29T12:00:00Z", "message": {"id": "1", "from": "ann", "sentAt": "2026-11-29T11:58:00Z", "type": "text", "text": "Hello"}}"#
        try Data(hello.utf8).write(to: examples.appendingPathComponent("hello.json"))
        let server = try ServerProcess([
            "--no-access-log", "--max-body-bytes", "16777216", "--max-pixels", "4000000", "--examples", examples.path,
        ])
        // scripts/schemathesis.toml: every check, with 413 counted as refusing an invalid body
        // and positive_data_acceptance off (some rules are beyond a schema). Every phase: the
        // examples, coverage (each keyword's boundaries and violations), fuzzing and stateful
        // (the ETag link to a revalidating GET) ones; fuzzing and stateful with two seeds, 50
        // examples an operation each. The coverage phase runs on one worker per process: on two,
        // Hypothesis describing a strategy from both threads at once hits CPython 3.11's "AST
        // constructor recursion depth mismatch" and schemathesis stops with a runtime error. So
        // that it takes minutes, not five, POST /v1/render (the slowest to answer) runs in a
        // second schemathesis process beside the rest; then seed 7 on two workers.
        let render = ["--include-operation-id", "render"], others = ["--exclude-operation-id", "render"]
        let first = [
            SchemathesisRun(phases: "coverage,fuzzing", seed: 1, examples: 50, workers: 1, operations: render),
            SchemathesisRun(phases: "examples,coverage,fuzzing,stateful", seed: 1, examples: 50, workers: 1, operations: others),
        ]
        let second = SchemathesisRun(phases: "examples,fuzzing,stateful", seed: 7, examples: 50, workers: 2, operations: [])
        let port = server.port
        async let renderRun = Self.schemathesis(port: port, first[0])
        let othersRun = try await Self.schemathesis(port: port, first[1])
        let results = [try await renderRun, othersRun, try await Self.schemathesis(port: port, second)]
        for (run, result) in zip(first + [second], results) {
            let name = "seed \(run.seed) \(run.phases) \(run.operations.joined(separator: " "))"
            let failures = result.output.range(of: "FAILURES").map { String(result.output[$0.lowerBound...].prefix(8000)) } ?? ""
            #expect(result.status == 0, "\(name): \(failures.isEmpty ? String(result.output.suffix(4000)) : failures)")
            // "N generated, N passed": every generated case passed every check.
            #expect(result.generated == result.passed && result.generated >= 100, "\(name): \(result.output.suffix(1500))")
            for phase in run.phases.split(separator: ",") where phase != "examples" {
                // "✅ Coverage", not skipped (⏭) or errored (🚫).
                let title = phase.prefix(1).uppercased() + phase.dropFirst()
                #expect(result.output.contains("✅ \(title)"), "\(name): \(phase): \(result.output.suffix(1500))")
            }
        }
        let stop = server.terminate()
        #expect(stop.exitedNormally && stop.status == 0, "the server died: \(server.log().suffix(6000))")
    }
}
