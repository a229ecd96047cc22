import FeedshotRender
import Foundation

/// Which format `POST /v1/render` answers in: a pure function of the request's `Accept` header
/// and its query string, so every rule is testable without a server.
///
/// - `?format=png|svg|pdf|webp|jpeg` (or `jpg`) wins when present; another value is refused.
/// - Otherwise `Accept` decides (RFC 9110 §12.5.1): each format gets the quality of the most
///   specific media range that matches it (`image/webp` over `image/*` over `*/*`), and the
///   format with the highest quality wins; at equal quality a type the client named outright
///   beats one it only reached through a wildcard (`image/webp,*/*` gets WebP), then the
///   server's order: PNG, WebP, JPEG, SVG, PDF. No `Accept` (or an empty one) means PNG.
/// - `?quality=1…100` sets a lossy format's quality (WebP is lossless without it); it is ignored
///   when the format chosen is not lossy, since `Accept` may choose a lossless one.
///
/// Refusals: 406 when no format Feedshot writes is acceptable or `format` names another one;
/// 400 for a `quality` that is not a whole number from 1 to 100. What the request said is
/// repeated in the message as `Router.printable` shows it: escaped, at most 512 bytes (a 30 KB
/// `Accept` made a 30 KB answer, and `?quality=` put a raw right-to-left override into it).
enum ContentNegotiation {
    /// What a render request asked for.
    struct Choice: Equatable {
        var format: OutputFormat
        var quality: ImageQuality?
    }

    /// Why a request cannot be answered in any format Feedshot writes.
    struct Refusal: Error, Equatable {
        /// 406 or 400.
        var status: Int
        var detail: String
    }

    /// The formats in the server's order of preference, for ties.
    static let preference: [OutputFormat] = [.png, .webp, .jpeg, .svg, .pdf]

    /// The format and quality for a request with `accept` (the header, nil when absent) and the
    /// query `arguments` as the HTTP server decoded them (`HTTPRequest.query`: libmicrohttpd
    /// unescapes them; the first of a repeated name is kept).
    static func choose(accept: String?, arguments: [String: String]) -> Result<Choice, Refusal> {
        var quality: ImageQuality?
        if let text = arguments["quality"] {
            guard let number = Int(text), let value = ImageQuality(number) else {
                return .failure(
                    Refusal(status: 400, detail: "quality must be a whole number from 1 to 100 (got \"\(Router.printable(text))\")"))
            }
            quality = value
        }
        let format: OutputFormat
        if let name = arguments["format"] {
            guard let named = OutputFormat(name: name) else {
                return .failure(
                    Refusal(
                        status: 406,
                        detail: "format \"\(Router.printable(name))\" is not one Feedshot writes (supported: \(OutputFormat.names))"))
            }
            format = named
        } else {
            guard let negotiated = negotiate(accept) else {
                return .failure(
                    Refusal(
                        status: 406,
                        detail:
                            "none of the media types in Accept: \(Router.printable(accept ?? "")) is one Feedshot writes (\(preference.map(\.mediaType).joined(separator: ", ")))"
                    ))
            }
            format = negotiated
        }
        return .success(Choice(format: format, quality: format.isLossy ? quality : nil))
    }

    /// One media range of an `Accept` header: `type/subtype` (lower case) and its `q`.
    struct MediaRange: Equatable {
        var type: String
        var subtype: String
        var quality: Double

        /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`; nil when it does not match `mediaType`.
        func specificity(for mediaType: String) -> Int? {
            let parts = mediaType.split(separator: "/", maxSplits: 1).map(String.init)
            if type == "*" && subtype == "*" { return 0 }
            guard type == parts[0] else { return nil }
            if subtype == "*" { return 1 }
            return subtype == parts[1] ? 2 : nil
        }
    }

    /// The ranges of an `Accept` header; malformed ones are skipped, a malformed `q` counts as 1.
    static func parseAccept(_ header: String) -> [MediaRange] {
        header.split(separator: ",").compactMap { element in
            // Empty pieces kept, so ";" is ["", ""], never an empty list.
            let parameters = element.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let first = parameters.first else { return nil }
            let type = first.lowercased().split(separator: "/", maxSplits: 1).map(String.init)
            guard type.count == 2, !type[0].isEmpty, !type[1].isEmpty else { return nil }
            var quality = 1.0
            for parameter in parameters.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q", let q = Double(pair[1]), q.isFinite {
                    quality = min(max(q, 0), 1)
                }
            }
            return MediaRange(type: type[0], subtype: type[1], quality: quality)
        }
    }

    /// The format `accept` prefers, or nil when it accepts none; PNG without a header.
    static func negotiate(_ accept: String?) -> OutputFormat? {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return .png }
        let ranges = parseAccept(accept)
        var best: (format: OutputFormat, quality: Double, specificity: Int)?
        for format in preference {
            // The most specific range that matches decides the format's quality.
            var match: (quality: Double, specificity: Int)?
            for range in ranges {
                guard let specificity = range.specificity(for: format.mediaType) else { continue }
                if match == nil || specificity > match!.specificity { match = (range.quality, specificity) }
            }
            guard let match, match.quality > 0 else { continue }
            if best == nil || match.quality > best!.quality
                || (match.quality == best!.quality && match.specificity == 2 && best!.specificity < 2)
            {
                best = (format, match.quality, match.specificity)
            }
        }
        return best?.format
    }
}
