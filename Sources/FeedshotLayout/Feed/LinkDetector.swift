/// Finds links in text as the kit's labels do with `NSDataDetector(types: .link)`
/// (`Components/AmityExpandableLabel.swift:154-178`), approximately: words with a scheme
/// (`https://…`), starting with `www.`, e-mail addresses, and bare domains ending in a common
/// top-level domain (`example.com/trail`); punctuation that ends a sentence is not part of a link.
enum LinkDetector {
    /// The top-level domains a bare domain is recognised by.
    static let topLevelDomains: Set<String> = [
        "com", "org", "net", "io", "co", "dev", "app", "ai", "edu", "gov", "info", "biz", "me", "tv", "us", "uk", "de", "fr",
        "jp", "cn", "in", "th", "sg", "au", "ca", "nl", "es", "it", "ru", "br", "ly", "gl", "to", "xyz",
    ]

    /// The UTF-8 byte ranges of the links in `text`.
    static func byteRanges(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var wordIndex: String.Index?, wordStart = 0, offset = 0
        func finish(_ word: Substring) {
            let leading = word.prefix { "([{<\"'".contains($0) }
            var core = word.dropFirst(leading.count)
            while let last = core.last, ".,;:!?)]}>\"'".contains(last) { core.removeLast() }
            guard isLink(core) else { return }
            let lower = wordStart + leading.utf8.count
            ranges.append(lower..<(lower + core.utf8.count))
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isWhitespace {
                if let start = wordIndex { finish(text[start..<index]) }
                wordIndex = nil
            } else if wordIndex == nil {
                wordIndex = index
                wordStart = offset
            }
            offset += character.utf8.count
            index = next
        }
        if let start = wordIndex { finish(text[start...]) }
        return ranges
    }

    /// Whether `word` (without surrounding punctuation) is a link.
    static func isLink(_ word: Substring) -> Bool {
        guard word.count > 3 else { return false }
        let lower = word.lowercased()
        if let scheme = lower.range(of: "://") {
            let name = lower[..<scheme.lowerBound]
            return !name.isEmpty && name.allSatisfy { $0.isLetter } && lower[scheme.upperBound...].count > 0
        }
        if lower.hasPrefix("www.") { return lower.dropFirst(4).contains(".") }
        var host = Substring(lower)
        if let at = host.firstIndex(of: "@") {
            let local = host[..<at]
            guard !local.isEmpty, !local.contains("/") else { return false }
            host = host[host.index(after: at)...]
        }
        host = host.prefix { !"/?#:".contains($0) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, topLevelDomains.contains(String(tld)) else { return false }
        return labels.allSatisfy { label in !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
    }
}
