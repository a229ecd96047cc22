import Foundation

/// Instants as documents write them (RFC 3339), read without a formatter object.
enum ISO8601 {
    /// The instant `text` spells in RFC 3339 as the OpenAPI document's `Instant` states it
    /// (`Sources/FeedshotServer/Resources/openapi.yaml`): `YYYY-MM-DDTHH:MM:SS` from 0001-01-02Z, `T` and `Z` in upper
    /// case, seconds 00–59, up to nine fractional digits, then `Z` or an offset `±HH:MM` up to
    /// ±18:00, on a day the calendar has. Read byte by byte, once per date of every document (a
    /// compiled pattern or a Foundation parser per call cost ~0.7 ms a date); Foundation's
    /// parser, which the tests compare with, also took `24:00`, `+05:60`, `2026-02-30`, a trailing
    /// space or `UTC`.
    static func parse(_ text: String) -> Date? {
        if case .success(let date) = read(text) { return date }
        return nil
    }

    /// What is wrong with `text`, which `parse` refused: the first part not as RFC 3339 spells it,
    /// for the error message ("none" for a text `parse` reads). One reading makes both answers.
    static func problem(with text: String) -> String {
        if case .failure(let problem) = read(text) { return problem.message(text) }
        return "none"
    }

    /// The first part of a text that is not an instant as `parse` reads it.
    enum Problem: Error {
        case date, yearZero, day, separator, time, timeRange, fraction, offsetForm, offsetRange, zone, trailing, julian, firstDay

        /// In words, for `text`.
        func message(_ text: String) -> String {
            switch self {
            case .date: "the date must be YYYY-MM-DD"
            case .yearZero: "the year must be 0001 or later (0000 is 1 BC, which a date label cannot tell from AD 1)"
            case .day: "the calendar has no day \(text.prefix(10))"
            case .separator: "the date must be followed by an upper-case T and the time"
            case .time: "the time must be HH:MM:SS"
            case .timeRange: "hours go up to 23, minutes and seconds to 59"
            case .fraction: "a fraction of a second has 1 to 9 digits"
            case .offsetForm: "an offset must be ±HH:MM, like +05:30"
            case .offsetRange: "an offset is at most ±18:00"
            case .zone: "the time must end in an upper-case Z or an offset ±HH:MM"
            case .trailing: "nothing may follow the time zone"
            case .julian: "Foundation cannot read this instant before 1583"
            case .firstDay:
                "the instant must be 0001-01-02T00:00:00Z or later (an earlier one is 1 BC in some time zone, which a date label cannot tell from AD 1)"
            }
        }
    }

    /// The earliest instant a document may give: the second day of AD 1 in UTC (in the Julian
    /// calendar, as Foundation counts before 1583), AD 1 in every time zone a document may name.
    static let earliest = Date(timeIntervalSince1970: -62_135_683_200)

    /// `parse`'s reading: the instant, or the first part that is wrong.
    private static func read(_ text: String) -> Result<Date, Problem> {
        var text = text
        text.makeContiguousUTF8()
        let b = text.utf8.span
        /// The number the `count` ASCII digits at `index` spell, if they are digits.
        func number(_ index: Int, _ count: Int) -> Int? {
            guard index + count <= b.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let digit = b[index + offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        func byte(_ index: Int, is ascii: Unicode.Scalar) -> Bool { index < b.count && b[index] == UInt8(ascii: ascii) }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"), let day = number(8, 2) else {
            return .failure(.date)
        }
        // Foundation reads year 0000 as 1 BC, and a date label shows the year of its era: 1 BC and
        // AD 1 were one day of the chat, "January 01, 0001".
        guard year > 0 else { return .failure(.yearZero) }
        guard dayExists(year: year, month: month, day: day) else { return .failure(.day) }
        guard byte(10, is: "T") else { return .failure(.separator) }
        guard let hour = number(11, 2), byte(13, is: ":"), let minute = number(14, 2), byte(16, is: ":"), let second = number(17, 2)
        else { return .failure(.time) }
        guard hour < 24, minute < 60, second < 60 else { return .failure(.timeRange) }
        var index = 19
        var fraction = 0.0
        if byte(index, is: ".") {
            var digits = 0, scale = 1.0
            index += 1
            while let digit = number(index, 1) {
                digits += 1
                scale /= 10
                fraction += Double(digit) * scale
                index += 1
            }
            guard (1...9).contains(digits) else { return .failure(.fraction) }
        }
        var offset = 0
        if byte(index, is: "Z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            guard let hours = number(index + 1, 2), byte(index + 3, is: ":"), let minutes = number(index + 4, 2) else {
                return .failure(.offsetForm)
            }
            guard minutes < 60, hours < 18 || (hours == 18 && minutes == 0) else { return .failure(.offsetRange) }
            offset = (byte(index, is: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            index += 6
        } else {
            return .failure(.zone)
        }
        guard index == b.count else { return .failure(.trailing) }
        if year < 1583 {
            // Before the Gregorian reform Foundation (as iOS) counts days in the Julian calendar.
            let style = Date.ISO8601FormatStyle(includingFractionalSeconds: byte(19, is: "."))
            guard let date = try? Date(text, strategy: style) else { return .failure(.julian) }
            // "0001-01-01T00:00:00+18:00" is 1 BC in UTC, and a time zone may be 14:59 behind it.
            guard date >= earliest else { return .failure(.firstDay) }
            return .success(date)
        }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return .success(Date(timeIntervalSince1970: Double(seconds) + fraction))
    }

    /// Days from 1970-01-01 to this day of the Gregorian calendar (Howard Hinnant's
    /// days_from_civil; `parse` uses it from 1583 on).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether the proleptic Gregorian calendar has this day (no 30 February, no 31 April).
    static func dayExists(year: Int, month: Int, day: Int) -> Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...lengths[month - 1]).contains(day)
    }
}
