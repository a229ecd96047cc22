import Foundation

/// Reading validated values: each refusal is a `DocumentError` at the field's JSON path.
extension KeyedDecodingContainer {
    /// A `DocumentError` at `key` inside this container.
    func error(at key: Key, _ message: String) -> DocumentError {
        DocumentError(codingPath: codingPath + [key], message: message)
    }

    /// A finite number greater than zero, or nil when the key is absent.
    func decodePositive(_ key: Key, max limit: Double? = nil) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, value > 0 else { throw error(at: key, "must be a positive number (got \(value.compactDescription))") }
        if let limit, value > limit {
            throw error(at: key, "must be at most \(limit.compactDescription) (got \(value.compactDescription))")
        }
        return value
    }

    /// A finite number of zero or more, or nil when the key is absent.
    func decodeNonNegative(_ key: Key, max limit: Double? = nil) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, value >= 0 else { throw error(at: key, "must be zero or more (got \(value.compactDescription))") }
        if let limit, value > limit {
            throw error(at: key, "must be at most \(limit.compactDescription) (got \(value.compactDescription))")
        }
        return value
    }

    /// A whole number of zero or more (at most `limit`), or nil when the key is absent.
    func decodeCount(_ key: Key, max limit: Double = 1e15) throws -> Int? {
        guard let value = try decodeNonNegative(key, max: limit) else { return nil }
        guard value.rounded() == value else { throw error(at: key, "must be a whole number (got \(value.compactDescription))") }
        return Int(value)
    }

    /// A string naming one case of `T`, or nil when absent.
    func decodeEnum<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ key: Key) throws -> T? where T.RawValue == String {
        guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = T(rawValue: name) else {
            throw error(at: key, "unknown value \"\(name)\" (use \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }

    /// A text no longer than the document's `maxTextLength` Unicode scalars, or nil when absent.
    func decodeText(_ key: Key, in decoder: any Decoder) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let limit = decoder.limits.maxTextLength
        let scalars = text.unicodeScalars.count
        if scalars > limit {
            throw error(at: key, "is \(scalars) Unicode scalars, more than the limit of \(limit) (raise it with --max-text-length)")
        }
        return text
    }

    /// An ISO-8601 instant (`2026-11-29T12:00:00Z`, fractional seconds and offsets allowed).
    func decodeDateIfPresent(_ key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw error(at: key, "must be an ISO-8601 date-time like \"2026-11-29T12:00:00Z\" (got \"\(text)\")")
        }
        return date
    }

    /// A required ISO-8601 instant.
    func decodeDate(_ key: Key) throws -> Date {
        guard let date = try decodeDateIfPresent(key) else { throw error(at: key, "is required") }
        return date
    }
}

enum ISO8601 {
    /// The instant `text` spells in RFC 3339 as the OpenAPI document's `Instant` states it
    /// (`Sources/FeedshotServer/Resources/openapi.yaml`): `YYYY-MM-DDTHH:MM:SS`, `T` and `Z` in upper
    /// case, seconds 00–59, up to nine fractional digits, then `Z` or an offset `±HH:MM` up to
    /// ±18:00, on a day the calendar has. Read byte by byte, once per date of every document (a
    /// compiled pattern or a Foundation parser per call cost ~0.7 ms a date); Foundation's
    /// parser, which the tests compare with, also took `24:00`, `+05:60`, `2026-02-30`, a trailing
    /// space or `UTC`.
    static func parse(_ text: String) -> Date? {
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
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"), let day = number(8, 2),
            byte(10, is: "T"), let hour = number(11, 2), byte(13, is: ":"), let minute = number(14, 2), byte(16, is: ":"),
            let second = number(17, 2), dayExists(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
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
            guard (1...9).contains(digits) else { return nil }
        }
        var offset = 0
        if byte(index, is: "Z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-"), let hours = number(index + 1, 2), byte(index + 3, is: ":"),
            let minutes = number(index + 4, 2), minutes < 60, hours < 18 || (hours == 18 && minutes == 0)
        {
            offset = (byte(index, is: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        if year < 1583 {
            // Before the Gregorian reform Foundation (as iOS) counts days in the Julian calendar.
            return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: byte(19, is: ".")))
        }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
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

extension Double {
    /// `12` for whole numbers, `12.5` otherwise: numbers in messages, slugs and tables, without a
    /// trailing `.0` — limits included (`1000000000000000` and `1000000000000000000`, not
    /// `1000000000000000.0` and `1e+18`); beyond 10¹⁸ as Swift prints it.
    package var compactDescription: String {
        if isFinite, rounded() == self, abs(self) <= 1e18 { return String(Int64(self)) }
        return "\(self)"
    }
}
