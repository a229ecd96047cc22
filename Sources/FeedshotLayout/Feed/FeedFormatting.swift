import Foundation

/// The strings Amity's feed shows: relative dates and abbreviated counts.
enum FeedFormatting {
    /// "Just now", "1 minute ago", "N hours ago", "Yesterday", "N days ago", "N weeks ago",
    /// "N months ago", "N years ago" — from `now`, with calendar days in `calendar`'s time zone.
    static func relativeDate(_ date: Date, now: Date, calendar: Calendar) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "Just now" }
        if seconds < 3600 { return plural(Int(seconds / 60), "minute") + " ago" }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days == 0 { return plural(Int(seconds / 3600), "hour") + " ago" }
        if days == 1 { return "Yesterday" }
        if days < 7 { return plural(days, "day") + " ago" }
        if days < 30 { return plural(days / 7, "week") + " ago" }
        if days < 365 { return plural(max(1, days / 30), "month") + " ago" }
        return plural(days / 365, "year") + " ago"
    }

    /// "1 like", "12 likes", "1.0K likes".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(abbreviated(value)) \(value == 1 ? noun : noun + "s")"
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

    static func plural(_ n: Int, _ noun: String) -> String {
        "\(n) \(n == 1 ? noun : noun + "s")"
    }
}
