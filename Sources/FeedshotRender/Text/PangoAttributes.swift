import CPangoCairo
import FeedshotLayout

/// The Pango attributes of one text, gathered and then handed to a list in order of their start.
///
/// Pango 1.50 appends an attribute that starts at or after the list's last and otherwise looks
/// for its place from the list's start (`pango_attr_list_insert`): inserted out of order, each
/// costs the list's length. A long text's item cuts, then its control characters' boxes, then its
/// Hangul runs kept whole made that quadratic (50,000 of them: 1.9 s). Sorted first, every insert
/// is an append; a stable sort keeps the order given among attributes that start together, which
/// is where Pango puts a later one too, so the list is the one inserting them as given made.
///
/// Owns each attribute until `list()` hands it to the list; those never handed over are
/// destroyed with it.
final class PangoAttributes {
    private var attributes: [UnsafeMutablePointer<PangoAttribute>] = []

    deinit {
        for attribute in attributes { pango_attribute_destroy(attribute) }
    }

    /// Takes `attribute` (which Pango made; nil when it could not) over the UTF-8 bytes `range`.
    func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(clamping: range.lowerBound)
        attribute.pointee.end_index = UInt32(clamping: range.upperBound)
        attributes.append(attribute)
    }

    /// Takes `attribute` over the bytes of `span`.
    func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ span: StyledText.Span) {
        add(attribute, span.start..<span.end)
    }

    /// The attributes of each of `spans` — colour, weight, style, family, size, underline, inline
    /// box — in order; a span's family before `cascade`'s.
    func add(_ spans: [StyledText.Span], cascade: FontCascade) {
        for span in spans {
            if let color = span.color {
                add(pango_attr_foreground_new(UInt16(color.red) * 257, UInt16(color.green) * 257, UInt16(color.blue) * 257), span)
                if color.alpha != 255 { add(pango_attr_foreground_alpha_new(UInt16(color.alpha) * 257), span) }
            }
            if let weight = span.weight {
                add(pango_attr_weight_new(PangoThreadContext.weight(weight)), span)
            }
            if span.isItalic == true {
                add(pango_attr_style_new(PANGO_STYLE_ITALIC), span)
            }
            if let family = span.family {
                add(pango_attr_family_new(cascade.familyList(first: family)), span)
            }
            if let size = span.size {
                add(pango_attr_size_new_absolute(PangoThreadContext.units(size)), span)
            }
            if span.isUnderlined == true {
                add(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), span)
                if let color = span.underlineColor {
                    add(pango_attr_underline_color_new(UInt16(color.red) * 257, UInt16(color.green) * 257, UInt16(color.blue) * 257), span)
                }
            }
            if let box = span.attachment {
                // An inline box (NSTextAttachment): its logical rectangle, baseline-relative, y down.
                let unit = Double(feedshot_pango_scale)
                var rect = PangoRectangle(
                    x: 0, y: Int32(((box.descent - box.height) * unit).rounded()), width: Int32((box.width * unit).rounded()),
                    height: Int32((box.height * unit).rounded()))
                add(pango_attr_shape_new(&rect, &rect), span)
            }
        }
    }

    /// A new list (the caller owns one reference) holding every attribute added, by start, the
    /// order given kept among those that start together; this batch no longer owns them.
    func list() -> OpaquePointer {
        let list = pango_attr_list_new()!
        // Most texts' attributes come in order already (a sort is for long or unusual texts).
        let inOrder = zip(attributes, attributes.dropFirst()).allSatisfy { $0.pointee.start_index <= $1.pointee.start_index }
        let ordered =
            inOrder
            ? attributes
            : attributes.enumerated().sorted { ($0.element.pointee.start_index, $0.offset) < ($1.element.pointee.start_index, $1.offset) }
                .map(\.element)
        for attribute in ordered { pango_attr_list_insert(list, attribute) }
        attributes.removeAll()
        return list
    }
}
