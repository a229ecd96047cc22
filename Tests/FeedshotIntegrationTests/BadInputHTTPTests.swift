import Foundation
import Testing

/// The bad-input table (docs/bad-input.md) through the HTTP API: status and problem document.
@Suite(.timeLimit(.minutes(10))) struct BadInputHTTPTests {
    static func chat(_ messages: String, extra: String = "") -> String {
        #"{"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z"\#(extra), "messages": [\#(messages)]}"#
    }

    static func text(_ body: String) -> String {
        #"{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": \#(body)}"#
    }

    /// (row, body, status, problem path or nil, the start of the detail)
    static let rows: [(String, Data, Int, String?, String)] = [
        ("malformed JSON", Data(#"{"kind": "chat", "#.utf8), 400, "", "malformed JSON"),
        ("invalid UTF-8", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]), 400, "", "malformed JSON"),
        ("empty document", Data(), 400, "", "the document is empty"),
        ("empty object", Data("{}".utf8), 400, "kind", "kind: is required"),
        ("wrong type", Data(#"{"kind": "chat", "width": "wide", "messages": []}"#.utf8), 400, "width", "width: must be a number"),
        ("unknown kind", Data(#"{"kind": "poster"}"#.utf8), 400, "kind", #"kind: unknown kind "poster""#),
        (
            "unknown message type", Data(chat(#"{"id": "m", "from": "u2", "type": "poll", "sentAt": "2026-11-29T11:00:00Z"}"#).utf8), 400,
            "messages[0].type", "messages[0].type: unknown message type"
        ),
        (
            "zero width", Data(#"{"kind": "chat", "width": 0, "messages": []}"#.utf8), 400, "width",
            "width: must be a positive number (got 0)"
        ),
        ("huge width", Data(#"{"kind": "chat", "width": 1e300, "messages": []}"#.utf8), 400, "width", "width: must be at most 4096"),
        ("infinity", Data(#"{"kind": "chat", "width": 1e999, "messages": []}"#.utf8), 400, "", "malformed JSON: Number 1e999"),
        ("NaN", Data(#"{"kind": "chat", "width": NaN, "messages": []}"#.utf8), 400, "", "malformed JSON"),
        (
            "long string", Data(chat(text("\"" + String(repeating: "a", count: 200_000) + "\"")).utf8), 400, "messages[0].text",
            "messages[0].text: is 200000 Unicode scalars, more than the limit of 100000"
        ),
        (
            "1,000-deep nesting",
            Data(
                (#"{"kind": "chat", "x": "# + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
                    + #", "messages": []}"#).utf8), 400, "", "malformed JSON: Too many nested"
        ),
        (
            "1 MB string", Data(chat(text("\"" + String(repeating: "a", count: 1_100_000) + "\"")).utf8), 413, nil,
            "the body is larger than 1048576 bytes"
        ),
        (
            "100,000 messages", Data(chat(Array(repeating: text("\"x\""), count: 100_000).joined(separator: ",")).utf8), 413, nil,
            "the body is larger than 1048576 bytes"
        ),
        (
            "image too large to draw",
            Data(
                chat(text("\"hi\""), extra: #", "width": 4000, "scale": 3, "cells": {"text": {"layout": "static", "height": 2000}}"#).utf8),
            422, nil, "the image would be 12000 × 6105 pixels"
        ),
        ("no messages", Data(chat("").utf8), 422, nil, "the layout is empty"),
    ]

    @Test func everyRowGetsItsStatusAndProblem() async throws {
        let server = try ServerProcess()
        for (name, body, status, path, detail) in Self.rows {
            let response = try await server.send("/v1/render", method: "POST", body: body)
            #expect(response.status == status, "\(name)")
            #expect(response.headers["content-type"] == "application/problem+json", "\(name)")
            let problem = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any], "\(name)")
            #expect((problem["detail"] as? String)?.hasPrefix(detail) == true, "\(name): \(problem["detail"] ?? "")")
            if let path, !path.isEmpty { #expect(problem["path"] as? String == path, "\(name)") }
        }
        // The server is still answering.
        #expect(try await server.send("/healthz").status == 200)
    }

    @Test func unusableImagesRenderWithAWarningsHeader() async throws {
        let server = try ServerProcess(["--assets", ServerProcess.root.appendingPathComponent("examples").path])
        for ref in [#""assets/corrupt.png""#, #""assets/not-an-image.png""#, #""data:text/plain;base64,aGVsbG8=""#, #""../Package.swift""#]
        {
            let body = Data(Self.chat(Self.text("\"hi\""), extra: #", "users": {"u2": {"avatar": \#(ref)}}"#).utf8)
            let response = try await server.send("/v1/render", method: "POST", body: body)
            #expect(response.status == 200, "\(ref)")
            #expect(response.headers["feedshot-warnings"] == "1", "\(ref)")
        }
    }
}
