import CPangoCairo
import FeedshotLayout
import Foundation

/// Which font file draws a text's own font, as Pango loads it (docs/ARCHITECTURE.md, "Fonts and determinism").
extension PangoThreadContext {
    /// One entry per (role, font) of the layout's drawn texts (those with lines), in role then size
    /// order: the family and file Pango loads for the font, and `SF Pro` where that is the stand-in.
    func fontUses(in layout: Layout) -> [FontUse] {
        var seen: Set<RoleFont> = []
        var uses: [FontUse] = []
        for item in layout.items {
            for element in item.elements {
                guard let (text, _) = element.content.drawnText else { continue }
                let key = RoleFont(role: element.role, font: text.font)
                guard seen.insert(key).inserted, let face = face(for: text.font) else { continue }
                let standsInFor = face.family == FontLibrary.standInFamily ? "SF Pro" : nil
                uses.append(FontUse(role: element.role, font: text.font, family: face.family, file: face.file, standsInFor: standsInFor))
            }
        }
        return uses.sorted {
            ($0.role.rawValue, $0.font.size, $0.font.weight.rawValue, $0.font.isItalic ? 1 : 0)
                < ($1.role.rawValue, $1.font.size, $1.font.weight.rawValue, $1.font.isItalic ? 1 : 0)
        }
    }

    /// The family and file (without its folder) of the first face Pango loads for `font`, asked
    /// of fontconfig the first time only (every render lists its fonts).
    func face(for font: FontSpec) -> (family: String, file: String)? {
        if let known = faces[font] { return known }
        guard let face = loadFace(for: font) else { return nil }
        faces[font] = face
        return face
    }

    private func loadFace(for font: FontSpec) -> (family: String, file: String)? {
        guard let loaded = pango_font_map_load_font(fontMap, context, description(for: font)) else { return nil }
        defer { g_object_unref(loaded) }
        guard let family = feedshot_fc_font_string(loaded, "family"), let file = feedshot_fc_font_string(loaded, "file") else {
            return nil
        }
        return (String(cString: family), (String(cString: file) as NSString).lastPathComponent)
    }

    private struct RoleFont: Hashable {
        var role: ElementRole
        var font: FontSpec
    }
}
