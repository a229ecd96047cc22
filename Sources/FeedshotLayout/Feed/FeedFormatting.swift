import Foundation

/// The strings Amity's feed shows: relative dates and abbreviated counts.
enum FeedFormatting {
    /// "Just now", "1 minute ago", "N hours ago", "Yesterday", "N days ago", "N weeks ago",
    /// "N months ago", "N years ago" — from `now`, with calendar days in `calendar`'s time zone.
    static func relativeDate(_ date: Date, now: Date, calendar: Calendar, strings: Strings) -> String {
        func ago(_ key: StringKey, _ n: Int) -> String { strings.plural(key, count: n, String(n)) }
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return strings(.justNow) }
        if seconds < 3600 { return ago(.minutesAgo, Int(seconds / 60)) }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days == 0 { return ago(.hoursAgo, Int(seconds / 3600)) }
        if days == 1 { return strings(.yesterday) }
        if days < 7 { return ago(.daysAgo, days) }
        if days < 30 { return ago(.weeksAgo, days / 7) }
        if days < 365 { return ago(.monthsAgo, max(1, days / 30)) }
        return ago(.yearsAgo, days / 365)
    }

    /// "1 like", "12 likes", "1.0K likes": `key`'s plural form for `value`, the number abbreviated.
    static func count(_ value: Int, _ key: StringKey, strings: Strings) -> String {
        strings.plural(key, count: value, abbreviated(value))
    }

    /// Counts as Amity abbreviates them: below 1,000 as they are, then one decimal with K, M, B
    /// (rounded down, so 1,999 is "1.9K", never "2.0K").
    static func abbreviated(_ value: Int) -> String {
        let units: [(Double, String)] = [(1e9, "B"), (1e6, "M"), (1e3, "K")]
        for (size, suffix) in units where Double(value) >= size {
            let tenths = (Double(value) / size * 10).rounded(.down) / 10
            return String(format: "%.1f", tenths) + suffix
        }
        return String(value)
    }
}
