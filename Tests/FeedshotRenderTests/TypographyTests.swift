import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

/// An app's typography (`AmityUIKitManager.set(typography:)`): a role set to another family is
/// drawn and measured in it, with the line height CoreText gives that font — (hhea ascender +
/// |descender| + line gap) ÷ unitsPerEm × size — read here independently from the font's own
/// tables by fontTools, and the kit's cell heights follow.
struct TypographyTests {
    /// `python3` with fontTools (Debian's python3-fonttools; scripts/install-deps --test installs it).
    static let fontTools: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import fontTools.ttLib"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// CoreText's line height of the bundled `file` at `size`, from its hhea table by fontTools.
    static func coreTextLineHeight(file: String, size: Double) throws -> Double {
        let path = packageRoot.appendingPathComponent("fonts/\(file)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys; from fontTools.ttLib import TTFont; t = TTFont(sys.argv[1]); h = t['hhea']; "
                + "print((h.ascent + abs(h.descent) + h.lineGap) / t['head'].unitsPerEm)",
            path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Double(text)) * size
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
        .enabled(if: fontTools, "skipped: fontTools is not installed (scripts/install-deps --test)"),
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
