import Foundation
import Testing

@testable import FeedshotServer

/// The answer sent before libmicrohttpd parses a query of too many parameters
/// (`HTTPServer.requestLine`): how the parameters are counted, and the bytes of the 414.
struct QueryParameterLimitTests {
    @Test(arguments: [
        ("/healthz", 0), ("/healthz?", 0), ("/v1/render?d=abc", 1), ("/v1/render?d=abc&format=png&scale=2", 3),
        ("/x?a&&b", 3), ("/x?a=1%26b", 1),
    ])
    func parametersAreTheQuerysAmpersandSeparatedParts(target: String, count: Int) {
        #expect(HTTPServer.queryParameterCount(target) == count)
    }

    /// Targets libmicrohttpd 0.9.75 could not parse in its pool (probed: it then sent nothing
    /// until the read timeout) are refused, and so are those that left the headers less than
    /// 4 KiB of it; the rest pass, long signed-URL documents among them.
    @Test(arguments: [
        (250, 200, false), (120, 500, false), (62, 1_000, false), (64, 1_000, false),  // held until the read timeout
        (240, 200, false), (60, 1_000, false),  // parsed, with under 4 KiB of the pool left
        (200, 200, true), (100, 500, true), (50, 1_000, true), (5, 11_000, true), (1, 60_000, true),
    ])
    func targetsTooLargeToParseAreRefused(parameters: Int, length: Int, passes: Bool) {
        let target = "/healthz?" + Array(repeating: String(repeating: "a", count: length) + "=1", count: parameters).joined(separator: "&")
        let problem = HTTPServer.targetProblem(target)
        #expect((problem == nil) == passes, "\(parameters) × \(length): \(problem ?? "passes")")
        if let problem { #expect(problem.hasPrefix("the request target (\(target.utf8.count) bytes, \(parameters) query parameters")) }
    }

    @Test func theRefusalIsAWholeHTTPResponseThatClosesTheConnection() throws {
        let response = HTTPResponse.problem(414, title: "URI too long", detail: "the query has 300 parameters, more than the limit of 256")
        let text = String(decoding: response.wire(reason: "URI Too Long"), as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        let head = parts[0].components(separatedBy: "\r\n")
        #expect(head.first == "HTTP/1.1 414 URI Too Long")
        #expect(head.contains("Connection: close") && head.contains("X-Content-Type-Options: nosniff"))
        #expect(head.contains("Content-Length: \(parts[1].utf8.count)"))
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any])
        #expect(problem["status"] as? Int == 414 && problem["title"] as? String == "URI too long")
    }
}
