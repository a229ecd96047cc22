import Foundation

/// Finds the links the Amity chat's `AmityExpandableLabel` colours and underlines: the kit asks
/// `NSDataDetector(types: .link)` (`Components/AmityExpandableLabel.swift:154-178` at 429fcec).
///
/// Foundation on Linux has no data detectors; this is a smaller rule in their spirit: URLs with
/// a scheme (`https://…`, `ftp://…`), `www.` addresses, host names ending in a common top-level
/// domain (`amity.co`, `example.com/path`), and e-mail addresses. Trailing punctuation is not
/// part of a link; a closing parenthesis only when the link has no opening one.
enum LinkDetector {
    /// Byte ranges (UTF-8, as `StyledText.Span` counts) of the links in `text`.
    static func links(in text: String) -> [Range<Int>] {
        guard mayContainLink(text) else { return [] }
        let whole = NSRange(text.startIndex..<text.endIndex, in: text)
        var result: [Range<Int>] = []
        for match in pattern.matches(in: text, range: whole) {
            guard let range = Range(match.range, in: text) else { continue }
            let link = trimmed(text[range])
            guard !link.isEmpty else { continue }
            let start = text.utf8.distance(from: text.startIndex, to: link.startIndex)
            result.append(start..<(start + link.utf8.count))
        }
        return result
    }

    /// A quick test that skips the expression for text with no dot between two letters or digits
    /// (every link has one).
    static func mayContainLink(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var afterDot = false
        for byte in text.utf8 {
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if afterDot, isWordByte { return true }
            afterDot = byte == 0x2E && previous != 0 && previous != 0x20 && previous != 0x2E
            previous = byte
        }
        return false
    }

    static let topLevelDomains = [
        "com", "net", "org", "edu", "gov", "mil", "int", "info", "biz", "io", "co", "app", "dev", "ai", "me", "tv", "ly", "gg",
        "xyz", "online", "site", "tech", "store", "blog", "news", "uk", "us", "ca", "au", "nz", "de", "fr", "es", "it", "nl",
        "be", "ch", "at", "se", "no", "dk", "fi", "pl", "pt", "ie", "ru", "ua", "jp", "cn", "kr", "tw", "hk", "sg", "th", "my",
        "id", "ph", "vn", "in", "br", "mx", "ar", "za",
    ]

    static let pattern: NSRegularExpression = {
        let label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
        let tail = "(?:[/?#][^\\s<>\"]*)?"
        let alternatives = [
            // A scheme and anything up to white space.
            "(?:https?|ftp)://[^\\s<>\"]+",
            // www. and a host.
            "www\\.\(label)(?:\\.\(label))*\(tail)",
            // An e-mail address.
            "[a-z0-9._%+-]+@\(label)(?:\\.\(label))*\\.[a-z]{2,}",
            // A host name ending in a known top-level domain, an optional port and path.
            "\(label)(?:\\.\(label))*\\.(?:\(topLevelDomains.joined(separator: "|")))(?::[0-9]{1,5})?\(tail)",
        ]
        let expression = "(?<![\\w@.-])(?:" + alternatives.joined(separator: "|") + ")(?![\\w-])"
        // A fixed, tested expression: it compiles.
        return try! NSRegularExpression(pattern: expression, options: [.caseInsensitive])
    }()

    /// `link` without the punctuation that ends a sentence around it.
    static func trimmed(_ link: Substring) -> Substring {
        var link = link
        while let last = link.last {
            if ".,;:!?'\"".contains(last) {
                link.removeLast()
            } else if last == ")", link.filter({ $0 == "(" }).count < link.filter({ $0 == ")" }).count {
                link.removeLast()
            } else {
                break
            }
        }
        return link
    }
}
