import CPangoCairo
import FeedshotLayout
import Foundation

/// Which font files draw a layout's texts, as Pango loads them (docs/ARCHITECTURE.md, "Fonts and
/// determinism"), and which of them stand in for the iPhone's own faces.
extension PangoThreadContext {
    /// One entry per (role, font) of the layout's drawn texts (those with lines), in role then size
    /// order: the family and file Pango loads for the font, `SF Pro` where that is the stand-in,
    /// and the faces of other families that drew some of those texts' characters. A text is laid
    /// out for its runs' faces where it may have any (`mayDrawWithOtherFaces`), at its frame's width,
    /// as the painter lays it out (with `usesCaches`, the painter then finds that layout kept).
    func fontUses(in layout: Layout, usesCaches: Bool) -> [FontUse] {
        var uses: [RoleFont: FontUse] = [:]
        for item in layout.items {
            for element in item.elements {
                guard let (text, _) = element.content.drawnText else { continue }
                let key = RoleFont(role: element.role, font: text.font)
                if uses[key] == nil {
                    guard let face = face(for: text.font) else { continue }
                    let standsInFor = face.family == FontLibrary.standInFamily ? "SF Pro" : nil
                    uses[key] = FontUse(role: element.role, font: text.font, family: face.family, file: face.file, standsInFor: standsInFor)
                }
                guard var use = uses[key], mayDrawWithOtherFaces(text, primary: use.family) else { continue }
                let laidOut = usesCaches ? cachedLayout(text, width: element.frame.width) : makeLayout(text, width: element.frame.width)
                for face in otherFaces(of: laidOut, besides: use.family) where !use.otherFaces.contains(face) {
                    use.otherFaces.append(face)
                }
                uses[key] = use
            }
        }
        return uses.values.map { use in
            var use = use
            use.otherFaces.sort()
            return use
        }.sorted {
            ($0.role.rawValue, $0.font.size, $0.font.weight.rawValue, $0.font.isItalic ? 1 : 0)
                < ($1.role.rawValue, $1.font.size, $1.font.weight.rawValue, $1.font.isItalic ? 1 : 0)
        }
    }

    /// Whether any of `text` may be drawn by a family other than `primary`, its font's: not where
    /// it is printable ASCII in no family of its spans' own, in SF Pro or its stand-in, which have
    /// every such character (the common case, which then needs no layout here).
    func mayDrawWithOtherFaces(_ text: StyledText, primary: String) -> Bool {
        guard primary == FontLibrary.standInFamily || FontLibrary.systemFamilies.contains(primary),
            text.spans.allSatisfy({ $0.family == nil })
        else { return true }
        return !text.string.utf8.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A }
    }

    /// The faces of families other than `primary` that draw runs of `layout`, each with the
    /// iPhone's face it stands in for (`standsInFor(family:script:)`), in first-drawn order.
    private func otherFaces(of layout: PangoLayoutRef, besides primary: String) -> [FontUse.Face] {
        withExtendedLifetime(layout) {
            var faces: [FontUse.Face] = []
            var named: [UnsafeMutablePointer<PangoFont>: (family: String, file: String)] = [:]
            var line = pango_layout_get_lines_readonly(layout.pointer)
            while let lineNode = line {
                var run = lineNode.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
                while let runNode = run {
                    run = runNode.pointee.next
                    guard let item = runNode.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item,
                        let font = item.pointee.analysis.font
                    else { continue }
                    if named[font] == nil {
                        guard let family = feedshot_fc_font_string(font, "family"), let file = feedshot_fc_font_string(font, "file")
                        else { continue }
                        named[font] = (String(cString: family), (String(cString: file) as NSString).lastPathComponent)
                    }
                    guard let (family, file) = named[font], family != primary else { continue }
                    let script = PangoScript(rawValue: Int32(item.pointee.analysis.script))
                    let face = FontUse.Face(family: family, file: file, standsInFor: standsInFor(family: family, script: script))
                    if !faces.contains(face) { faces.append(face) }
                }
                line = lineNode.pointee.next
            }
            return faces
        }
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
        case _ where PangoThreadContext.hanFamilies.contains(family):
            expected = script == PANGO_SCRIPT_HANGUL ? FontLibrary.appleHangulFamily : cascade.appleHanFamily
        default: return nil
        }
        return family == expected || installedFamilies.contains(expected) ? nil : expected
    }

    /// Every cascade's Chinese, Japanese and Korean faces, bundled and Apple's.
    private static let hanFamilies: Set<String> = Set(
        FontCascade.allCases.flatMap { [$0.appleHanFamily] + ($0.bundledHanFamily.map { [$0] } ?? []) }
            + [FontLibrary.appleHangulFamily, FontLibrary.fallbackHanFamily])

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
