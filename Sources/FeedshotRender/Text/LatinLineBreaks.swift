/// Line break opportunities (UAX #14, as Pango 1.50 finds them) for plain Latin text — letters,
/// digits, spaces and common punctuation — where every opportunity follows a space. Anything
/// else, or any pair of characters whose rule is not one of the few below, gives nil: the caller
/// then asks Pango. Pure; a byte loop, about a hundred times cheaper than `pango_default_break`,
/// which works out word, sentence and grapheme boundaries too. Tests compare it with Pango on
/// random strings of every class.
enum LatinLineBreaks {
    /// The UAX #14 classes of the characters taken.
    enum Class: UInt8 {
        case space, alphabetic, numeric, prefix, postfix, infix, exclamation, open, closeParenthesis, close, quotation, inseparable
    }

    /// The class of `scalar`, nil for a character not taken.
    static func classOf(_ scalar: UInt32) -> Class? {
        switch scalar {
        case 0x20: .space
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: .alphabetic
        case 0x23, 0x26, 0x2A, 0x40, 0x3C...0x3E: .alphabetic  // # & * @ < = >
        case 0x30...0x39: .numeric
        case 0x24, 0x2B, 0x20AC: .prefix  // $ + €
        case 0x25: .postfix  // %
        case 0x2C, 0x2E, 0x3A, 0x3B: .infix  // , . : ;
        case 0x21, 0x3F: .exclamation  // ! ?
        case 0x28, 0x5B, 0x7B: .open  // ( [ {
        case 0x29, 0x5D: .closeParenthesis  // ) ]
        case 0x7D: .close  // }
        case 0x22, 0x27, 0x2018, 0x2019, 0x201C, 0x201D: .quotation  // " ' ‘ ’ “ ”
        case 0x2026: .inseparable  // …
        default: nil
        }
    }

    /// Whether UAX #14 forbids a break between two adjacent non-space characters of these classes
    /// (`earlier` is the class before `before`); nil where a break may be allowed (or the rule is
    /// not one kept here).
    static func noBreak(_ earlier: Class?, _ before: Class, _ after: Class) -> Bool? {
        switch (before, after) {
        case (.infix, .numeric): earlier == .numeric ? true : nil  // LB25: NU IS × NU ("1.5", "12:30")
        case (_, .closeParenthesis), (_, .close), (_, .exclamation), (_, .infix): true  // LB13
        case (.open, _): true  // LB14
        case (.quotation, _), (_, .quotation): true  // LB19
        case (.alphabetic, .alphabetic), (.alphabetic, .numeric), (.numeric, .alphabetic), (.numeric, .numeric): true  // LB23, LB25, LB28
        case (.infix, .alphabetic): true  // LB29
        case (.alphabetic, .open), (.numeric, .open), (.closeParenthesis, .alphabetic), (.closeParenthesis, .numeric): true  // LB30
        case (.prefix, .alphabetic), (.prefix, .numeric), (.postfix, .alphabetic), (.postfix, .numeric): true  // LB24, LB25
        case (.alphabetic, .prefix), (.alphabetic, .postfix), (.numeric, .prefix), (.numeric, .postfix): true  // LB24, LB25
        // LB22
        case (.alphabetic, .inseparable), (.numeric, .inseparable), (.exclamation, .inseparable), (.inseparable, .inseparable): true
        default: nil
        }
    }

    /// The UTF-8 offsets in `bytes` where a line may break, ascending, ending with the text's
    /// end; nil when the text is not taken (see above), has no letter, or starts with a space.
    static func breaks(in bytes: Span<UInt8>) -> [Int]? {
        var ends: [Int] = []
        var offset = 0
        var previous: Class? = nil, earlier: Class? = nil
        /// The last character before the current run of spaces.
        var beforeSpaces: Class? = nil
        var hasLetter = false
        while offset < bytes.count {
            let scalar = WordShaper.scalar(in: bytes, at: offset)
            guard let current = classOf(scalar) else { return nil }
            if current == .alphabetic && scalar > 0x40 { hasLetter = true }
            switch (previous, current) {
            case (nil, .space): return nil  // leading spaces
            case (nil, _), (.space?, .space): break
            case (.space?, _):
                // LB18 breaks after spaces, except before closing punctuation (LB13), after an
                // opening one (LB14) and between a quotation mark and an opening one (LB15).
                switch current {
                case .closeParenthesis, .close, .exclamation, .infix: break
                case .inseparable, .postfix: return nil
                default:
                    if beforeSpaces == .open { break }
                    if beforeSpaces == .quotation && current == .open { break }
                    ends.append(offset)
                }
            case (let before?, .space):
                beforeSpaces = before
            case (let before?, _):
                guard noBreak(earlier, before, current) == true else { return nil }
            }
            earlier = previous
            previous = current
            offset += WordShaper.sequenceLength(bytes[offset])
        }
        guard hasLetter, !bytes.isEmpty else { return nil }
        ends.append(bytes.count)
        return ends
    }
}
