import CPangoCairo
import FeedshotLayout
import Foundation

/// Which font files draw a layout's texts, as Pango loads them (docs/ARCHITECTURE.md, "Fonts and
/// determinism"), and which of them stand in for the iPhone's own faces.
extension PangoThreadContext {
    /// One entry per (role, font) of the layout's drawn texts (those with lines), in role, size,
    /// weight, style and family order: the family and file Pango loads for the font, `SF Pro`
    /// where that is the stand-in, and the faces of other families that drew some of those texts'
    /// characters, from Pango's itemization of each text that may have any
    /// (`mayDrawWithOtherFaces`: no layout is made, nothing is shaped), kept per text where
    /// `cached` (`otherFaces`). `deadline` is checked every 64 texts.
    func fontUses(in layout: Layout, cached: Bool, deadline: () throws(RenderError) -> Void) throws(RenderError) -> [FontUse] {
        var uses: [RoleFont: FontUse] = [:]
        var texts = 0
        for item in layout.items {
            for element in item.elements {
                guard let (text, _) = element.content.drawnText else { continue }
                texts += 1
                if texts % 64 == 0 { try deadline() }
                let key = RoleFont(role: element.role, font: text.font)
                if uses[key] == nil {
                    guard let face = face(for: text.font) else { continue }
                    let standsInFor = face.family == FontLibrary.standInFamily ? "SF Pro" : nil
                    uses[key] = FontUse(role: element.role, font: text.font, family: face.family, file: face.file, standsInFor: standsInFor)
                }
                guard var use = uses[key], mayDrawWithOtherFaces(text, primary: use.family) else { continue }
                for face in otherFaces(of: text, besides: use.family, cached: cached) where !use.otherFaces.contains(face) {
                    use.otherFaces.append(face)
                }
                uses[key] = use
            }
        }
        return uses.values.map { use in
            var use = use
            use.otherFaces.sort()
            return use
        }.sorted(by: PangoThreadContext.listedFirst)
    }

    /// The order of `fontUses`: by role, size, weight, style, then the font's family and the face
    /// (every field of the key, so the order never depends on a dictionary's).
    static func listedFirst(_ a: FontUse, _ b: FontUse) -> Bool {
        let first = (a.role.rawValue, a.font.size, a.font.weight.rawValue, a.font.isItalic ? 1 : 0)
        let second = (b.role.rawValue, b.font.size, b.font.weight.rawValue, b.font.isItalic ? 1 : 0)
        if first != second { return first < second }
        return (a.font.family ?? "", a.family, a.file) < (b.font.family ?? "", b.family, b.file)
    }

    /// Whether any of `text` may be drawn by a family other than `primary`, its font's: not where
    /// it is printable ASCII in no family of its spans' own, in SF Pro or its stand-in, which have
    /// every such character (the common case, which then needs no itemization).
    func mayDrawWithOtherFaces(_ text: StyledText, primary: String) -> Bool {
        guard primary == FontLibrary.standInFamily || FontLibrary.systemFamilies.contains(primary),
            text.spans.allSatisfy({ $0.family == nil })
        else { return true }
        return !text.string.utf8.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A }
    }

    /// The faces of families other than `primary` (the family of `text`'s font, so fixed by the
    /// text in this context) that draw items of `text`, each with the iPhone's face it stands in
    /// for (`standsInFor(family:script:)`), in first-drawn order.
    private func otherFaces(of text: StyledText, besides primary: String, cached: Bool) -> [FontUse.Face] {
        if cached, let known = otherFaces[ExactText(text)] { return known }
        let faces = itemizedFaces(of: text, besides: primary)
        if cached, text.string.utf8.count <= 8 * 1024 { otherFaces.insert(faces, for: ExactText(text)) }
        return faces
    }

    private func itemizedFaces(of text: StyledText, besides primary: String) -> [FontUse.Face] {
        var faces: [FontUse.Face] = []
        // Names by font, for this text's items only: the fonts are borrowed from its items.
        var named: [UnsafeMutablePointer<PangoFont>: (family: String, file: String)] = [:]
        forEachItem(of: text) { item in
            guard let font = item.analysis.font else { return }
            if named[font] == nil {
                guard let family = feedshot_fc_font_string(font, "family"), let file = feedshot_fc_font_string(font, "file") else { return }
                named[font] = (String(cString: family), (String(cString: file) as NSString).lastPathComponent)
            }
            guard let (family, file) = named[font], family != primary else { return }
            let script = PangoScript(rawValue: Int32(item.analysis.script))
            let face = FontUse.Face(family: family, file: file, standsInFor: standsInFor(family: family, script: script))
            if !faces.contains(face) { faces.append(face) }
        }
        return faces
    }

    /// The iPhone's face for a run of `script` that `family` draws, where `family` stands in for
    /// it: SF Pro for Feedshot Inter; Apple Color Emoji for Noto Color Emoji; for the Chinese,
    /// Japanese and Korean faces, Apple SD Gothic Neo for Hangul and the cascade's Apple face
    /// (`FontCascade.appleHanFamily`) for everything else (Chinese characters, kana, their
    /// punctuation). Nil where `family` is that face, where that face is installed (it lacks these
    /// characters, and which face an iPhone falls back to is not known here), and for the script
    /// faces (Noto Sans Arabic UI, Thai, …) and an app's own families, which stand in for nothing
    /// named here.
    func standsInFor(family: String, script: PangoScript) -> String? {
        let expected: String
        switch family {
        case FontLibrary.standInFamily: expected = "SF Pro"
        case FontLibrary.emojiFamily: expected = FontLibrary.appleEmojiFamily
        case _ where FontCascade.allHanFaces.contains(family):
            expected = script == PANGO_SCRIPT_HANGUL ? FontLibrary.appleHangulFamily : cascade.appleHanFamily
        default: return nil
        }
        let installed =
            expected == "SF Pro" ? !installedFamilies.isDisjoint(with: FontLibrary.systemFamilies) : installedFamilies.contains(expected)
        return family == expected || installed ? nil : expected
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
