import Foundation

/// The strings Amity's feed shows: relative dates, abbreviated counts, a poll's remaining time.
enum FeedFormatting {
    /// `Date.relativeTime` (`Extensions/Date+Extension.swift:36-59`): each unit counted separately
    /// as whole calendar units from `date` to `now` in `calendar`, the first that is positive wins —
    /// years, months, weeks, then "Yesterday" (the calendar day before `now`'s), days, hours,
    /// minutes — else "Just now" (under a minute, and any future date).
    static func relativeDate(_ date: Date, now: Date, calendar: Calendar, strings: Strings) -> String {
        /// The first of `units` with a positive count, as "N units ago".
        func firstElapsed(_ units: KeyValuePairs<Calendar.Component, StringKey>) -> String? {
            for (unit, key) in units {
                let n = calendar.dateComponents([unit], from: date, to: now).value(for: unit) ?? 0
                if n > 0 { return strings.plural(key, count: n, strings.number(String(n))) }
            }
            return nil
        }
        if let ago = firstElapsed([.year: .yearsAgo, .month: .monthsAgo, .weekOfYear: .weeksAgo]) { return ago }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now)),
            calendar.isDate(date, inSameDayAs: yesterday)
        {
            return strings(.yesterday)
        }
        if let ago = firstElapsed([.day: .daysAgo, .hour: .hoursAgo, .minute: .minutesAgo]) { return ago }
        return strings(.justNow)
    }

    /// `AmityPostModel.subtitle`: the relative date, "%@ • Edited" once edited.
    static func subtitle(createdAt: Date, isEdited: Bool, now: Date, calendar: Calendar, strings: Strings) -> String {
        let date = relativeDate(createdAt, now: now, calendar: calendar, strings: strings)
        return isEdited ? strings(.edited, date) : date
    }

    /// "1 like", "12 likes", "1.0K likes": `key`'s plural form for `value`, the number abbreviated.
    static func count(_ value: Int, _ key: StringKey, strings: Strings) -> String {
        strings.plural(key, count: value, strings.number(abbreviated(value)))
    }

    /// "1.2K votes": the kit's vote count (the number abbreviated, then `poll_vote_count_title`),
    /// as a `Strings.label`; in a language whose table gives the title plural forms (Arabic,
    /// Hebrew), the form for `value` ("صوتان", "21 صوتًا").
    static func votes(_ value: Int, strings: Strings) -> String {
        let number = strings.number(abbreviated(value))
        guard !strings.hasPluralForms(.pollVoteCount) else { return strings.plural(.pollVoteCount, count: value, number) }
        return strings.label("\(number) \(strings(.pollVoteCount))")
    }

    /// Counts as Amity abbreviates them (`Int.formatUsingAbbrevation`, `Extensions/Int+Extension.swift:22-49`):
    /// below 1,000 as they are, then one decimal with K, M, B (rounded down, so 1,999 is "1.9K"),
    /// the `Double` printed as Swift prints it (`"\(formatted)K"`): a full stop whatever the C
    /// library's locale, as `String(format:)` on Linux is not (`FixedDecimalTests`).
    static func abbreviated(_ value: Int) -> String {
        let units: [(Double, String)] = [(1e9, "B"), (1e6, "M"), (1e3, "K")]
        for (size, suffix) in units where Double(value) >= size {
            let tenths = (Double(value) / size * 10).rounded(.down) / 10
            return "\(tenths)" + suffix
        }
        return String(value)
    }

    /// A poll's status (`AmityPostPollTableViewCell.display`, `PollStatus`): "Final results" when
    /// closed or past its end, "Poll ends in N day(s)/hour(s)/minute(s)" — the first positive of
    /// the calendar's day, hour and minute components from `now` to the end, at least a minute —
    /// before it, "Open for voting" without an end.
    static func pollStatus(_ poll: PostPoll, now: Date, calendar: Calendar, strings: Strings) -> String {
        if poll.isClosed { return strings(.pollFinalResults) }
        guard let end = poll.closesAt else { return strings(.pollOpenForVoting) }
        guard end > now else { return strings(.pollFinalResults) }
        let left = calendar.dateComponents([.day, .hour, .minute], from: now, to: end)
        let (key, unit, n): (StringKey, StringKey, Int) =
            if let days = left.day, days > 0 {
                (.pollEndsInDays, .unitDays, days)
            } else if let hours = left.hour, hours > 0 {
                (.pollEndsInHours, .unitHours, hours)
            } else {
                (.pollEndsInMinutes, .unitMinutes, max(1, left.minute ?? 0))
            }
        return strings(key, strings.plural(unit, count: n, strings.number(String(n))))
    }
}
