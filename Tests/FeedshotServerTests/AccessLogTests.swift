import Foundation
import Testing

@testable import FeedshotServer

/// What a client's text costs the log and the messages: at most `Router.maxShownBytes` of it.
struct AccessLogTests {
    /// A path of 60,000 bytes that each decode to U+FFFD made a 720 KB log line (twelve bytes
    /// logged for each one sent) and a 900 KB 404; both now repeat 512 bytes of it and its length.
    @Test func aLongPathIsCutInTheLogAndInMessages() throws {
        let path = "/" + String(repeating: "\u{FFFD}", count: 60_000)
        for format in [ServerConfiguration.LogFormat.text, .json] {
            let line = AccessLog(format: format).line(
                time: Date(timeIntervalSince1970: 0), client: "127.0.0.1", method: "GET", path: path, status: 404, bytes: 0,
                milliseconds: 1, requestID: "r")
            #expect(line.utf8.count < 4_000, "\(format): \(line.utf8.count) bytes")
            #expect(line.contains("...(180001"), "\(format)")
        }
        let response = Router(configuration: ServerConfiguration()).quickAnswer(HTTPRequest(method: "GET", path: path))
        #expect(response?.status == 404)
        #expect((response?.body.count ?? .max) < 3_000)
        // A short one is whole.
        #expect(Router.printable("/a b\u{1}") == "/a b\\x01")
    }
}
