import FeedshotRender
import Foundation
import Testing

@testable import FeedshotServer

/// `ContentNegotiation.choose`: the format `POST /v1/render` answers in, from `Accept` and the
/// query arguments as the server hands them over (`HTTPRequest.query`, decoded by libmicrohttpd;
/// `ServerTests` sends escaped and repeated arguments through a real socket).
struct ContentNegotiationTests {
    func format(_ accept: String?, _ arguments: [String: String] = [:]) -> OutputFormat? {
        try? ContentNegotiation.choose(accept: accept, arguments: arguments).get().format
    }

    func choose(_ accept: String?, _ arguments: [String: String]) -> Result<ContentNegotiation.Choice, ContentNegotiation.Refusal> {
        ContentNegotiation.choose(accept: accept, arguments: arguments)
    }

    @Test(
        arguments: [
            // No preference: PNG.
            (nil, OutputFormat.png), ("", .png), ("*/*", .png), ("image/*", .png), ("image/png", .png),
            // One type named.
            ("image/webp", .webp), ("image/jpeg", .jpeg), ("image/svg+xml", .svg), ("application/pdf", .pdf),
            ("IMAGE/WEBP", .webp), ("application/pdf; charset=binary", .pdf),
            // Named outright beats a wildcard at the same quality; the server's order breaks other ties.
            ("image/webp,*/*", .webp), ("image/webp,image/*", .webp), ("image/svg+xml,image/webp", .webp),
            ("application/pdf,image/svg+xml", .svg), ("image/jpeg,image/png", .png),
            // Browsers' image requests (Chrome, then Firefox) and a client that prefers vectors.
            ("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", .webp), ("image/avif,image/webp,*/*", .webp),
            ("image/png;q=0.5, image/svg+xml", .svg), ("image/svg+xml;q=0.5, image/jpeg;q=0.9", .jpeg),
            // q=0 excludes; the most specific range sets a type's quality.
            ("image/*, image/png;q=0", .webp), ("*/*;q=0.1, image/png;q=0", .webp), ("image/png;q=0, */*;q=0", nil),
            // Nothing Feedshot writes.
            ("image/avif", nil), ("application/json", nil), ("text/html, application/xhtml+xml", nil),
        ] as [(String?, OutputFormat?)])
    func acceptChoosesTheFormat(accept: String?, expected: OutputFormat?) {
        #expect(format(accept) == expected, "Accept: \(accept ?? "(none)")")
    }

    @Test func theFormatQueryParameterWinsOverAccept() {
        #expect(format("image/png", ["format": "pdf"]) == .pdf)
        #expect(format(nil, ["format": "jpg"]) == .jpeg)
        #expect(format("image/avif", ["format": "WEBP", "x": "1"]) == .webp)
        let refused = choose(nil, ["format": "gif"])
        #expect(
            refused
                == .failure(.init(status: 406, detail: "format \"gif\" is not one Feedshot writes (supported: png, svg, pdf, webp, jpeg)")))
    }

    @Test func qualityAppliesToLossyFormatsAndIsChecked() throws {
        #expect(
            try choose("image/webp", ["quality": "80"]).get()
                == .init(format: .webp, quality: ImageQuality(80)))
        #expect(try choose(nil, ["format": "jpeg", "quality": "35"]).get().quality == ImageQuality(35))
        // Accept may pick a lossless format: the quality is then ignored, not refused.
        #expect(try choose("image/png", ["quality": "80"]).get() == .init(format: .png, quality: nil))
        for bad in ["0", "101", "high", ""] {
            guard case .failure(let refusal) = choose(nil, ["format": "jpeg", "quality": bad]) else {
                Issue.record("quality=\(bad) was accepted")
                continue
            }
            #expect(refusal.status == 400)
        }
    }

    /// What the request said is repeated escaped and cut at 512 bytes, as paths and headers are
    /// in every other message: a 30 KB `Accept` made a 30 KB 406, and `?quality=` put a raw
    /// right-to-left override into the answer.
    @Test func refusalsRepeatTheRequestEscapedAndCut() throws {
        let accept = "image/avif, " + String(repeating: "x/y", count: 10_000)
        guard case .failure(let long) = choose(accept, [:]) else { throw RefusalExpected() }
        #expect(long.detail.utf8.count < 1_000 && long.detail.contains("...(30012 bytes)"), "\(long.detail.utf8.count) bytes")
        guard case .failure(let format) = choose(nil, ["format": String(repeating: "a", count: 20_000)]) else { throw RefusalExpected() }
        #expect(format.detail.utf8.count < 1_000 && format.detail.contains("...(20000 bytes)"))
        guard case .failure(let quality) = choose(nil, ["format": "jpeg", "quality": "\u{202E}001"]) else { throw RefusalExpected() }
        #expect(quality.detail == #"quality must be a whole number from 1 to 100 (got "\xE2\x80\xAE001")"#)
    }

    struct RefusalExpected: Error {}

    @Test func notAcceptableNamesWhatFeedshotWrites() {
        guard case .failure(let refusal) = choose("image/avif", [:]) else {
            Issue.record("image/avif was accepted")
            return
        }
        #expect(refusal.status == 406)
        #expect(refusal.detail.contains("image/png, image/webp, image/jpeg, image/svg+xml, application/pdf"))
    }

    @Test func acceptParsing() {
        #expect(
            ContentNegotiation.parseAccept("text/html;level=1;q=0.7, image/*;q=abc, bogus, */*;q=2") == [
                .init(type: "text", subtype: "html", quality: 0.7), .init(type: "image", subtype: "*", quality: 1),
                .init(type: "*", subtype: "*", quality: 1),
            ])
    }

    /// A header of separators alone (`Accept: ;`) crashed the render worker: every piece is
    /// skipped, and the router answers 406, not 500.
    @Test(arguments: [";", ";;;,,,/;q=", " ; ", ",", ";q=1"])
    func anAcceptOfSeparatorsIsSkipped(accept: String) {
        #expect(ContentNegotiation.parseAccept(accept).isEmpty)
        let router = Router(configuration: ServerConfiguration())
        let response = router.handle(HTTPRequest(method: "POST", path: "/v1/render", body: Data("{}".utf8), headers: ["accept": accept]))
        #expect(response.status == 406, "\(response.status)")
    }

    /// The router answers in the negotiated format, with its media type and `Vary: Accept`, or a problem document.
    @Test func theRouterAnswersInTheNegotiatedFormat() throws {
        let router = Router(configuration: ServerConfiguration())
        let body = try Data(contentsOf: OpenAPIDocumentTests.root.appendingPathComponent("goldens/text-short.json"))
        let expectations: [([String: String], [String: String], String, [UInt8])] = [
            ([:], [:], "image/png", [0x89, 0x50, 0x4E, 0x47]),
            ([:], ["accept": "image/webp,*/*"], "image/webp", Array("RIFF".utf8)),
            ([:], ["accept": "image/jpeg"], "image/jpeg", [0xFF, 0xD8, 0xFF]),
            (["format": "pdf"], ["accept": "image/png"], "application/pdf", Array("%PDF-".utf8)),
            (["format": "svg"], [:], "image/svg+xml", Array("<?xml".utf8)),
        ]
        for (path, headers, type, magic) in expectations {
            let response = router.handle(HTTPRequest(method: "POST", path: "/v1/render", query: path, body: body, headers: headers))
            let fields = Dictionary(response.headers, uniquingKeysWith: { $1 })
            #expect(response.status == 200 && fields["Content-Type"] == type && fields["Vary"] == "Accept", "\(path) \(headers)")
            #expect(response.body.starts(with: magic), "\(path) \(headers)")
        }
        // Two Accept lines are one list (RFC 9110 §5.3): the second line's SVG is acceptable (the
        // first line alone answered 406).
        let twoLines = router.handle(
            HTTPRequest(
                method: "POST", path: "/v1/render", body: body,
                headerFields: [(name: "accept", value: "image/avif"), (name: "accept", value: "image/svg+xml")]))
        #expect(twoLines.status == 200 && twoLines.body.starts(with: Array("<?xml".utf8)), "\(twoLines.status)")
        let refused = router.handle(HTTPRequest(method: "POST", path: "/v1/render", body: body, headers: ["accept": "image/avif"]))
        #expect(refused.status == 406 && refused.headers.first?.1 == "application/problem+json")
        let problem = try #require(try JSONSerialization.jsonObject(with: refused.body) as? [String: Any])
        #expect(problem["title"] as? String == "Not acceptable" && problem["status"] as? Int == 406)
    }

    /// Sources/FeedshotServer/Resources/openapi.yaml's `/v1/render` lists every format's media type, the query parameters and 406.
    @Test func theOpenAPIDocumentDescribesTheFormats() throws {
        let spec = try String(
            contentsOf: OpenAPIDocumentTests.root.appendingPathComponent("Sources/FeedshotServer/Resources/openapi.yaml"), encoding: .utf8)
        let start = try #require(spec.range(of: "  /v1/render:"))
        let end = try #require(spec.range(of: "  /v1/layout:"))
        let render = spec[start.upperBound..<end.lowerBound]
        for format in OutputFormat.allCases {
            #expect(render.contains("            \(format.mediaType):"), "\(format.mediaType) is not a /v1/render response type")
        }
        #expect(render.contains("- name: format") && render.contains("- name: quality"))
        #expect(render.contains(##""406": { $ref: "#/components/responses/NotAcceptable" }"##))
        #expect(spec.contains("    NotAcceptable:"))
    }
}
