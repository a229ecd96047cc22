import Foundation

/// The strings Amity's chat cells show: times, date headers, metadata, sizes, durations.
struct ChatFormatting: Sendable {
    var now: Date
    var locale: Locale
    var timeZone: TimeZone
    var strings: Strings

    init(now: Date, locale: Locale, timeZone: TimeZone, strings: Strings) {
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        self.strings = strings
    }

    /// The formatting of `document`'s clock, locale, time zone and strings.
    init(_ document: Document) {
        self.init(
            now: document.now, locale: document.locale, timeZone: document.timeZone,
            strings: Strings(locale: document.locale, overrides: document.strings))
    }

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        return calendar
    }

    /// `date` in `pattern`, in the locale's words and its own calendar, or in the Gregorian one
    /// where `gregorian` (the Amity kit's formatters: `AmityDateFormatter.swift:32-36,59`).
    func format(_ date: Date, _ pattern: String, gregorian: Bool = false) -> String {
        DateFormatters.shared.string(from: date, pattern: pattern, locale: locale, timeZone: timeZone, gregorian: gregorian)
    }

    /// The message time: `h:mm a` ("11:58 AM"), in the Gregorian calendar as the kit's formatter.
    func time(_ date: Date) -> String { format(date, "h:mm a", gregorian: true) }

    /// The date pill: "Today", "Yesterday", or `MMMM dd, yyyy` ("November 05, 2026"), as
    /// `AmityDateFormatter.Message.getDate` gives it: a day after today is "Today" too. The
    /// kit's formatter has the Gregorian calendar whatever the locale (`AmityDateFormatter.swift:
    /// 32-36,59`): an Arabic (Saudi Arabia) or Thai document gets the locale's month names in the
    /// Gregorian year, not the Hijri or Buddhist one.
    func dateHeader(_ date: Date) -> String {
        let calendar = self.calendar
        let day = calendar.startOfDay(for: date), today = calendar.startOfDay(for: now)
        if day >= today { return strings(.today) }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: today), day >= yesterday {
            return strings(.yesterday)
        }
        return format(date, "MMMM dd, yyyy", gregorian: true)
    }

    /// The calendar day `date` falls on, in the document's time zone (`2026-11-29`), for grouping.
    func dayKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The metadata row's text, in `AmityMessageTableViewCell.setMetadata`'s order: "Message
    /// deleted • 11:58 AM", else "Edited • 11:58 AM", else — own messages only — "Sending..." while
    /// syncing, else the time. The time is the edit's when the message was edited
    /// (`AmityMessageModel.time`).
    func metadata(for message: ChatMessage, isIncoming: Bool) -> String {
        let time = time(message.editedAt ?? message.sentAt)
        if message.isShownDeleted { return strings(.messageDeleted, time) }
        if message.editedAt != nil { return strings(.messageEdited, time) }
        if !isIncoming, message.state == .syncing { return strings(.messageSending) }
        return time
    }

    /// The time an audio message has played, as `AmityAudioPlayer` shows it: `%01i:%02i`, the
    /// minutes modulo 60 ("0:07", "3:25"); "0:00" at rest.
    static func elapsed(_ seconds: Double) -> String {
        let total = Int(max(0, seconds))
        return String(format: "%01i:%02i", total / 60 % 60, total % 60)
    }

    /// `0:07`, `3:25`, `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// A file's size as the kit writes file sizes (`AmityFile.formattedFileSize()`, through
    /// `ByteCountFormatting`: "482 KB", "3.6 MB"), in the locale's strings and numerals. The
    /// chat's file cell is Feedshot's own (the kit's chat has none), so it takes the feed's rule.
    func fileSize(_ bytes: Double) -> String {
        ByteCountFormatting.fileSize(Int64(min(max(bytes, 0), 9e18).rounded(.down)), strings: strings)
    }

    /// "Ann is typing...", "Ann and Bob are typing...", "3 people are typing...": a `label` of the
    /// strings' language, so in Arabic or Hebrew a line that opens with a Latin name ("Ann Lee
    /// يكتب...") still reads right to left, the name first on the right and the dots at the left end.
    func typing(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let text =
            switch names.count {
            case 1: strings(.typingOne, names[0])
            case 2: strings(.typingTwo, names[0], names[1])
            default: strings(.typingMany, strings.number(String(names.count)))
            }
        return strings.label(text)
    }
}

/// DateFormatters kept by locale, time zone and pattern for the whole process: making one costs
/// about 0.1 ms (ICU loads the locale's symbols), formatting a date with one a few microseconds.
/// Formatting happens under the lock; at most 64 are kept.
final class DateFormatters: @unchecked Sendable {
    static let shared = DateFormatters()
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var byKey: [String: DateFormatter] = [:]

    /// Guarded by `lock`: the locale's pattern for each skeleton ("jmm"), by locale and skeleton.
    private var patterns: [String: String] = [:]

    /// The locale's own pattern for `template`, an ICU skeleton ("jmm": hour and minute in the
    /// locale's clock), as `DateFormatter.dateFormat(fromTemplate:options:locale:)` gives it.
    func pattern(template: String, locale: Locale) -> String? {
        let key = "\(locale.identifier)|\(template)"
        lock.lock()
        defer { lock.unlock() }
        if let pattern = patterns[key] { return pattern }
        if patterns.count >= 64 { patterns.removeAll() }
        let pattern = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale)
        patterns[key] = pattern
        return pattern
    }

    /// `date` in `pattern`, `locale`'s words and `timeZone`, in the locale's own calendar or, where
    /// `gregorian`, the Gregorian one.
    func string(from date: Date, pattern: String, locale: Locale, timeZone: TimeZone, gregorian: Bool = false) -> String {
        let key = "\(locale.identifier)|\(timeZone.identifier)|\(pattern)|\(gregorian)"
        lock.lock()
        defer { lock.unlock() }
        if let formatter = byKey[key] { return formatter.string(from: date) }
        if byKey.count >= 64 { byKey.removeAll() }
        let formatter = DateFormatter()
        formatter.locale = locale
        if gregorian { formatter.calendar = Calendar(identifier: .gregorian) }
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        byKey[key] = formatter
        return formatter.string(from: date)
    }
}
