import CPangoCairo

/// The characters Pango may break a line inside, which `PangoThreadContext.makeLayout` keeps whole.
///
/// A character here is a grapheme cluster as Swift counts it (UAX #29, the unit UIKit never breaks
/// inside). Pango 1.50's own rules allow a line or character break inside some: a skin-tone
/// modifier after anything but an emoji that takes one (🏽🏻, ⃣🏽), a prepended mark with what
/// follows it (𑂽🇦, ؀܏), regional indicators around a joiner, non-joiner or virama (🇦‍🇯🇵: a
/// break between 🇯 and 🇵, pairing them across the joiner), a Devanagari conjunct (स्ते, one
/// character since Unicode 15.1). When a line overflows near such a break, Pango aborts the
/// process (`process_line`: "assertion failed: (result == BREAK_SOME_FIT || result ==
/// BREAK_EMPTY_FIT)", Pango issue 832, fixed in 1.56.4). Rather than list the cases, this asks
/// Pango for its breaks (`pango_get_log_attrs`) and returns every character with one inside.
/// Each costs Pango O(paragraph length) to apply (docs/ARCHITECTURE.md, "Text input").
enum ClusterBreaks {
    /// UTF-8 byte ranges, in order, of the characters of `text` inside which Pango, given
    /// `pangoText` (the same characters as handed to Pango: `PangoThreadContext.pangoText`, which
    /// keeps every character's bytes and scalars), has a line or character break. Text in which
    /// every character is one scalar (ASCII, most Latin, Chinese) is not asked about.
    static func brokenInside(_ text: String, pangoText: String) -> [Range<Int>] {
        guard text.utf8.contains(where: { $0 >= 0x80 || $0 == 0x0D }), text.contains(where: { $0.unicodeScalars.count > 1 })
        else { return [] }
        let handed = Array(pangoText.unicodeScalars)
        let scalars = handed.count
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars + 1)
        pangoText.withCString { bytes in
            pango_get_log_attrs(
                bytes, Int32(pangoText.utf8.count), -1, PangoThreadContext.language(), &attributes, Int32(attributes.count))
        }
        var ranges: [Range<Int>] = []
        var scalar = 0
        var byte = 0
        for character in text {
            let count = character.unicodeScalars.count
            let length = character.utf8.count
            if count > 1, scalar + count <= scalars,
                (scalar + 1..<scalar + count).contains(where: {
                    attributes[$0].is_line_break != 0 || attributes[$0].is_char_break != 0
                })
            {
                ranges.append(byte..<(byte + length))
            }
            scalar += count
            byte += length
        }
        return ranges
    }
}
