import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

/// An app's typography (`AmityUIKitManager.set(typography:)`): a role set to another family is
/// drawn and measured in it, with the line height CoreText gives that font — (hhea ascender +
/// |descender| + line gap) ÷ unitsPerEm × size — read here independently from the font's own
/// tables by fontTools, and the kit's cell heights follow.
struct TypographyTests {
    /// CoreText's line height of the bundled `file` at `size`, from its hhea table by fontTools.
    static func coreTextLineHeight(file: String, size: Double) throws -> Double {
        let hhea = try FontTables.hhea(file)
        return (hhea.ascent + hhea.descent + hhea.lineGap) * size
    }

    static func chat(_ typography: String, text: String) -> Data {
        Data(
            #"""
            {"kind": "chat", "width": 375, "me": "u1", "now": "2026-11-29T12:00:00Z", "typography": \#(typography),
             "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}},
             "messages": [{"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "\#(text)"}]}
            """#.utf8)
    }

    @Test(
        .needsFontTools,
        arguments: [
            ("Noto Sans Armenian", "NotoSansArmenian-Regular.ttf", "Բարեւ ձեզ"), ("Noto Sans Lao", "NotoSansLao-Regular.ttf", "ສະບາຍດີ"),
            ("Noto Sans Myanmar", "NotoSansMyanmar-Regular.ttf", "မင်္ဂလာပါ"),
        ])
    func aRoleInAnotherFamilyIsMeasuredWithThatFontsLineHeight(family: String, file: String, text: String) throws {
        let layout = try Feedshot.layout(try Feedshot.decode(Self.chat(#"{"body": {"family": "\#(family)"}}"#, text: text)))
        let item = try #require(layout.items.first { $0.id == "m1" })
        let element = try #require(item.elements.first { $0.role == .text })
        guard case .text(let styled, _) = element.content else { throw DocumentError(path: "", message: "not a text") }
        #expect(styled.font.family == family && styled.font.size == 15)
        #expect(layout.fonts.contains { $0.role == .text && $0.family == family && $0.file == file && $0.standsInFor == nil })
        // One line, the label's height rounded up as UILabel does; the cell is 98 + it (the kit's).
        let line = try Self.coreTextLineHeight(file: file, size: 15)
        #expect(element.frame.height == line.rounded(.up), "\(line)")
        #expect(item.frame.height == 98 + line.rounded(.up))
    }

    /// A role set in part keeps the kit's other values; roles not set keep the kit's fonts.
    @Test func aRoleSetInPartKeepsTheKitsOtherValues() throws {
        let document = try Feedshot.decode(Self.chat(#"{"caption": {"size": 11}, "bodyBold": {"weight": "bold"}}"#, text: "Hi"))
        #expect(document.typography[.caption] == FontSpec(size: 11))
        #expect(document.typography[.bodyBold] == FontSpec(size: 15, weight: .bold))
        #expect(document.typography[.body] == AmityFont.body.spec)
        let layout = try Feedshot.layout(document)
        let time = try #require(layout.items.first { $0.id == "m1" }?.elements.first { $0.role == .time })
        guard case .text(let styled, _) = time.content else { throw DocumentError(path: "", message: "not a text") }
        #expect(styled.font == FontSpec(size: 11))
    }

    @Test func anUnknownFamilyOrRoleIsRefusedNamingThePath() throws {
        #expect(throws: RenderError.self) {
            try Feedshot.layout(try Feedshot.decode(Self.chat(#"{"body": {"family": "Lato"}}"#, text: "Hi")))
        }
        do {
            _ = try Feedshot.layout(try Feedshot.decode(Self.chat(#"{"body": {"family": "Noto Sans Armenain"}}"#, text: "Hi")))
            Issue.record("an unknown family was accepted")
        } catch {
            #expect(
                error.description.hasPrefix(
                    #"typography.body.family: font family "Noto Sans Armenain" is not installed; did you mean "Noto Sans Armenian"?"#))
            #expect(error.description.contains("installed: Feedshot Inter") && error.description.contains("--font-dir"))
            #expect(error.isInputError)
        }
        for (typography, expected) in [
            (#"{"bdy": {"size": 15}}"#, #"typography.bdy: unknown field; did you mean "body"?"#),
            (#"{"body": {"family": "A, B"}}"#, "typography.body.family: must be a font family's name"),
            (#"{"body": {"size": 0}}"#, "typography.body.size:"),
        ] {
            do {
                _ = try Feedshot.decode(Self.chat(typography, text: "Hi"))
                Issue.record("\(typography) was accepted")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    /// An app's typography set once (`RenderOptions.typography`: `--typography FILE`, a server's
    /// default) is under each document's own, field by field: a document's role set in part keeps
    /// the app's other values, roles it does not set are the app's, and a MessageKit document,
    /// which has no typography, is untouched.
    @Test func anAppsTypographyIsUnderTheDocumentsOwn() throws {
        let app = try Typography.decode(Data(#"{"body": {"family": "Noto Sans Armenian", "size": 17}, "caption": {"size": 11}}"#.utf8))
        #expect(app[.body] == FontSpec(size: 17, family: "Noto Sans Armenian") && app[.caption] == FontSpec(size: 11))
        #expect(app[.bodyBold] == AmityFont.bodyBold.spec)
        var options = RenderOptions()
        options.typography = app
        let plain = try Feedshot.decode(Self.chat("{}", text: "Բարեւ"), options: options)
        #expect(plain.typography == app)
        let document = try Feedshot.decode(
            Self.chat(#"{"body": {"size": 20}, "title": {"weight": "bold"}}"#, text: "Բարեւ"), options: options)
        #expect(document.typography[.body] == FontSpec(size: 20, family: "Noto Sans Armenian"))
        #expect(document.typography[.caption] == FontSpec(size: 11))
        #expect(document.typography[.title] == FontSpec(size: AmityFont.title.spec.size, weight: .bold))
        // Drawn: the message text in the app's family at the document's size, the time at the app's caption size.
        let layout = try Feedshot.layout(document)
        let item = try #require(layout.items.first { $0.id == "m1" })
        let text = try #require(item.elements.first { $0.role == .text }), time = try #require(item.elements.first { $0.role == .time })
        guard case .text(let body, _) = text.content, case .text(let caption, _) = time.content else {
            throw DocumentError(path: "", message: "not a text")
        }
        #expect(body.font == FontSpec(size: 20, family: "Noto Sans Armenian") && caption.font == FontSpec(size: 11))
        let unset = try Feedshot.layout(try Feedshot.decode(Self.chat("{}", text: "Բարեւ")))
        #expect(try #require(unset.items.first { $0.id == "m1" }).frame.height < item.frame.height)
        let messageKit = try Feedshot.decode(
            Data(
                #"{"kind": "chat", "style": "messagekit", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u1": {"displayName": "Me"}}, "messages": [{"id": "m1", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "Hi"}]}"#
                    .utf8), options: options)
        #expect(messageKit.typography == Typography())
    }

    /// A typography file is refused naming the path inside it; a family is checked against the
    /// loaded fonts before any render.
    @Test func aTypographyFileIsCheckedOnItsOwn() throws {
        for (json, expected) in [
            (#"{"bdy": {"size": 15}}"#, #"bdy: unknown field; did you mean "body"?"#),
            (#"{"body": {"size": "big"}}"#, "body.size: must be"),
            (#"{"body": 15"#, "malformed JSON"), (#"[]"#, "must be"),
        ] {
            #expect(throws: DocumentError.self, "\(json)") { try Typography.decode(Data(json.utf8)) }
            do {
                _ = try Typography.decode(Data(json.utf8))
            } catch {
                #expect(error.description.hasPrefix(expected), "\(json): \(error.description)")
            }
        }
        try Feedshot.checkFamilies(of: try Typography.decode(Data(#"{"body": {"family": "Noto Sans Lao"}}"#.utf8)))
        let unknown = try Typography.decode(Data(#"{"caption": {"family": "Noto Sans Lo"}}"#.utf8))
        do {
            try Feedshot.checkFamilies(of: unknown)
            Issue.record("an unknown family was accepted")
        } catch {
            #expect(
                error.description.hasPrefix(#"caption.family: font family "Noto Sans Lo" is not installed; did you mean "Noto Sans Lao"?"#))
        }
    }

    /// MessageKit names a family in each font it sets; `typography` is the Amity kit's.
    @Test func messageKitFontsNameTheirFamily() throws {
        let base =
            #"{"kind": "chat", "style": "messagekit", "me": "u1", "now": "2026-11-29T12:00:00Z", "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}}, "messageKit": {"labels": {"messageTop": {"height": 20, "text": "Ann", "font": {"size": 12, "family": "WenQuanYi Micro Hei"}}}}, "messages": [{"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "Hi"}]"#
        let layout = try Feedshot.layout(try Feedshot.decode(Data((base + "}").utf8)))
        let label = try #require(layout.items.first?.elements.first { $0.role == .messageTopLabel })
        guard case .text(let styled, _) = label.content else { throw DocumentError(path: "", message: "not a text") }
        #expect(styled.font.family == "WenQuanYi Micro Hei")
        do {
            _ = try Feedshot.decode(Data((base + #", "typography": {"body": {"size": 16}}}"#).utf8))
            Issue.record("typography was accepted in a MessageKit document")
        } catch {
            #expect(error.description.hasPrefix("typography: is the Amity kit's"), "\(error.description)")
        }
    }
}
