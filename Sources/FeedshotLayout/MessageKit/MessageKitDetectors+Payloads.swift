import Foundation

/// What `MessageLabelDelegate` is handed for a detected range (`Sources/Views/MessageLabel.swift:499-545`):
/// not the matched text but the `NSTextCheckingResult`'s value — a URL (`didSelectURL`), a date
/// (`didSelectDate`), an address's and a flight's components (`didSelectAddress`,
/// `didSelectTransitInformation`); phone numbers, mentions and hashtags as matched.
extension MessageKitDetectors {
    /// The event and arguments of a detected range's action, beside the message's id; a custom
    /// detector's is `didSelectCustom(_:match:)`, its expression and the matched text.
    static func action(for match: Match, custom: [MessageKitOptions.CustomDetector], formatting: ChatFormatting) -> (
        event: LayoutEvent, arguments: [String: String]
    ) {
        switch match.detector {
        case .custom(let index): (.didSelectCustom, ["pattern": custom[index].pattern, "match": match.value])
        case .type(let type): (event(type), payload(type, match.value, formatting: formatting))
        }
    }

    /// `MessageLabelDelegate`'s method for a range of `type`.
    static func event(_ type: MessageKitOptions.DetectorType) -> LayoutEvent {
        switch type {
        case .url: .didSelectURL
        case .phoneNumber: .didSelectPhoneNumber
        case .date: .didSelectDate
        case .address: .didSelectAddress
        case .transitInformation: .didSelectTransitInformation
        case .mention: .didSelectMention
        case .hashtag: .didSelectHashtag
        }
    }

    /// The arguments of a detected range of `type` whose text is `value`.
    static func payload(_ type: MessageKitOptions.DetectorType, _ value: String, formatting: ChatFormatting) -> [String: String] {
        switch type {
        case .url: ["url": url(value)]
        case .phoneNumber: ["phoneNumber": value]
        case .date: ["date": date(value, formatting: formatting).map { iso8601($0, timeZone: formatting.timeZone) } ?? value]
        case .address: addressComponents(value)
        case .transitInformation: transitComponents(value)
        case .mention: ["mention": value]
        case .hashtag: ["hashtag": value]
        }
    }

    /// The URL `NSDataDetector` gives a link: as written when it has a scheme, `mailto:` before an
    /// e-mail address, `http://` before a bare host ("example.com/a" → "http://example.com/a").
    static func url(_ text: String) -> String {
        if text.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*://"#, options: .regularExpression) != nil { return text }
        if text.hasPrefix("mailto:") { return text }
        if text.contains("@"), !text.contains("/") { return "mailto:" + text }
        return "http://" + text
    }

    /// A time in a detected date: `5pm`, `17:30`, `9:05 a.m.` (hours, optional minutes, optional meridiem).
    static let timeOfDay = try! NSRegularExpression(
        pattern: #"(?<![\d/:-])(\d{1,2})(?::(\d{2}))?\s?(am|pm|a\.m\.|p\.m\.)?(?![\d/-])"#)

    /// The date a detected date stands for, in the document's calendar and clock: a day with no
    /// time at noon (as `NSDataDetector` gives it), a time with no day today; a weekday is the next
    /// one from today ("last" the one before, "next" the one in the week after this one, weeks
    /// starting on the locale's first weekday), a month and day
    /// without a year this year.
    static func date(_ text: String, formatting: ChatFormatting) -> Date? {
        let calendar = formatting.calendar
        let lower = text.lowercased()
        var hour = 12, minute = 0
        var rest = lower
        if let found = Self.timeOfDay.matches(in: lower, range: NSRange(lower.startIndex..., in: lower)).last(where: { result in
            // A time has minutes or a meridiem; a bare number is a day.
            result.range(at: 2).location != NSNotFound || result.range(at: 3).location != NSNotFound
        }) {
            let group = { (index: Int) -> String? in Range(found.range(at: index), in: lower).map { String(lower[$0]) } }
            hour = Int(group(1) ?? "") ?? 12
            minute = Int(group(2) ?? "") ?? 0
            if let meridiem = group(3) {
                if meridiem.hasPrefix("p"), hour < 12 { hour += 12 }
                if meridiem.hasPrefix("a"), hour == 12 { hour = 0 }
            }
            if let range = Range(found.range, in: lower) { rest.removeSubrange(range) }
        }
        guard hour < 24, minute < 60 else { return nil }
        let today = calendar.startOfDay(for: formatting.now)
        var day = today
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        let words = rest.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        let numbers = rest.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let year = calendar.component(.year, from: today)
        func make(_ y: Int, _ m: Int, _ d: Int) -> Date? {
            let full = y < 100 ? 2000 + y : y
            guard (1...12).contains(m), (1...31).contains(d) else { return nil }
            return calendar.date(from: DateComponents(year: full, month: m, day: d))
        }
        if words.contains("tomorrow") {
            day = calendar.date(byAdding: .day, value: 1, to: today) ?? today
        } else if words.contains("yesterday") {
            day = calendar.date(byAdding: .day, value: -1, to: today) ?? today
        } else if let month = words.lazy.compactMap({ word in months.firstIndex { word.hasPrefix($0) } }).first,
            let dayNumber = numbers.first(where: { $0 <= 31 })
        {
            guard let made = make(numbers.first(where: { $0 > 31 }) ?? year, month + 1, dayNumber) else { return nil }
            day = made
        } else if let weekday = words.lazy.compactMap({ word in weekdays.firstIndex { word.hasPrefix($0) } }).first {
            let current = calendar.component(.weekday, from: today) - 1
            var ahead = (weekday - current + 7) % 7
            if words.contains("next") {
                // The named day of the week after this one, weeks starting on the locale's first weekday.
                let first = calendar.firstWeekday - 1
                ahead = (weekday - first + 7) % 7 - (current - first + 7) % 7 + 7
            }
            if words.contains("last") { ahead -= 7 }
            day = calendar.date(byAdding: .day, value: ahead, to: today) ?? today
        } else if rest.contains("-"), numbers.count == 3 {
            guard let made = make(numbers[0], numbers[1], numbers[2]) else { return nil }
            day = made
        } else if rest.contains("/"), numbers.count >= 2 {
            guard let made = make(numbers.count > 2 ? numbers[2] : year, numbers[0], numbers[1]) else { return nil }
            day = made
        }
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
    }

    /// `date` as ISO 8601 in `timeZone` ("2026-11-30T17:00:00Z").
    static func iso8601(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }

    /// `NSTextCheckingResult.addressComponents` of a detected address, by the keys' raw values
    /// (`Street`, `City`, `State`, `ZIP`), as `MessageLabel` hands them over.
    static func addressComponents(_ text: String) -> [String: String] {
        let pattern =
            #"^(.+?\b(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Parkway|Pkwy|Loop|Circle|Cir|Highway|Hwy)\b\.?)(?:,? ([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){0,2}?))?(?:,? ([A-Z]{2}))?(?: (\d{5}(?:-\d{4})?))?$"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return ["Street": text] }
        var components: [String: String] = [:]
        for (index, key) in ["Street", "City", "State", "ZIP"].enumerated() {
            if let range = Range(found.range(at: index + 1), in: text) { components[key] = String(text[range]) }
        }
        return components
    }

    /// `NSTextCheckingResult.components` of a detected flight (`Airline`, `Flight`).
    static func transitComponents(_ text: String) -> [String: String] {
        let designator = text.replacingOccurrences(of: " ", with: "")
        let split = designator.index(designator.startIndex, offsetBy: min(2, designator.count))
        return ["Airline": String(designator[..<split]), "Flight": String(designator[split...])]
    }
}
