import Foundation

/// `MessageLabel`'s detectors (`Sources/Views/MessageLabel.swift`, `Sources/Models/DetectorType.swift`
/// at b4493fe). Mentions and hashtags are MessageKit's own regular expressions, matched exactly;
/// the other types are `NSDataDetector`'s, which Linux does not have: each is matched by the
/// patterns below, which find what the README lists (docs/conformance/messagekit.md, "Detectors").
enum MessageKitDetectors {
    /// Which detector found a range: one of `DetectorType`'s named cases, or the document's
    /// custom detector at an index (`DetectorType.custom`).
    enum Detector: Sendable, Hashable {
        case type(MessageKitOptions.DetectorType)
        case custom(Int)
    }

    /// One detected range.
    struct Match: Sendable, Hashable {
        var detector: Detector
        /// The named type, nil for a custom detector's range.
        var type: MessageKitOptions.DetectorType? {
            if case .type(let type) = detector { type } else { nil }
        }
        /// UTF-8 byte offsets in the text (Pango's unit).
        var start: Int
        var end: Int
        /// What the delegate receives: the matched text, or a link run's URL.
        var value: String
        /// The range's length in UTF-16 units, `NSRange`'s, which the kit compares overlaps by.
        var units: Int
    }

    /// What the detectors found in a text.
    struct Found {
        /// In the order their attributes apply.
        var matches: [Match] = []
        /// The custom detectors (indices) that backtracked past `customBudget` on the text: they
        /// found nothing in it.
        var abandoned: [Int] = []
        /// Progress reports beyond one a UTF-16 unit that each custom detector run took, in the
        /// detectors' order.
        var extraWork: [(index: Int, work: Int)] = []
        /// The deadline passed during a search, which stopped it: what was found is incomplete.
        var isInterrupted = false
    }

    /// The matches of `enabled` detectors and `custom` expressions in `text`: the data detector's
    /// (one pass, no two overlapping) and the regular expressions' — mentions, hashtags and the
    /// custom ones (`.custom` in MessageKit), overlaps among them resolved to the longest,
    /// `removeOverlappingResults` — in the order their attributes apply (`attributeOrder`).
    /// `links` are the byte ranges and URLs of the text's `.link` runs, which the URL detector
    /// adds. Custom expressions whose pattern is in `skipping` are not run.
    static func matches(
        in text: String, enabled: [MessageKitOptions.DetectorType], custom: [MessageKitOptions.CustomDetector] = [],
        skipping: Set<String> = [], links: [(start: Int, end: Int, url: String)] = [], deadline: Deadline = .none
    ) -> Found {
        guard !enabled.isEmpty || !custom.isEmpty, !text.isEmpty else { return Found() }
        let types = enabled.uniqued()
        var found: [Match] = []
        // In `DetectorType`'s order, so that of two types finding the very same range the first
        // there keeps it (the sort below is stable), whatever order the document lists them in.
        for type in types.sorted() where !type.isRegularExpression {
            for pattern in patterns(for: type) { found += search(pattern, in: text, as: .type(type)) }
        }
        // One pass, no two overlapping: sorted by start, a match overlaps a kept one only if it
        // overlaps the last kept, which reaches furthest.
        var data: [Match] = []
        for match in found.sorted(by: { ($0.start, -$0.end) < ($1.start, -$1.end) }) where (data.last?.end ?? Int.min) <= match.start {
            data.append(match)
        }
        if enabled.contains(.url) {
            let bytes = Array(text.utf8)
            data += links.map { link in
                let units = String(decoding: bytes[link.start..<link.end], as: UTF8.self).utf16.count
                return Match(detector: .type(.url), start: link.start, end: link.end, value: link.url, units: units)
            }
        }
        var regular: [Match] = []
        for type in types where type.isRegularExpression { regular += search(regex(for: type), in: text, as: .type(type)) }
        var result = Found()
        for (index, detector) in custom.enumerated() where !skipping.contains(detector.pattern) {
            switch boundedSearch(detector.expression, in: text, as: .custom(index), deadline: deadline) {
            case .found(let found, let extraWork):
                regular += found
                result.extraWork.append((index, extraWork))
            case .overBudget: result.abandoned.append(index)
            case .interrupted: result.isInterrupted = true
            }
            if result.isInterrupted { break }
        }
        // `removeOverlappingResults` adds the longest of a group once for every shorter match it
        // beats (2,000 "a"s under the custom detectors `.+` and `a` keep the whole text 2,000
        // times). A repeat changes nothing the kit shows — its attributes are set again, and a tap
        // goes to the first of them — so each is kept once, where it is last applied, which draws
        // the same; told apart by index, as hashing a match hashes its whole text.
        let kept = longestIndices(regular).uniquedKeepingLast().map { regular[$0] }
        result.matches = attributeOrder(data + kept, enabled: enabled)
        return result
    }

    /// `matches` in the order `MessageLabel.configure` applies their attributes: detector by
    /// detector in the app's `enabledDetectors` order, each adding its attributes over the
    /// others' (`updateAttributes(for: enabledDetectors)`, `Sources/Views/MessageLabel.swift:194-199,
    /// 289-309`), so where a URL and a hashtag overlap, the one listed later is drawn. A type
    /// listed twice applies last where it is listed last; the custom detectors come after the
    /// types, in their order (the document lists them apart). Each detector's own matches keep
    /// their order.
    static func attributeOrder(_ matches: [Match], enabled: [MessageKitOptions.DetectorType]) -> [Match] {
        var rank: [MessageKitOptions.DetectorType: Int] = [:]
        for (index, type) in enabled.enumerated() { rank[type] = index }
        func rankOf(_ match: Match) -> Int {
            switch match.detector {
            case .type(let type): rank[type] ?? enabled.count
            case .custom(let index): enabled.count + 1 + index
            }
        }
        return matches.indices.sorted { (rankOf(matches[$0]), $0) < (rankOf(matches[$1]), $1) }.map { matches[$0] }
    }

    /// `MessageLabel.removeOverlappingResults`: a match overlapping others gives way to the longest
    /// in UTF-16 units, as `NSRange` counts (the first of the longest, in `matches`' order), unless
    /// a match of its range is kept already.
    ///
    /// The kit compares each match with all the others, which 10,000 matches in one text made
    /// 100 million comparisons. Here each match asks a tree of the others (`WidestTree`) how
    /// many overlap it and which is the widest: the matches are put in by start and asked about
    /// by end, so the tree holds those that start before the asker ends, indexed by their ends.
    /// The result is the kit's (`MessageKitDetectorTests` checks it against the kit's own loop on
    /// random matches), in time growing with n log n however the matches overlap.
    static func longest(_ matches: [Match]) -> [Match] {
        longestIndices(matches).map { matches[$0] }
    }

    /// `longest(_:)` as indices into `matches`.
    static func longestIndices(_ matches: [Match]) -> [Int] {
        let ends = Array(Set(matches.map(\.end))).sorted()
        var tree = WidestTree(positions: ends.count)
        let byStart = matches.indices.sorted { matches[$0].start < matches[$1].start }
        var added = 0
        var overlapping = [(count: Int, widest: Int?)](repeating: (0, nil), count: matches.count)
        for asker in matches.indices.sorted(by: { matches[$0].end < matches[$1].end }) {
            while added < byStart.count, matches[byStart[added]].start < matches[asker].end {
                let index = byStart[added]
                added += 1
                // A range of no length overlaps nothing (`NSRange.intersection`'s length is 0).
                guard matches[index].start < matches[index].end else { continue }
                tree.add(index, units: matches[index].units, at: ends.partitioningIndex { $0 >= matches[index].end })
            }
            guard matches[asker].start < matches[asker].end else { continue }
            overlapping[asker] = tree.query(from: ends.partitioningIndex { $0 > matches[asker].start })
        }
        var kept: [Int] = []
        var keptRanges: Set<Range<Int>> = []
        for (index, match) in matches.enumerated() {
            if overlapping[index].count <= 1 {
                kept.append(index)
                keptRanges.insert(match.start..<match.end)
                continue
            }
            guard !keptRanges.contains(match.start..<match.end) else { continue }
            if let widest = overlapping[index].widest {
                kept.append(widest)
                keptRanges.insert(matches[widest].start..<matches[widest].end)
            }
        }
        return kept
    }

    /// Matches added at positions (their ends, ranked), asked for those at a position or after:
    /// how many, and the widest — the most UTF-16 units, of equals the first in the matches'
    /// order. A segment tree: adding and asking each take time growing with the log of the
    /// positions.
    struct WidestTree {
        private var count: [Int]
        private var widest: [(units: Int, index: Int)?]
        private let leaves: Int

        init(positions: Int) {
            leaves = max(1, positions)
            count = Array(repeating: 0, count: 2 * leaves)
            widest = Array(repeating: nil, count: 2 * leaves)
        }

        private static func wider(_ a: (units: Int, index: Int)?, _ b: (units: Int, index: Int)?) -> (units: Int, index: Int)? {
            guard let a else { return b }
            guard let b else { return a }
            return a.units != b.units ? (a.units > b.units ? a : b) : (a.index < b.index ? a : b)
        }

        mutating func add(_ index: Int, units: Int, at position: Int) {
            var node = position + leaves
            while node >= 1 {
                count[node] += 1
                widest[node] = Self.wider(widest[node], (units, index))
                node /= 2
            }
        }

        /// Those added at `position` or after.
        func query(from position: Int) -> (count: Int, widest: Int?) {
            var (low, high) = (position + leaves, 2 * leaves)
            var total = 0
            var best: (units: Int, index: Int)?
            while low < high {
                if low % 2 == 1 {
                    total += count[low]
                    best = Self.wider(best, widest[low])
                    low += 1
                }
                if high % 2 == 1 {
                    high -= 1
                    total += count[high]
                    best = Self.wider(best, widest[high])
                }
                low /= 2
                high /= 2
            }
            return (total, best?.index)
        }
    }

    /// The most detected ranges one text is drawn with, as for mentions and runs
    /// (`StyledText.tooManySpansReason`): a custom detector "." over 100,000 characters styled each
    /// one and ran past the render deadline.
    static let maxStyledPerText = 2_000

    /// `DetectorType.mention` and `.hashtag`.
    static func regex(for type: MessageKitOptions.DetectorType) -> NSRegularExpression {
        type == .mention ? mention : hashtag
    }

    static let mention = try! NSRegularExpression(pattern: "@[a-zA-Z0-9]{4,}")
    static let hashtag = try! NSRegularExpression(pattern: "#[a-zA-Z0-9]{4,}")

    /// Feedshot's stand-ins for `NSDataDetector`'s types.
    static func patterns(for type: MessageKitOptions.DetectorType) -> [NSRegularExpression] {
        switch type {
        case .url: url
        case .phoneNumber: phone
        case .date: date
        case .address: address
        case .transitInformation: transit
        case .mention, .hashtag: []
        }
    }

    static let tlds =
        "com|org|net|edu|gov|mil|int|io|co|app|dev|ai|me|info|biz|tv|us|uk|de|fr|es|it|nl|eu|ca|au|jp|cn|in|br|ru|ch|se|no|fi|dk|pl|be|at|ie|nz|sg|hk|kr|mx|ly|gl|xyz|online|site|tech|shop|news|page"
    static let url: [NSRegularExpression] = [
        // Scheme URLs, www. hosts, bare hosts with a known top-level domain, e-mail addresses.
        // Host labels (at most 63 characters, DNS's limit, and 20 of them) and an address's local
        // part (64, e-mail's limit) are bounded: unbounded, each word boundary of "a.1.a.1.…" or
        // ".a.a.…" started a scan to the end of the text, and 10 KB took 10 s.
        #"\b(?:https?|ftp)://[^\s<>"]+[^\s<>".,;:!?'()\[\]]"#,
        #"\bwww\.[^\s<>"]+[^\s<>".,;:!?'()\[\]]"#,
        #"\b(?:[a-zA-Z0-9-]{1,63}\.){1,20}(?:\#(tlds))\b(?:/[^\s<>"]*[^\s<>".,;:!?'()\[\]])?(?![@\w])"#,
        #"\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,20}\.[A-Za-z]{2,63}\b"#,
    ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
    static let phone: [NSRegularExpression] = [
        // Digit groups of 2 to 4 joined by one space, dot or dash (7 to 15 digits in all), an
        // optional "+country" and "(area)"; or 10 to 15 digits in a row.
        #"(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,4}(?![\w])"#,
        #"(?<![\w+])\+?\d{10,15}(?!\w)"#,
    ].map { try! NSRegularExpression(pattern: $0) }
    static let month =
        "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
    static let weekday = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun"
    static let time = #"\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}"#
    static let date: [NSRegularExpression] = {
        let day =
            #"(?:today|tonight|tomorrow|yesterday|(?:next |this |last )?(?:\#(weekday))|(?:\#(month))\.? \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?|\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:\#(month))(?:,? \d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?)"#
        return [
            #"\b\#(day)(?:(?:,? at |, | )(?:\#(time)))?(?:(?<=\.)|\b)"#,
            #"\b(?:at )?(?:\#(time))(?:(?:,? on | )\#(day))?(?:(?<=\.)|\b)"#,
        ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
    }()
    static let address: [NSRegularExpression] = [
        // A US-style street (number, one to four capitalised words, a street type), then
        // optionally ", City", ", ST" and a ZIP code.
        #"\b\d{1,6}(?: [A-Z][A-Za-z]*\.?){1,4} (?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Parkway|Pkwy|Loop|Circle|Cir|Highway|Hwy)\b\.?(?:,? [A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){0,2})?(?:,? [A-Z]{2})?(?: \d{5}(?:-\d{4})?)?"#
    ].map { try! NSRegularExpression(pattern: $0) }
    static let transit: [NSRegularExpression] = [
        // A flight designator after the word "flight": "flight UA 123", "Flight BA2490".
        #"(?<=\b[Ff]light )(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{1,4}\b"#
    ].map { try! NSRegularExpression(pattern: $0) }

    /// Every match of `pattern` in `text`, as UTF-8 byte offsets.
    static func search(_ pattern: NSRegularExpression, in text: String, as detector: Detector) -> [Match] {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return matches(at: pattern.matches(in: text, range: range).map(\.range), in: text, as: detector)
    }

    /// Progress reports beyond one a UTF-16 unit that an app's expression may take on one text.
    /// ICU reports once per start position and once per so many steps of one attempt, so a
    /// pattern that backtracks without bound — `(a+)+b` over forty `a`s took 12 s — is stopped
    /// at a count of its own work, the same on every machine: about 0.2 s (`(a+)+b` passes it
    /// over 22 `a`s). An expression that runs in linear time takes none of it.
    static let customBudget = 1_000

    /// Progress reports beyond one a UTF-16 unit that an app's expression may take over a whole
    /// document: each text below `customBudget`, fifty messages of twenty `a`s under `(a+)+b`
    /// took 50 s; past this (about 1 s) the expression is dropped for the rest of the document.
    static let documentBudget = 5_000

    /// What a bounded search gave.
    enum BoundedSearch {
        /// Every match, and the progress reports beyond one a UTF-16 unit it took.
        case found([Match], extraWork: Int)
        /// It backtracked past `customBudget`.
        case overBudget
        /// The deadline passed (checked at each report).
        case interrupted
    }

    /// Every match of an app's `expression` in `text`, unless it backtracks past `customBudget`
    /// or `deadline` passes (NSRegularExpression's `.reportProgress`, whose block may stop the
    /// search).
    static func boundedSearch(_ expression: NSRegularExpression, in text: String, as detector: Detector, deadline: Deadline = .none)
        -> BoundedSearch
    {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        let budget = range.length + customBudget
        var reports = 0
        var isInterrupted = false
        var ranges: [NSRange] = []
        expression.enumerateMatches(in: text, options: .reportProgress, range: range) { result, flags, stop in
            if let result {
                ranges.append(result.range)
            } else if flags.contains(.progress) {
                reports += 1
                if reports > budget { stop.pointee = true }
                if (try? deadline.check()) == nil {
                    isInterrupted = true
                    stop.pointee = true
                }
            }
        }
        if isInterrupted { return .interrupted }
        guard reports <= budget else { return .overBudget }
        return .found(matches(at: ranges, in: text, as: detector), extraWork: max(0, reports - range.length))
    }

    /// The match `ranges` (UTF-16, ascending and apart, as one expression finds them) of `text` as
    /// UTF-8 byte offsets, in one walk of the text (from its start each time, 10,000 matches in
    /// 130,000 characters took seconds); an empty range, and for the phone-number detector one
    /// that is not `isPhoneNumber`, is left out.
    static func matches(at ranges: [NSRange], in text: String, as detector: Detector) -> [Match] {
        var found: [Match] = []
        var index = text.startIndex, utf16 = 0, utf8 = 0
        for range in ranges where range.location >= utf16 && range.length > 0 {
            let lower = text.utf16.index(index, offsetBy: range.location - utf16)
            let upper = text.utf16.index(lower, offsetBy: range.length)
            let start = utf8 + text.utf8.distance(from: index, to: lower)
            let value = String(text[lower..<upper])
            let end = start + value.utf8.count
            (index, utf16, utf8) = (upper, range.location + range.length, end)
            if detector == .type(.phoneNumber), !isPhoneNumber(value) { continue }
            found.append(Match(detector: detector, start: start, end: end, value: value, units: range.length))
        }
        return found
    }

    /// 7 to 15 digits, and not a date written in digits (2026-11-29, 11.29.2026).
    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber).count
        guard (7...15).contains(digits) else { return false }
        let groups = text.split(whereSeparator: { !$0.isNumber }).map(\.count)
        let looksLikeDate = groups.count == 3 && (groups == [4, 2, 2] || (groups[0] <= 2 && groups[1] <= 2 && [2, 4].contains(groups[2])))
        return !looksLikeDate || text.hasPrefix("+") || text.hasPrefix("(")
    }
}
