import Foundation

extension Document {
    /// Decodes and validates a JSON document.
    ///
    /// - Parameters:
    ///   - data: The JSON document.
    ///   - options: Limits, composed post types, and whether unknown fields are refused.
    /// - Returns: The document; with `options.unknownFields == .warn`, its `warnings` list the
    ///   fields that were not known.
    /// - Throws: `DocumentError` naming the JSON path at fault.
    public static func decode(_ data: Data, options: DecodingOptions = DecodingOptions()) throws(DocumentError) -> Document {
        try decode(data, options: options, parser: .tree)
    }

    /// Which JSON decoder reads a document: Feedshot's own (`JSONTreeDecoder`), or Foundation's
    /// `JSONDecoder`, which the tests hold it against.
    enum Parser {
        case tree, foundation
    }

    /// `decode(_:options:)` through the decoder `parser`.
    static func decode(_ data: Data, options: DecodingOptions, parser: Parser) throws(DocumentError) -> Document {
        // Nothing at all (an empty request body, an empty file) is said as such, not as a parse
        // that ended early.
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw DocumentError(path: "", message: "the document is empty: send one JSON object, such as {\"kind\": \"chat\", …}")
        }
        // A form upload's body starts with its boundary; the scan below would stop at its first
        // "n" ("name=") and say "must not be null" with no path.
        if data.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }).starts(with: [0x2D, 0x2D]) {
            throw DocumentError(
                path: "",
                message:
                    "the body is a multipart/form-data upload, not a JSON document: send the JSON itself as the body, with Content-Type: application/json"
            )
        }
        let bytes = [UInt8](data)
        let (failure, repeatedKeys) = StringLimits.scan(bytes, limits: options.limits)
        if let failure { throw failure }
        let context = DecodingContext(options: options)
        for path in repeatedKeys {
            let repeated = DocumentError(path: path, message: "appears twice in its object (JSON keeps only one of the two)")
            switch options.unknownFields {
            case .refuse: throw repeated
            case .warn: context.warn(repeated.description)
            }
        }
        var document = try DocumentError.decoding(data) {
            switch parser {
            case .tree:
                return try DocumentDecoding.document(from: JSONTreeDecoder.root(of: bytes, userInfo: [DecodingContext.key: context]))
            case .foundation:
                let decoder = JSONDecoder()
                decoder.userInfo[DecodingContext.key] = context
                return try decoder.decode(DocumentDecoding.self, from: data).document
            }
        }
        document.warnings = context.warnings
        return document
    }

    /// Foundation's JSONDecoder says only "not valid JSON"; JSONSerialization says where and why
    /// (a number too large to hold, "Number 1e999 is not representable in Swift.", its digits cut
    /// to 40: a 900 KB number came back whole). A number too small to hold, which JSONSerialization
    /// reads as 0 and the decoders refuse, is found here (it said "not a JSON document", naming nothing).
    static func syntaxError(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            if let (offset, number) = firstUnderflowingNumber(in: data) {
                return withLineAndColumn(
                    "Number \(shortened(number)) around character \(offset) is too small to hold: it would read as 0 (write 0).", in: data)
            }
            return "not a JSON document"
        } catch {
            var reason = ((error as NSError).userInfo["NSDebugDescription"] as? String) ?? "not valid JSON"
            if let match = reason.firstMatch(of: #/^Number (\S+) /#) {
                reason.replaceSubrange(match.1.startIndex..<match.1.endIndex, with: shortened(match.1))
            }
            // A string's content (half a surrogate pair, bytes that are not UTF-8) is reported with
            // no position: say which string it is.
            if reason.firstMatch(of: /around character \d/) == nil, let tree = try? JSONTree([UInt8](data)),
                let offset = tree.firstUnreadableString()
            {
                reason = "\(reason.trimmingCharacters(in: ["."])), in the string around character \(offset)."
            }
            return withLineAndColumn(reason, in: data) + hint(for: reason, in: data)
        }
    }

    /// `number` with its digits past the 40th cut to "…".
    static func shortened(_ number: some StringProtocol) -> String {
        number.count <= 40 ? String(number) : number.prefix(40) + "…"
    }

    /// The byte offset and text of the first number outside a string whose digits are not all
    /// zero but which reads as 0 (`1e-400`), if any.
    static func firstUnderflowingNumber(in data: Data) -> (offset: Int, text: String)? {
        let bytes = [UInt8](data)
        var index = 0, inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if Double(text) == 0, JSONTreeDecoder.mantissaIsNonZero(Substring(text)) { return (start, text) }
        }
        return nil
    }

    /// A hint for the usual slips: a form field (`document={…}`, as `curl -d name=…` sends it)
    /// instead of the JSON, or a single quote where JSON wants a double one ({'kind': 'chat'},
    /// as Python prints a dictionary) at the byte `reason` names.
    static func hint(for reason: String, in data: Data) -> String {
        if String(decoding: data.prefix(64), as: UTF8.self).prefixMatch(of: /[A-Za-z_][A-Za-z0-9_]*=/) != nil {
            return
                " It looks like a form field (name=value, as curl -d sends one): send the JSON document itself, with Content-Type: application/json."
        }
        guard let match = reason.firstMatch(of: /around character (\d+)/), let offset = Int(match.1), offset < data.count else {
            return ""
        }
        return data[data.startIndex + offset] == UInt8(ascii: "'")
            ? " JSON strings and keys take double quotes (\"kind\"), not single ones." : ""
    }

    /// `reason` with the line and column of the byte offset it names ("… around character 59." →
    /// "… around character 59 (line 3, column 28)."), for a person looking for it in an editor;
    /// the column counts characters from 1.
    static func withLineAndColumn(_ reason: String, in data: Data) -> String {
        guard let match = reason.firstMatch(of: /around character (\d+)/), let offset = Int(match.1), offset <= data.count else {
            return reason
        }
        let before = data.prefix(offset)
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return reason.replacingCharacters(in: match.range, with: "\(match.0) (line \(line), column \(column))")
    }
}

/// The top-level JSON object: the settings every kind shares, then the kind's own model.
struct DocumentDecoding: Decodable {
    var document: Document

    /// The fields every kind has.
    enum Key: String, CodingKey, CaseIterable {
        case kind, width, scale, theme, textSize, now, locale, timeZone, strings, layoutDirection, typography
    }

    init(from decoder: any Decoder) throws {
        document = try DocumentDecoding.document(from: decoder)
    }

    /// The document `decoder` holds (what `init(from:)` wraps: `JSONTreeDecoder` reads it without
    /// the wrapper, one copy of the document fewer).
    static func document(from decoder: any Decoder) throws -> Document {
        let c = try decoder.container(keyedBy: Key.self)
        let limits = decoder.limits
        if !c.contains(.kind) {
            // A misspelt kind ("knid") is named as such, as every other misspelt field is.
            let object = try decoder.container(keyedBy: AnyKey.self)
            if let slip = object.allKeys.first(where: { DidYouMean.nearest(to: $0.stringValue, in: ["kind"]) != nil }) {
                throw object.error(at: slip, KnownFields.message(for: slip.stringValue, known: ["kind"]))
            }
        }
        let kindName = try c.decode(String.self, forKey: .kind)
        guard let kind = Document.Kind(rawValue: kindName) else {
            let supported = Document.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw c.error(at: .kind, "unknown kind \"\(kindName)\" (supported: \(supported))")
        }
        let width = try c.decodePositive(.width) ?? 375
        guard width <= limits.maxWidth else {
            let got = c.contains(.width) ? width.compactDescription : "the default, 375"
            throw c.error(
                at: .width, "must be at most \(limits.maxWidth.compactDescription) (got \(got); raise the limit with --max-width)")
        }
        var scale = 2
        if c.contains(.scale) {
            let value = try c.decode(Double.self, forKey: .scale)
            guard [1.0, 2.0, 3.0].contains(value) else { throw c.error(at: .scale, "must be 1, 2 or 3 (got \(value.compactDescription))") }
            scale = Int(value)
        }
        let theme = try c.decodeIfPresent(ThemeDecoding.self, forKey: .theme)?.theme ?? .amityLight
        var textSize = ContentSizeCategory.large
        if let name = try c.decodeIfPresent(String.self, forKey: .textSize) {
            guard let value = ContentSizeCategory(rawValue: name) else {
                throw c.error(
                    at: .textSize, "unknown text size \"\(name)\" (use xSmall … xxxLarge or accessibilityMedium … accessibilityXXXLarge)")
            }
            textSize = value
        }
        let now = try c.decodeDateIfPresent(.now) ?? Date()
        let localeName = try c.decodeIfPresent(String.self, forKey: .locale) ?? "en_US"
        let locale: Locale
        switch LocaleIdentifier.locale(localeName) {
        case .success(let value): locale = value
        case .failure(let problem): throw c.error(at: .locale, problem.description)
        }
        if !LocaleIdentifier.namesKnownLanguage(locale) {
            // Drawn all the same (ICU takes any identifier), but a typo ("english", "xx_YY", "")
            // would otherwise pass unnoticed where a bad time zone is refused.
            decoder.context.warn(
                "locale: \"\(localeName)\" names no language ICU knows (codes like \"en_US\", \"de\" or \"zh-Hant\"): "
                    + "its UI strings are English and its dates and numbers those of a locale ICU falls back to")
        }
        var timeZone = TimeZone(identifier: "UTC")!
        if let name = try c.decodeIfPresent(String.self, forKey: .timeZone) {
            switch TimeZoneName.zone(name) {
            case .success(let value): timeZone = value
            case .failure(let problem): throw c.error(at: .timeZone, problem.description)
            }
        }
        // The options' strings (an app's AmityLocalizable.strings) under the document's own.
        // Their lengths are looked at in the pass that picks the keys drawn (the limits are the
        // document's, so not when the options are set); the message only for one too long.
        var strings: [String: String] = [:]
        var mayBeTooLong = false
        for (key, value) in decoder.context.options.strings where StringCatalog.overridableKeySet.contains(key) {
            strings[key] = value
            mayBeTooLong = mayBeTooLong || value.utf8.count > limits.maxStringLength
        }
        if let problem = decoder.context.options.stringsProblem
            ?? (mayBeTooLong ? StringCatalog.lengthProblem(in: strings, limit: limits.maxStringLength) : nil)
        {
            throw DocumentError(path: "", message: "the options' strings: \(problem)")
        }
        for (key, value) in try c.decodeIfPresent(StringsDecoding.self, forKey: .strings)?.strings ?? [:] { strings[key] = value }
        let direction = try c.decodeEnum(LayoutDirection.self, .layoutDirection)
        let content: Document.Content
        var isMessageKit = false
        switch kind {
        case .chat, .message:
            let chat = try Chat(from: decoder, sharedFields: Key.allCases.map(\.rawValue), single: kind == .message)
            try chat.checkCellsHaveRoom(width: width)
            if kind == .chat, case .messageKit = chat.profile { isMessageKit = true }
            content = kind == .message ? .message(chat) : .chat(chat)
        case .feed:
            content = .feed(try Feed(from: decoder, sharedFields: Key.allCases.map(\.rawValue), single: false))
        case .post:
            content = .post(try Feed(from: decoder, sharedFields: Key.allCases.map(\.rawValue), single: true))
        case .shareSheet:
            content = .shareSheet(try ShareSheet(from: decoder, sharedFields: Key.allCases.map(\.rawValue)))
        }
        var document = Document(
            content: content, width: width, scale: scale, theme: theme, textSize: textSize, now: now, locale: locale, timeZone: timeZone,
            strings: strings)
        if let direction { document.layoutDirection = direction }
        // The options' typography (an app's, server-wide) under the document's own; MessageKit
        // documents name their fonts per message kind instead.
        if !isMessageKit { document.typography = decoder.context.options.typography }
        if let typography = try c.decodeIfPresent(TypographyDecoding.self, forKey: .typography)?.typography {
            if isMessageKit {
                throw c.error(
                    at: .typography,
                    "is the Amity kit's (AmityUIKitManager.set(typography:)); a MessageKit document names a family in each font it sets (\"font\": {\"size\": 15, \"family\": …})"
                )
            }
            document.typography = typography
        }
        return document
    }
}

/// `{"message_edit": "Bearbeitet • %@", "unit_like.other": "%@ Likes"}`: strings by key, each key
/// one of the catalogue's (`StringCatalog.overridableKeys`).
struct StringsDecoding: Decodable {
    var strings: [String: String]

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(known: StringCatalog.overridableKeys)
        let c = try decoder.container(keyedBy: AnyKey.self)
        var strings: [String: String] = [:]
        for key in c.allKeys where StringCatalog.overridableKeySet.contains(key.stringValue) {
            let string = try c.decode(String.self, forKey: key)
            if let problem = StringCatalog.insertionProblem(string) { throw c.error(at: key, problem) }
            strings[key.stringValue] = string
        }
        self.strings = strings
    }
}
