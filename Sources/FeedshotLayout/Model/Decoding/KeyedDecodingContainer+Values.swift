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
    /// RFC 3339 as docs/openapi.yaml's `Instant` spells it: `T` and `Z` in upper case, seconds
    /// 00–59, up to nine fractional digits, offsets `±HH:MM` up to ±18:00 (Foundation's range).
    /// Foundation alone also took `24:00`, `+05:60`, `2026-02-30`, a trailing space or `UTC`, and
    /// refused offsets RFC 3339 allows beyond ±18:00.
    static func parse(_ text: String) -> Date? {
        let grammar =
            #/
            [0-9]{4} - (0[1-9] | 1[0-2]) - (0[1-9] | [12][0-9] | 3[01])
            T ([01][0-9] | 2[0-3]) : [0-5][0-9] : [0-5][0-9] (\.[0-9]{1,9})?
            (Z | [+\-] (0[0-9] | 1[0-7]) : [0-5][0-9] | [+\-] 18:00)
            /#
        guard let match = text.wholeMatch(of: grammar),
            dayExists(year: match.output.0.prefix(4), month: match.output.1, day: match.output.2)
        else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Whether the proleptic Gregorian calendar has this day (no 30 February, no 31 April).
    static func dayExists(year: Substring, month: Substring, day: Substring) -> Bool {
        guard let year = Int(year), let month = Int(month), let day = Int(day) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...lengths[month - 1]).contains(day)
    }
}

extension Double {
    /// `12` for whole numbers, `12.5` otherwise: numbers in messages, slugs and tables, without a
    /// trailing `.0`.
    package var compactDescription: String {
        if isFinite, rounded() == self, abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}
