import FeedshotRender
import Foundation
import Testing

/// `GET /v1/render?d=…&sig=…`: signed, cacheable renders, and `feedshot sign`.
struct SignedURLTests {
    /// `feedshot sign` run as a process: the URL it prints.
    func sign(_ document: URL, key: String, base: String) throws -> String {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = ["sign", document.path, "--key", key, "--base", base]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    @Test func aSignedURLRendersLikeThePostAndIsCacheable() async throws {
        let server = try ServerProcess(["--url-signing-key", "k3y", "--token", "s3cret"])
        let file = ServerProcess.root.appendingPathComponent("goldens/text-long.json")
        let url = try sign(file, key: "k3y", base: "http://127.0.0.1:\(server.port)")
        #expect(url.hasPrefix("http://127.0.0.1:\(server.port)/v1/render?d="))
        let path = String(url.dropFirst("http://127.0.0.1:\(server.port)".count))
        let signed = try await server.send(path)
        #expect(signed.status == 200 && signed.headers["content-type"] == "image/png")
        #expect(signed.body == (try Feedshot.render(json: ServerTests.document)))
        let tag = try #require(signed.headers["etag"])
        #expect(tag.hasPrefix("\"") && tag.count == 66)
        #expect(signed.headers["cache-control"] == "public, max-age=31536000, immutable")
        // The same URL with If-None-Match: 304 and no render.
        let rendersBefore = try await server.metric(#"feedshot_render_seconds_count{route="GET /v1/render"}"#)
        let cached = try await server.send(path, headers: ["If-None-Match": tag])
        #expect(cached.status == 304 && cached.body.isEmpty && cached.headers["etag"] == tag)
        #expect(try await server.metric(#"feedshot_render_seconds_count{route="GET /v1/render"}"#) == rendersBefore)
        // A wrong or missing signature: 403, whatever the bearer token.
        let d = path.split(separator: "&").first!
        #expect(try await server.send(String(d)).status == 403)
        #expect(try await server.send(String(d) + "&sig=" + String(repeating: "0", count: 64)).status == 403)
        let wrongKey = try sign(file, key: "other", base: "http://127.0.0.1:\(server.port)")
        #expect(try await server.send(String(wrongKey.dropFirst("http://127.0.0.1:\(server.port)".count))).status == 403)
    }

    @Test func withoutAKeyTheGETNeedsTheTokenAndTheETagFollowsTheVersion() async throws {
        let server = try ServerProcess(["--token", "s3cret"])
        let d = ServerTests.document.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(try await server.send("/v1/render?d=\(d)").status == 401)
        let response = try await server.send("/v1/render?d=\(d)", headers: ["Authorization": "Bearer s3cret"])
        #expect(response.status == 200)
        #expect(try await server.send("/v1/render?d=not*base64", headers: ["Authorization": "Bearer s3cret"]).status == 400)
    }
}
