import FeedshotRender
import Foundation

/// The headers that keep a browser from reading a response as something else, and an HTML page
/// from running anything but its own inline code.
enum SecurityHeaders {
    /// On every response, refusals and `304`s included: no MIME sniffing (a PNG, a problem
    /// document or the metrics text is never run as HTML or script).
    static let everyResponse: [(String, String)] = [("X-Content-Type-Options", "nosniff")]

    /// The headers of the HTML page `html`: its `Content-Security-Policy`.
    static func page(_ html: String) -> [(String, String)] {
        [("Content-Security-Policy", contentSecurityPolicy(for: html))]
    }

    /// A strict policy for `html`: nothing loads but from this server, the page's own inline
    /// `<script>` and `<style>` elements are allowed by their SHA-256 (so an injected one is not),
    /// style attributes are allowed (the gallery positions its tap areas with them), and no other
    /// site may frame the page, be its base or receive its forms. Images may be `blob:` (the paste
    /// page shows the render it fetched) or `data:`.
    static func contentSecurityPolicy(for html: String) -> String {
        let scripts = inlineElements("script", in: html).map(hashSource)
        let styles = inlineElements("style", in: html).map(hashSource)
        return [
            "default-src 'none'",
            "script-src " + (scripts.isEmpty ? "'none'" : scripts.joined(separator: " ")),
            "style-src-elem " + (styles.isEmpty ? "'none'" : styles.joined(separator: " ")),
            "style-src-attr 'unsafe-inline'",
            // Browsers without the two directives above (CSP level 2) fall back to this one.
            "style-src 'unsafe-inline'",
            "img-src 'self' blob: data:",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The text inside each `<name>…</name>` element without attributes in `html`.
    static func inlineElements(_ name: String, in html: String) -> [String] {
        var contents: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(name)>"), let close = rest[open.upperBound...].range(of: "</\(name)>") {
            contents.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return contents
    }

    /// `'sha256-<base64>'` of `text`'s UTF-8 bytes, a CSP hash source.
    static func hashSource(_ text: String) -> String {
        "'sha256-" + Data(Digest.sha256(Array(text.utf8))).base64EncodedString() + "'"
    }
}
