import Foundation
import Testing

@testable import FeedshotServer

/// The frames between the server and its render worker processes carry every part of a request
/// and a response, and a torn or malformed frame is refused, never misread.
struct WorkerMessageTests {
    @Test func aRequestCrossesThePipeWhole() throws {
        let request = HTTPRequest(
            method: "GET", path: "/v1/render", query: ["d": "e30", "sig": String(repeating: "a", count: 64)], body: Data([0, 1, 255]),
            headerFields: [(name: "accept", value: "image/webp"), (name: "accept", value: "image/png")], requestID: "id-1",
            client: "::1", rawTarget: "/v1/render?d=e30&sig=aa", version: "HTTP/1.1", repeatedQueryNames: ["d", "v"])
        let frame = WorkerMessage.encode(request, remaining: .milliseconds(1500))
        let payload = Array(frame.dropFirst(4))
        #expect(frame.count == payload.count + 4)
        let (decoded, remaining) = try #require(WorkerMessage.decodeRequest(payload))
        #expect(decoded.method == "GET" && decoded.path == "/v1/render" && decoded.query == request.query)
        #expect(decoded.body == request.body && decoded.requestID == "id-1" && decoded.client == "::1")
        #expect(decoded.headerFields.map(\.name) == ["accept", "accept"])
        #expect(decoded.headerFields.map(\.value) == ["image/webp", "image/png"])
        #expect(decoded.rawTarget == request.rawTarget && decoded.version == "HTTP/1.1")
        #expect(decoded.repeatedQueryNames == ["d", "v"])
        #expect(remaining == .milliseconds(1500))
        let bare = HTTPRequest(method: "POST", path: "/v1/layout")
        let (again, _) = try #require(WorkerMessage.decodeRequest(Array(WorkerMessage.encode(bare, remaining: .zero).dropFirst(4))))
        #expect(again.rawTarget == nil && again.version == nil && again.repeatedQueryNames.isEmpty)
    }

    @Test func aResponseCrossesThePipeWhole() throws {
        let response = HTTPResponse(
            status: 422, headers: [("Content-Type", "application/problem+json"), ("Retry-After", "1")], body: Data("{}".utf8))
        let decoded = try #require(WorkerMessage.decodeResponse(Array(WorkerMessage.encode(response).dropFirst(4))))
        #expect(decoded.status == 422 && decoded.body == response.body)
        #expect(
            decoded.headers.map(\.0) == ["Content-Type", "Retry-After"] && decoded.headers.map(\.1) == ["application/problem+json", "1"])
    }

    @Test func tornAndMalformedFramesAreRefused() {
        let frame = Array(WorkerMessage.encode(HTTPResponse(status: 200, body: Data("abc".utf8))).dropFirst(4))
        for cut in 0..<frame.count { #expect(WorkerMessage.decodeResponse(Array(frame.prefix(cut))) == nil) }
        #expect(WorkerMessage.decodeResponse(frame + [0]) == nil)
        var badStatus = frame
        badStatus[0] = 0x10  // status 16
        #expect(WorkerMessage.decodeResponse(badStatus) == nil)
    }
}
