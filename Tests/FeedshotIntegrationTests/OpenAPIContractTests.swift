import FeedshotRender
import Foundation
import Testing

/// Sources/FeedshotServer/Resources/openapi.yaml against the server: the document itself, every example and golden, every
/// layout tree, what the server serves, and schemathesis (PyPI) against the live server.
/// `scripts/install-deps --test` installs PyYAML, jsonschema, openapi-spec-validator (with
/// schemathesis) and schemathesis.
struct OpenAPIContractTests {
    @Test func examplesGoldensAndLayoutTreesValidateAgainstTheDocument() throws {
        let result = try DeploymentTests.run(
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
            ("/v1/render", ["get", "post"]), ("/v1/layout", ["post"]), ("/healthz", ["get"]), ("/metrics", ["get"]), ("/", ["get"]),
            ("/openapi.json", ["get"]), ("/openapi.yaml", ["get"]), ("/gallery/{file}", ["get"]),
        ] {
            #expect(Set(paths[path]?.keys.map { $0 } ?? []) == Set(methods), "\(path)")
        }
    }

    @Test func schemathesisFindsNoFailureAgainstTheLiveServer() throws {
        // Bodies up to 16 MiB, so the documents schemathesis draws are judged, not cut off at 413;
        // images up to 4 megapixels, so that a drawn document of 12,000-point custom components is
        // refused (422) at once rather than drawn for longer than schemathesis waits (10 s) in a
        // debug build sharing two cores with the rest of the suite.
        let server = try ServerProcess(["--no-access-log", "--max-body-bytes", "16777216", "--max-pixels", "4000000"])
        // scripts/schemathesis.toml: every check, with 413 counted as refusing an invalid body
        // and positive_data_acceptance off (some rules are beyond a schema). Phases: examples and
        // fuzzing; the coverage phase crashes schemathesis itself on this schema under Python
        // 3.11 ("AST constructor recursion depth mismatch"). The gallery is left out: its first
        // request builds every example in every variant (a minute in a debug build). A fixed seed
        // keeps runs comparable.
        let result = try DeploymentTests.run(
            "schemathesis",
            [
                "--config-file", ServerProcess.root.appendingPathComponent("scripts/schemathesis.toml").path, "run",
                "http://127.0.0.1:\(server.port)/openapi.json", "--workers", "2", "--phases", "examples,fuzzing", "--max-time", "120",
                "--max-examples", "150", "--seed", "20261130", "--exclude-path-regex", "^/gallery", "--no-color",
            ])
        let failures = result.output.range(of: "FAILURES").map { String(result.output[$0.lowerBound...].prefix(8000)) } ?? ""
        #expect(result.status == 0, "\(failures.isEmpty ? String(result.output.suffix(4000)) : failures)")
        // "N generated, N passed": every generated case passed every check.
        let counts = result.output.firstMatch(of: /(\d+) generated, (\d+) passed/)
        #expect(counts != nil && counts?.1 == counts?.2 && (Int(counts?.1 ?? "") ?? 0) >= 100, "\(result.output.suffix(1500))")
        let stop = server.terminate()
        #expect(stop.exitedNormally && stop.status == 0, "the server died: \(server.log().suffix(6000))")
    }
}
