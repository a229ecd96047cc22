import Foundation

/// The text `MessageKitDateFormatter.shared.string(from:)` gives a date — what the Example app puts
/// in a cell's top label — in the document's locale, time zone and clock
/// (`Sources/Models/MessageKitDateFormatter.swift:34-47`; docs/conformance/messagekit.md, "Dates"):
///
/// - today and yesterday: relative, `dateStyle = .short`, `timeStyle = .short`
///   ("Today, 11:02 AM"; "Today, 11:02" in en_GB: the short time is the region's);
/// - the same week (`Calendar.isDate(_:equalTo:toGranularity: .weekOfYear)`, the locale's first
///   weekday): `EEEE h:mm a` ("Thursday 11:02 AM");
/// - the same year: `E, d MMM, h:mm a` ("Thu, 5 Nov, 11:02 AM");
/// - older: `MMM d, yyyy, h:mm a` ("Nov 5, 2025, 11:02 AM").
///
/// The three fixed patterns are formatted by Foundation, as on iOS (ICU fills in the locale's
/// names). Linux Foundation ignores `doesRelativeDateFormatting`, so the relative case is written
/// out here per bundled language as iOS's ICU gives it (`udat` with `UDAT_SHORT_RELATIVE`, the
/// capitalisation `CFDateFormatter` asks for: `UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU`).
struct MessageKitDateFormat: Sendable {
    let formatting: ChatFormatting

    /// The relative day's words and the short style's time pattern and glue, per language.
    struct Relative: Sendable, Equatable {
        var today: String
        var yesterday: String
        /// The short time style's pattern.
        var time: String
        /// How the day and the time join: `{1}` the day, `{0}` the time
        /// (`DateTimePatterns%atTime`, short).
        var glue: String
    }

    /// iOS's relative short date and time per bundled language (CLDR 46, ICU 76); a language not
    /// bundled takes English's.
    static let relative: [String: Relative] = [
        "en": Relative(today: "Today", yesterday: "Yesterday", time: "h:mm\u{202F}a", glue: "{1}, {0}"),
        "de": Relative(today: "Heute", yesterday: "Gestern", time: "HH:mm", glue: "{1}, {0}"),
        "es": Relative(today: "hoy", yesterday: "ayer", time: "H:mm", glue: "{1}, {0}"),
        "fr": Relative(today: "aujourd\u{2019}hui", yesterday: "hier", time: "HH:mm", glue: "{1} {0}"),
        "he": Relative(today: "היום", yesterday: "אתמול", time: "H:mm", glue: "{1}, {0}"),
        "ja": Relative(today: "今日", yesterday: "昨日", time: "H:mm", glue: "{1} {0}"),
        "ko": Relative(today: "오늘", yesterday: "어제", time: "a h:mm", glue: "{1} {0}"),
        "pt": Relative(today: "Hoje", yesterday: "Ontem", time: "HH:mm", glue: "{1}, {0}"),
        "zh": Relative(today: "今天", yesterday: "昨天", time: "HH:mm", glue: "{1} {0}"),
        "ar": Relative(today: "اليوم", yesterday: "أمس", time: "h:mm\u{00A0}a", glue: "{1}، {0}"),
    ]

    /// `date`'s time in the locale's short style, as `timeStyle = .short` writes it ("11:02 AM";
    /// "11:02" in German, Japanese, Italian or British English; "오전 11:02" in Korean): the
    /// locale's hour-and-minute pattern (ICU's "jmm"), else the language's short time above, with
    /// a plain space where iOS 17 writes a narrow no-break one.
    func shortTime(_ date: Date) -> String {
        formatting.format(date, shortTimePattern.replacingOccurrences(of: "\u{202F}", with: " "))
    }

    /// The locale's short time pattern, as `timeStyle = .short` takes it: its hour-and-minute
    /// pattern (ICU's "jmm", which follows the region: "HH:mm" in en_GB), else its language's
    /// in the table above.
    var shortTimePattern: String {
        DateFormatters.shared.pattern(template: "jmm", locale: formatting.locale) ?? relativeWords.time
    }

    /// The relative words of the locale's language, English's for a language not bundled.
    var relativeWords: Relative {
        Self.relative[formatting.locale.language.languageCode?.identifier ?? "en"] ?? Self.relative["en"]!
    }

    /// MessageKit's text for `date`.
    func string(from date: Date) -> String {
        let calendar = formatting.calendar
        let now = formatting.now
        let today = calendar.startOfDay(for: now)
        let day = calendar.startOfDay(for: date)
        let yesterday = calendar.date(byAdding: .day, value: -1, to: today) ?? today
        if day == today || day == yesterday {
            let words = relativeWords
            let time = formatting.format(date, shortTimePattern)
            return words.glue.replacingOccurrences(of: "{1}", with: day == today ? words.today : words.yesterday)
                .replacingOccurrences(of: "{0}", with: time)
        }
        // `isDate(_:equalTo:toGranularity: .weekOfYear)`: the week's start up to, not including,
        // the next week's (`DateInterval.contains` would take the next week's first instant too).
        if let week = calendar.dateInterval(of: .weekOfYear, for: now), week.start <= date, date < week.end {
            return formatting.format(date, "EEEE h:mm a")
        }
        if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            return formatting.format(date, "E, d MMM, h:mm a")
        }
        return formatting.format(date, "MMM d, yyyy, h:mm a")
    }
}
