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
