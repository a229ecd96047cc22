import Foundation

/// Links in post text, as the kit finds them with `NSDataDetector(types: .link)`
/// (`AmityExpandableLabel.text`, `AmityPreviewLinkWizard.detectLinks`): words with a scheme
/// (`https://…`), words starting `www.`, e-mail addresses, and bare domains with a common
/// top-level domain (`example.com/trail`) — trailing punctuation and a leading bracket or quote
/// excluded. An approximation of Apple's detector (docs/conformance/amity.md).
enum LinkDetector {
    /// A link: its UTF-8 byte range in the text, and the URL it opens.
    struct Link: Sendable, Hashable {
        let range: Range<Int>
        let url: String
        /// The link as written in the text.
        let text: String

        /// The URL Amity's expandable label opens for the link (`AmityExpandableLabel.swift:154-178,
        /// 598-614`): the text as it is when it starts with "http" (any case), else with "http://"
        /// in front — an e-mail address too — percent-encoded as `urlQueryAllowed` allows.
        var openedByAmitysLabel: String {
            let url = text.lowercased().hasPrefix("http") ? text : "http://" + text
            return url.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? url
        }
    }

    /// The top-level domains a bare domain is recognised by.
    static let topLevelDomains: Set<String> = [
        "com", "net", "org", "edu", "gov", "mil", "int", "io", "co", "ai", "app", "dev", "me", "info", "biz", "xyz", "tv", "us", "uk", "ca",
        "au", "de", "fr", "jp", "cn", "in", "th", "sg", "nl", "it", "es", "ru", "br", "ch", "se", "no", "kr", "nz", "ie", "be", "at", "dk",
        "fi", "pl", "pt", "mx", "ar", "za", "hk", "tw", "vn", "my", "id", "ph", "il", "tr", "gr", "cz", "eu", "ly", "gl",
    ]

    /// Every link in `text`, in order. Words are split at ASCII whitespace; only a word with a dot,
    /// a colon or an "@" is looked at closely (most words have none: the scan stays in UTF-8 bytes).
    static func links(in text: String) -> [Link] {
        var text = text
        text.makeContiguousUTF8()
        let bytes = text.utf8.span
        var links: [Link] = []
        var start = 0
        while start < bytes.count {
            if isSpace(bytes[start]) {
                start += 1
                continue
            }
            var end = start
            var isCandidate = false
            while end < bytes.count, !isSpace(bytes[end]) {
                let byte = bytes[end]
                if byte == 0x2E || byte == 0x3A || byte == 0x40 { isCandidate = true }
                end += 1
            }
            if isCandidate {
                // Whitespace is ASCII: the word's ends are scalar boundaries.
                if let link = link(in: text.utf8Slice(start..<end), at: start) { links.append(link) }
            }
            start = end
        }
        return links
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The link in `word` (at byte `offset` of the text), without a leading bracket or quote and
    /// trailing punctuation, or nil.
    static func link(in word: String, at offset: Int) -> Link? {
        var candidate = word[...]
        var start = offset
        while let first = candidate.first, "([{<\"'“‘".contains(first) {
            start += first.utf8.count
            candidate = candidate.dropFirst()
        }
        // Trailing punctuation is walked back over by index, and whether the word opens a bracket
        // asked once ("(" is never dropped): dropping one character at a time and asking again on
        // each ")" took time growing with the square of the word ("a.com" and 40,000 ")": 12 s).
        let opensABracket = candidate.contains("(")
        var end = candidate.endIndex
        while end > candidate.startIndex {
            let last = candidate[candidate.index(before: end)]
            guard ".,;:!?)]}>\"'”’".contains(last), !(last == ")" && opensABracket) else { break }
            end = candidate.index(before: end)
        }
        candidate = candidate[..<end]
        guard let url = url(for: String(candidate)) else { return nil }
        return Link(range: start..<(start + candidate.utf8.count), url: url, text: String(candidate))
    }

    /// The first link in `text` (`AmityPreviewLinkWizard.detectLinks(input:).first`).
    static func firstLink(in text: String) -> Link? {
        links(in: text).first
    }

    /// The URL `word` opens, or nil when it is not a link: with a scheme as it is, an e-mail
    /// address as `mailto:`, anything else with `https://` in front (the preview wizard's rule).
    static func url(for word: String) -> String? {
        let lower = word.lowercased()
        if let scheme = lower.range(of: "://") {
            let name = lower[..<scheme.lowerBound]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }), name.first!.isLetter,
                lower.count > name.count + 3
            else { return nil }
            return word
        }
        if let at = lower.firstIndex(of: "@") {
            let local = lower[..<at], domain = lower[lower.index(after: at)...]
            guard !local.isEmpty, isDomain(String(domain)) else { return nil }
            return "mailto:" + word
        }
        let host = lower.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        guard lower.hasPrefix("www.") ? host.count > 4 : isDomain(host) else { return nil }
        return "https://" + word
    }

    /// `name.tld` with letters, digits and hyphens in each label and a known top-level domain
    /// (an optional port after it).
    static func isDomain(_ host: String) -> Bool {
        let withoutPort = host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
        let labels = withoutPort.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, topLevelDomains.contains(String(tld)) else { return false }
        return labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
    }

    /// The host `url` shows in a link preview (`URL.host`), or nil.
    static func host(of url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { !"/?#".contains($0) }
        let host = authority.split(separator: "@").last.map { $0.split(separator: ":").first.map(String.init) ?? "" } ?? ""
        return host.isEmpty ? nil : host
    }
}
