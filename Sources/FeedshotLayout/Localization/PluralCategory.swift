/// A CLDR plural category (Unicode CLDR, "Language Plural Rules", cardinal).
package enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of the whole number `n` in `language` (an ISO 639 code) — the rules of the
    /// bundled languages; others count as English.
    package static func of(_ n: Int, language: String) -> PluralCategory {
        let n = n.magnitude
        switch language {
        case "ja", "zh", "ko":
            return .other
        case "fr", "pt":
            // fr: i = 0,1; pt: i = 0..1.
            return n <= 1 ? .one : .other
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                let rest = n % 100
                if (3...10).contains(rest) { return .few }
                if (11...99).contains(rest) { return .many }
                return .other
            }
        case "he":
            return n == 1 ? .one : n == 2 ? .two : .other
        default:
            // en, de, es: one for 1.
            return n == 1 ? .one : .other
        }
    }
}
