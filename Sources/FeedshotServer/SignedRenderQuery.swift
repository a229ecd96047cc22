import FeedshotRender
import Foundation

/// The query of a signed render URL, in its one spelling:
///
///     d=<base64url>[&exp=<unix seconds>][&format=png|webp|jpeg|svg|pdf][&quality=1…100]&sig=<hex>
///
/// `d` is the document as base64url without padding; `exp` the second from which the URL is
/// refused (410); `format` the image format (PNG without it); `quality` a lossy format's quality
/// (only with `format=webp` or `jpeg`); `sig` the HMAC-SHA256, as 64 lower-case hexadecimal
/// digits, of everything before `&sig=` (`canonical`). Nothing else is read: another parameter, a
/// repeated or reordered one, percent-encoding, upper-case hex, a leading zero, padding — each
/// would be another URL for the same image (another CDN cache miss) — is refused with 400.
public struct SignedRenderQuery: Sendable, Equatable {
    /// The document, as base64url without padding.
    public var d: String
    /// When the URL stops working, in seconds since 1970 (UTC); nil: never.
    public var expires: Int?
    /// The image format; nil: PNG.
    public var format: OutputFormat?
    /// A lossy format's quality.
    public var quality: ImageQuality?

    /// The parameters in the one order a signed URL has them.
    static let order = ["d", "exp", "format", "quality", "sig"]

    /// The query of `document`, to be signed: PNG is written as no `format`, and a `quality` is
    /// kept only for a lossy format.
    public init(document: Data, expires: Int? = nil, format: OutputFormat? = nil, quality: ImageQuality? = nil) {
        let named = format == .png ? nil : format
        self.init(d: Router.base64URL(document), expires: expires, format: named, quality: named?.isLossy == true ? quality : nil)
    }

    init(d: String, expires: Int?, format: OutputFormat?, quality: ImageQuality?) {
        self.d = d
        self.expires = expires
        self.format = format
        self.quality = quality
    }

    /// What is signed: the query up to `&sig=`.
    public var canonical: String {
        var parts = ["d=\(d)"]
        if let expires { parts.append("exp=\(expires)") }
        if let format { parts.append("format=\(format.rawValue)") }
        if let quality { parts.append("quality=\(quality.value)") }
        return parts.joined(separator: "&")
    }

    /// The hex HMAC-SHA256 of `canonical` under `key`.
    public func signature(key: String) -> String { Digest.hex(signatureBytes(key: key)) }

    /// The HMAC-SHA256 of the canonical query under `key`, as bytes.
    func signatureBytes(key: String) -> [UInt8] { Digest.hmacSHA256(key: Data(key.utf8), message: Data(canonical.utf8)) }

    /// The whole query, signed with `key`.
    public func signed(key: String) -> String { "\(canonical)&sig=\(signature(key: key))" }

    /// The document's bytes.
    public var document: Data { Router.fromBase64URL(d) ?? Data() }

    /// A query that is not in its one spelling: why, for a 400.
    public struct Refusal: Error, Equatable {
        /// The problem document's detail.
        public var detail: String
    }

    /// `raw` (the query as sent, not decoded) read in its one spelling: the query and its `sig`
    /// (nil when absent), or why it is refused.
    public static func parse(_ raw: String?) -> Result<(query: SignedRenderQuery, signature: String?), Refusal> {
        guard let raw, !raw.isEmpty else { return .failure(Refusal(detail: "GET /v1/render needs d, the document as base64url (and sig)")) }
        var values: [String: String] = [:]
        var last = -1
        for part in raw.split(separator: "&", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2 else {
                return .failure(Refusal(detail: "\"\(Router.printable(pair[0]))\" is not name=value: \(shape)"))
            }
            guard let position = order.firstIndex(of: pair[0]) else {
                return .failure(Refusal(detail: "unknown parameter \"\(Router.printable(pair[0]))\": \(shape)"))
            }
            guard values[pair[0]] == nil else { return .failure(Refusal(detail: "\(pair[0]) is repeated: \(shape)")) }
            guard position > last else { return .failure(Refusal(detail: "\(pair[0]) is out of order: \(shape)")) }
            values[pair[0]] = pair[1]
            last = position
        }
        return read(values).map { query in (query, values["sig"]) }
    }

    /// The shape every refusal quotes.
    static let shape = "a signed URL's query is d=…[&exp=…][&format=…][&quality=…]&sig=… in that order, nothing else"

    /// The parameters' values checked one by one.
    static func read(_ values: [String: String]) -> Result<SignedRenderQuery, Refusal> {
        guard let d = values["d"], !d.isEmpty else {
            return .failure(Refusal(detail: "GET /v1/render needs d, the document as base64url (and sig)"))
        }
        guard let bytes = Router.fromBase64URL(d), Router.base64URL(bytes) == d else {
            return .failure(Refusal(detail: "d must be base64url (RFC 4648 §5) without padding or percent-encoding"))
        }
        var query = SignedRenderQuery(d: d, expires: nil, format: nil, quality: nil)
        if let text = values["exp"] {
            guard let seconds = canonicalInteger(text) else {
                return .failure(
                    Refusal(
                        detail:
                            "exp must be a time in whole seconds since 1970, without leading zeros, at most \(Int.max) (got \"\(Router.printable(text))\")"
                    )
                )
            }
            query.expires = seconds
        }
        if let text = values["format"] {
            guard text != OutputFormat.png.rawValue else {
                return .failure(Refusal(detail: "leave format out for PNG (the default): one URL per image"))
            }
            guard let format = OutputFormat(rawValue: text) else {
                return .failure(Refusal(detail: "format must be one of \(OutputFormat.names) (got \"\(Router.printable(text))\")"))
            }
            query.format = format
        }
        if let text = values["quality"] {
            guard query.format?.isLossy == true else {
                return .failure(Refusal(detail: "quality goes with format=webp or format=jpeg only"))
            }
            guard let number = canonicalInteger(text), let quality = ImageQuality(number) else {
                return .failure(Refusal(detail: "quality must be a whole number from 1 to 100 (got \"\(Router.printable(text))\")"))
            }
            query.quality = quality
        }
        if let sig = values["sig"], !(sig.utf8.count == 64 && sig.utf8.allSatisfy(isLowerHex)) {
            return .failure(Refusal(detail: "sig must be 64 lower-case hexadecimal digits (an HMAC-SHA256)"))
        }
        return .success(query)
    }

    /// The value of decimal digits without a leading zero, or nil.
    static func canonicalInteger(_ text: String) -> Int? {
        guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
