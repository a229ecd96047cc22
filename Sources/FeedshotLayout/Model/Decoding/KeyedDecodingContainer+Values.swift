import Foundation

/// Reading validated values: each refusal is a `DocumentError` at the field's JSON path.
extension KeyedDecodingContainer {
    /// A `DocumentError` at `key` inside this container.
    func error(at key: Key, _ message: String) -> DocumentError {
        DocumentError(codingPath: codingPath + [key], message: message)
    }

    /// A user's id (a message's `from`, an author's `id`), which may not be empty: the viewer's
    /// is "" where a document names none (`decodeViewerID`), and an empty sender or author would
    /// be taken for them. `whose` names the user ("the sender's").
    func decodeUserID(_ key: Key, of whose: String) throws -> String {
        try nonEmptyID(decode(String.self, forKey: key), at: key, hint: "give \(whose) user id")
    }

    /// The viewer's id (`me`, `viewer`): not empty, or nil when the key is absent (no viewer).
    func decodeViewerID(_ key: Key) throws -> String? {
        try decodeIfPresent(String.self, forKey: key).map {
            try nonEmptyID($0, at: key, hint: "give the viewer's user id, or leave it out")
        }
    }

    private func nonEmptyID(_ id: String, at key: Key, hint: String) throws -> String {
        guard !id.isEmpty else { throw error(at: key, "is empty (\(hint))") }
        return id
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

    /// An RFC 3339 instant (`2026-11-29T12:00:00Z`, fractional seconds and offsets allowed); a
    /// refusal says what is wrong with the text (`ISO8601.problem`).
    func decodeDateIfPresent(_ key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw error(
                at: key, "must be an RFC 3339 date-time like \"2026-11-29T12:00:00Z\" (got \"\(text)\": \(ISO8601.problem(with: text)))")
        }
        return date
    }

    /// A required RFC 3339 instant.
    func decodeDate(_ key: Key) throws -> Date {
        guard let date = try decodeDateIfPresent(key) else { throw error(at: key, "is required") }
        return date
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
