import Foundation
import Testing

@testable import FeedshotLayout

/// Where the built-in Amity chat cells put each piece, from the kit's xibs
/// (docs/conformance/amity.md, "Chat"). Frames are relative to the cell's top; W = 375.
struct AmityChatCellTests {
    static let images = ImageCatalog(entries: ["beach.jpg": .loaded(width: 800, height: 600)])

    /// The one message of a chat, laid out with the fake measurer.
    func cell(_ message: String, users: String? = nil) throws -> LayoutItem {
        let extra = users.map { #""users": \#($0)"# } ?? ""
        var json = String(decoding: Fixture.chat(message), as: UTF8.self)
        if !extra.isEmpty {
            json = json.replacingOccurrences(of: #""users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}}"#, with: extra)
        }
        let layout = try Fixture.layout(Data(json.utf8), images: Self.images)
        return try #require(layout.items.first { $0.type != "dateHeader" })
    }

    func message(_ type: String, from: String, _ fields: String = "") -> String {
        #"{"id": "m1", "from": "\#(from)", "type": "\#(type)", "sentAt": "2026-11-29T11:58:00Z"\#(fields.isEmpty ? "" : ", " + fields)}"#
    }

    func frames(_ item: LayoutItem, _ role: ElementRole) -> [Rect] {
        item.elements.filter { $0.role == role }.map { $0.frame.offsetBy(dy: -item.frame.y) }
    }

    func texts(_ item: LayoutItem, _ role: ElementRole) -> [String] {
        item.elements.compactMap { element -> String? in
            guard element.role == role, case .text(let text, _) = element.content else { return nil }
            return text.string
        }
    }

    /// The glyphs of the cell but the avatar placeholder's person.
    func glyphs(_ item: LayoutItem) -> [Glyph] {
        item.elements.compactMap { element -> Glyph? in
            guard case .glyph(let glyph, _) = element.content, glyph != .person else { return nil }
            return glyph
        }
    }

    @Test func textIncomingPutsTheNameAt16AndTheBubbleAt42() throws {
        let item = try cell(message("text", from: "u2", #""text": "Hi""#))
        #expect(frames(item, .avatar) == [Rect(x: 16, y: 12, width: 40, height: 40)])
        #expect(frames(item, .name).map { [$0.x, $0.y] } == [[68, 16]])
        // "Hi": 15 wide, 19 tall (the fake measurer), padding 12.
        #expect(frames(item, .bubble) == [Rect(x: 68, y: 42, width: 39, height: 43)])
        #expect(frames(item, .text) == [Rect(x: 80, y: 54 - 1.2, width: 15, height: 19)])
        #expect(frames(item, .time).map { [$0.x, $0.y] } == [[68, 42 + 43 + 4]])
        #expect(item.frame.height == 98 + 19)
    }

    /// The kit's label opens a link under the touch before it expands (`AmityExpandableLabel.swift:246-263`):
    /// a collapsed chat text's link is its own tap (Feedshot's `linkDidTap`, as in posts), listed
    /// before `didExpandExpandableLabel`, over the link's characters — incoming, outgoing (a
    /// mirrored cell) and in a right-to-left chat (mirrored again), the text itself never flipped.
    /// (A re-audit found the whole collapsed label expanding, its links included.)
    @Test func aLinkInAChatTextIsItsOwnTapBeforeTheLabelExpands() throws {
        let long = "see a.io/x " + String(repeating: "word ", count: 60)
        for (from, extra) in [("u2", ""), ("u1", ""), ("u2", #""layoutDirection": "rtl""#), ("u1", #""layoutDirection": "rtl""#)] {
            let json = Fixture.chat(message("text", from: from, #""text": "\#(long)""#), extra: extra)
            let item = try #require(try Fixture.layout(json, images: Self.images).items.first { $0.type != "dateHeader" })
            let events = item.actions.map(\.event)
            let link = try #require(item.actions.first { $0.event == "linkDidTap" }, "\(from) \(extra)")
            #expect(link.arguments == ["url": "http://a.io/x", "origin": "feedshot"])
            #expect(try #require(events.firstIndex(of: "linkDidTap")) < (try #require(events.firstIndex(of: "didExpandExpandableLabel"))))
            // "see " before it (4 × 7.5), "a.io/x" 6 × 7.5, on the label's first of 8 lines (its
            // glyphs drawn 0.08 × 15 higher).
            let text = try #require(item.elements.first { $0.role == .text }?.frame)
            #expect(link.frame == Rect(x: text.x + 30, y: text.y + 0.08 * 15, width: 45, height: text.height / 8), "\(from) \(extra)")
        }
        // Not collapsed: the link is tappable all the same, and nothing expands.
        let short = try cell(message("text", from: "u2", #""text": "see a.io/x""#))
        #expect(short.actions.map(\.event).filter { $0 != "didTapMessage" && $0 != "didTapAvatar" }.contains("linkDidTap"))
        #expect(!short.actions.contains { $0.event == "didExpandExpandableLabel" })
    }

    @Test func textOutgoingHugsTheRightEdgeFromY8() throws {
        let item = try cell(message("text", from: "u1", #""text": "Hi""#))
        #expect(frames(item, .avatar).isEmpty && frames(item, .name).isEmpty)
        #expect(frames(item, .bubble) == [Rect(x: 375 - 16 - 39, y: 8, width: 39, height: 43)])
        let time = try #require(frames(item, .time).first)
        #expect(time.maxX == 375 - 16 && time.y == 8 + 43 + 4)
    }

    /// A text hugged by its bubble keeps the width it was measured at (`W − 112`), which the
    /// painter uses where Pango breaks the text otherwise at the bubble's width; the cell's other
    /// elements carry none (the time is a one-line label, which cannot break otherwise).
    @Test func aHuggedTextKeepsTheWidthItWasMeasuredAt() throws {
        let item = try cell(message("text", from: "u1", #""text": "Hi""#))
        let text = try #require(item.elements.first { $0.role == .text })
        #expect(text.frame.width < 375 - 112)
        #expect(text.textWrapWidth == AmityChatMetrics.textWidth(canvasWidth: 375, isIncoming: false))
        #expect(item.elements.contains { $0.role == .time })
        #expect(item.elements.filter { $0.role != .text }.allSatisfy { $0.textWrapWidth == nil })
    }

    @Test func imageIncomingHasA30PointNameBoxAndTheImageAt46() throws {
        let item = try cell(message("image", from: "u2", #""image": {"src": "beach.jpg"}"#))
        #expect(frames(item, .avatar) == [Rect(x: 16, y: 8, width: 40, height: 40)])
        // The 18-pt name centred in the box from 8 to 38.
        #expect(frames(item, .name).map { [$0.x, $0.y] } == [[68, 14]])
        #expect(frames(item, .image) == [Rect(x: 68, y: 46, width: 140, height: 140)])
        // The time row (194–214) is past the 202-pt row's end.
        #expect(frames(item, .time).isEmpty)
        #expect(item.actions.map(\.event) == ["imageViewer"])
        #expect(item.frame.height == 202)
    }

    @Test func imageOutgoingPutsTheTimeAt154() throws {
        let item = try cell(message("image", from: "u1", #""image": {"src": "beach.jpg"}"#))
        #expect(frames(item, .image) == [Rect(x: 375 - 156, y: 8, width: 140, height: 140)])
        // The image view itself is rounded 4 on every corner, aspect-filled (`.image`'s own rule).
        #expect(item.elements.first { $0.role == .image }?.content == .image(ref: "beach.jpg", cornerRadius: 4))
        // The container behind it: messageBubbleInverse, three corners rounded.
        guard case .box(let fill, _, let corners) = try #require(item.elements.first { $0.role == .bubble }).content else {
            Issue.record("no container")
            return
        }
        #expect(fill == Theme.amityLight.messageBubbleInverse)
        #expect(corners == CornerRadii(topLeft: 4, topRight: 0, bottomRight: 4, bottomLeft: 4))
        let time = try #require(frames(item, .time).first)
        #expect(time.maxX == 359 && time.y == 154)
        #expect(item.frame.height == 180)
    }

    @Test func anImageThatDidNotLoadShowsTheKitsPlaceholderAndFiresNothing() throws {
        let item = try cell(message("image", from: "u1", #""image": {"src": "missing.png"}"#))
        #expect(glyphs(item) == [.imagePlaceholder])
        #expect(frames(item, .image) == [Rect(x: 219 + 50, y: 8 + 54, width: 40, height: 32)])
        #expect(item.actions.isEmpty)
    }

    /// Feedshot's own file cell shows the icon the kit's post file rows would (`FileIcon`: its
    /// listed extensions case-sensitively, then the uniform type), not one page for every file.
    @Test(arguments: [("report.pdf", Glyph.filePdf), ("notes.txt", .fileTxt), ("clip.MOV", .fileMov), ("data", .fileDefault)])
    func aFileMessageShowsTheKitsIconForItsExtension(name: String, icon: Glyph) throws {
        let item = try cell(message("file", from: "u2", #""file": {"name": "\#(name)", "size": 2048}"#))
        #expect(glyphs(item) == [icon])
        let frame = try #require(
            item.elements.first {
                guard case .glyph(let glyph, _) = $0.content else { return false }
                return glyph == icon
            }
        ).frame
        #expect(frame.width == 32 && frame.height == 40)
    }

    @Test func audioIncomingIsA136By40BubbleAt34() throws {
        let item = try cell(message("audio", from: "u2", #""audio": {"duration": 7}"#))
        #expect(frames(item, .avatar) == [Rect(x: 16, y: 8, width: 40, height: 40)])
        #expect(frames(item, .name).map { [$0.x, $0.y] } == [[68, 8]])
        #expect(frames(item, .bubble) == [Rect(x: 68, y: 34, width: 136, height: 40)])
        let audio = frames(item, .audio)
        #expect(audio.first == Rect(x: 76, y: 42, width: 24, height: 24))
        // "0:00" (not the duration), right-aligned 8 from the bubble's right edge, centred on the icon.
        #expect(texts(item, .audio) == ["0:00"])
        #expect(audio.last?.maxX == 68 + 128 && audio.last?.y == 34 + 11)
        #expect(frames(item, .time).map { [$0.x, $0.y] } == [[68, 82]])
        #expect(item.frame.height == 112)
        // A button over the whole bubble plays it in the cell, no event: Feedshot's own tap, once sent.
        let play = try #require(item.actions.first { $0.event == "audioPlayDidTap" })
        #expect(play.frame.offsetBy(dy: -item.frame.y) == Rect(x: 68, y: 34, width: 136, height: 40))
        #expect(play.arguments == ["messageId": "m1", "origin": "feedshot"])
        let sending = try cell(message("audio", from: "u1", #""audio": {"duration": 7}, "state": "syncing""#))
        #expect(!sending.actions.contains { $0.event == "audioPlayDidTap" })
        let failed = try cell(message("audio", from: "u1", #""audio": {"duration": 7}, "state": "error""#))
        #expect(!failed.actions.contains { $0.event == "audioPlayDidTap" })
        // The name's label is 0.7 W − 52 wide (210.5 at 375) and 18 tall: a long name is cut there.
        let long = String(repeating: "Annabel ", count: 8)
        let named = try cell(
            message("audio", from: "u2", #""audio": {"duration": 7}"#),
            users: #"{"u1": {"displayName": "Me"}, "u2": {"displayName": "\#(long)"}}"#)
        let name = try #require(frames(named, .name).first)
        #expect(name.x == 68 && name.y == 8 && name.height == 18)
        #expect(name.width <= 0.7 * 375 - 52 && name.width > 0.7 * 375 - 52 - 8, "\(name)")
    }

    /// Right to left the audio stack mirrors, but the label's `.right` alignment is absolute
    /// (AmityMessageAudioTableViewCell.swift:32): the time ends at the label's right edge, 54 into
    /// the 136-point bubble, towards the icon on the right — not at the bubble's left end.
    @Test func rightToLeftTheAudioTimeStaysRightAlignedInItsLabel() throws {
        let json = Fixture.chat(message("audio", from: "u2", #""audio": {"duration": 7}"#), extra: #""layoutDirection": "rtl""#)
        let item = try #require(try Fixture.layout(json, images: Self.images).items.first { $0.type != "dateHeader" })
        let bubble = try #require(frames(item, .bubble).first)
        #expect(bubble == Rect(x: 375 - 68 - 136, y: 34, width: 136, height: 40))
        let icon = try #require(frames(item, .audio).first)
        #expect(icon.maxX == bubble.maxX - 8)
        let time = try #require(frames(item, .audio).last)
        #expect(texts(item, .audio) == ["0:00"] && time.maxX == bubble.x + 54)
    }

    @Test func audioOutgoingIsAt8WithTheTimeAt56() throws {
        let item = try cell(message("audio", from: "u1", #""audio": {"duration": 7}"#))
        #expect(frames(item, .bubble) == [Rect(x: 375 - 152, y: 8, width: 136, height: 40)])
        let time = try #require(frames(item, .time).first)
        #expect(time.maxX == 359 && time.y == 56)
        #expect(item.frame.height == 90)
    }

    @Test(arguments: [
        ("text", "u2", 46.0, 74.0), ("text", "u1", 18.0, 52.0), ("image", "u2", 48.0, 74.0), ("image", "u1", 8.0, 52.0),
        ("audio", "u2", 34.0, 74.0), ("audio", "u1", 8.0, 52.0),
    ])
    func aDeletedMessageIsItsRowWithoutABubble(type: String, from: String, rowY: Double, height: Double) throws {
        let item = try cell(message(type, from: from, #""isDeleted": true, "text": "gone""#))
        #expect(frames(item, .bubble).isEmpty && frames(item, .text).isEmpty && frames(item, .image).isEmpty)
        #expect(texts(item, .time) == ["Message deleted • 11:58 AM"])
        let icon = try #require(frames(item, .status).first)
        let time = try #require(frames(item, .time).first)
        // icon_delete_message.pdf is 15.5 × 15.5; the stack centres it in the 16-point row.
        #expect(icon.width == 15.5 && icon.height == 15.5 && icon.y == rowY + 0.25 && time.y == rowY)
        if from == "u2" {
            #expect(icon.x == 68 && time.x == 87.5)
        } else {
            #expect(time.maxX == 359 && icon.maxX == time.x - 4)
        }
        // Not a template image: its own #898E9E whatever the theme (Assets.xcassets, icon_delete_message).
        #expect(item.elements.contains { $0.content == .glyph(.messageDeleted, color: KitColors.deletedIcon) })
        #expect(KitColors.deletedIcon == Color(hex: "#898E9E"))
        let dark = try Fixture.layout(
            Fixture.chat(message(type, from: from, #""isDeleted": true, "text": "gone""#), extra: #""theme": "dark""#))
        #expect(dark.items.flatMap(\.elements).contains { $0.content == .glyph(.messageDeleted, color: KitColors.deletedIcon) })
        #expect(item.frame.height == height)
    }

    @Test func theDeletedTypeIsADeletedTextMessage() throws {
        let deleted = try cell(message("deleted", from: "u2"))
        let text = try cell(message("text", from: "u2", #""isDeleted": true"#))
        #expect(deleted.elements == text.elements && deleted.frame == text.frame)
    }

    @Test func theFailedButtonIs25PointsLeftOfTheBubbleOnOwnMessagesOnly() throws {
        let item = try cell(message("text", from: "u1", #""text": "Hi", "state": "error""#))
        let bubble = try #require(frames(item, .bubble).first)
        #expect(item.actions.map(\.event) == ["deleteErrorMessage"])
        let button = try #require(item.actions.first).frame.offsetBy(dy: -item.frame.y)
        #expect(button == Rect(x: bubble.x - 29, y: bubble.maxY - 25, width: 25, height: 25))
        #expect(frames(item, .status) == [Rect(x: button.x + 4.5, y: button.y + 4.5, width: 16, height: 16)])
        #expect(glyphs(item) == [.messageFailed])
        #expect(texts(item, .time) == ["11:58 AM"])
        // The bubble keeps the width its text has without a state: measured at W − 112 (the kit's
        // `height(for:)`), the button beside it taking none of it, however long the text.
        let long = (1...60).map { "word\($0)" }.joined(separator: " ")
        let failed = try #require(frames(try cell(message("text", from: "u1", #""text": "\#(long)", "state": "error""#)), .bubble).first)
        let sent = try #require(frames(try cell(message("text", from: "u1", #""text": "\#(long)""#)), .bubble).first)
        #expect(failed.width == sent.width && failed.height == sent.height)
        // Not on others' messages, and not once edited.
        #expect(try cell(message("text", from: "u2", #""text": "Hi", "state": "error""#)).actions.isEmpty)
        let edited = try cell(message("text", from: "u1", #""text": "Hi", "state": "error", "editedAt": "2026-11-29T11:59:00Z""#))
        #expect(edited.actions.isEmpty && texts(edited, .time) == ["Edited • 11:59 AM"])
    }

    /// `icon_message_failed` is not a template image and no code tints it: its own #898E9E
    /// whatever the theme (Assets.xcassets, icon_message_failed; AmityIconSet.swift:116).
    @Test(arguments: [#""theme": "dark""#, ##""theme": {"base": "#FF0000"}"##])
    func theFailedIconKeepsItsOwnColour(theme: String) throws {
        let json = Fixture.chat(message("text", from: "u1", #""text": "Hi", "state": "error""#), extra: theme)
        let item = try #require(try Fixture.layout(json).items.last)
        #expect(item.elements.contains { $0.content == .glyph(.messageFailed, color: KitColors.failedIcon) })
        // The asset's fill, 0.538462 0.556923 0.621538 (`icon_message_failed.pdf`).
        #expect(KitColors.failedIcon == Color(hex: "#898E9E"))
    }

    @Test(arguments: [("image", #""image": {"src": "beach.jpg"}"#, 375 - 185.0, 119.0), ("audio", #""audio": {}"#, 375 - 181.0, 23.0)])
    func theFailedButtonOfMediaMessages(type: String, fields: String, x: Double, y: Double) throws {
        let item = try cell(message(type, from: "u1", fields + #", "state": "error""#))
        let button = try #require(item.actions.first { $0.event == "deleteErrorMessage" })
        #expect(button.frame.offsetBy(dy: -item.frame.y) == Rect(x: x, y: y, width: 25, height: 25))
    }

    @Test func sendingIsShownOnOwnMessagesOnly() throws {
        #expect(texts(try cell(message("text", from: "u1", #""text": "Hi", "state": "syncing""#)), .time) == ["Sending..."])
        #expect(texts(try cell(message("text", from: "u2", #""text": "Hi", "state": "syncing""#)), .time) == ["11:58 AM"])
    }

    @Test func aSendingImageIsVeiledWithAWhiteSpinner() throws {
        let item = try cell(message("image", from: "u1", #""image": {"src": "beach.jpg"}, "state": "syncing""#))
        let status = item.elements.filter { $0.role == .status }
        #expect(
            status.map(\.frame).map { $0.offsetBy(dy: -item.frame.y) } == [
                Rect(x: 219, y: 8, width: 140, height: 140), Rect(x: 279, y: 68, width: 20, height: 20),
            ])
        #expect(status.first?.content == .box(fill: Color.black.withAlpha(0.5), corners: AmityChatMetrics.bubbleCorners.mirrored))
        #expect(status.last?.content == .glyph(.spinner, color: .white))
        #expect(texts(item, .time) == ["Sending..."])
        // The dim view takes the touch: no viewer opens while sending; once sent, it does.
        #expect(!item.actions.contains { $0.event == "imageViewer" })
        #expect(try cell(message("image", from: "u1", #""image": {"src": "beach.jpg"}"#)).actions.contains { $0.event == "imageViewer" })
        // Others' images are never veiled.
        #expect(frames(try cell(message("image", from: "u2", #""image": {"src": "beach.jpg"}, "state": "syncing""#)), .status).isEmpty)
    }

    /// A video being sent shows the spinner alone where its play button goes; once sent, the play button.
    @Test func aSendingVideoShowsTheSpinnerInsteadOfThePlayButton() throws {
        func glyphs(_ state: String) throws -> [Glyph] {
            try cell(message("video", from: "u1", #""image": {"src": "beach.jpg"}, "state": "\#(state)""#)).elements.compactMap {
                if case .glyph(let glyph, _) = $0.content { glyph } else { nil }
            }
        }
        #expect(try glyphs("syncing") == [.spinner])
        #expect(try glyphs("synced") == [.play])
    }

    @Test func audioLoadingShowsASpinnerInsteadOfTheLabel() throws {
        let item = try cell(message("audio", from: "u2", #""audio": {"playback": "loading"}"#))
        #expect(texts(item, .audio).isEmpty)
        #expect(frames(item, .status) == [Rect(x: 68 + 108, y: 34 + 10, width: 20, height: 20)])
        #expect(glyphs(item) == [.roundedPlay, .spinner])
        let sending = try cell(message("audio", from: "u1", #""audio": {}, "state": "syncing""#))
        #expect(glyphs(sending) == [.roundedPlay, .spinner] && texts(sending, .audio).isEmpty)
    }

    @Test func audioPlayingShowsThePauseIconAndTheTimePlayed() throws {
        let item = try cell(message("audio", from: "u2", #""audio": {"duration": 30, "playback": "playing", "elapsed": 7.6}"#))
        #expect(glyphs(item) == [.pause])
        #expect(texts(item, .audio) == ["0:07"])
        #expect(item.kitBehaviours.isEmpty)
        // At rest, "0:00" whatever the length: listed as the kit's behaviour where the recording
        // is a second or more (not while sending, when the spinner takes the label's place).
        let rest = try cell(message("audio", from: "u2", #""audio": {"duration": 30}"#))
        #expect(texts(rest, .audio) == ["0:00"] && rest.kitBehaviours == [.audioAtRest])
        for unknown in [#""audio": {}"#, #""audio": {"duration": 0.2}"#] {
            let item = try cell(message("audio", from: "u2", unknown))
            #expect(texts(item, .audio) == ["0:00"] && item.kitBehaviours.isEmpty, "\(unknown)")
        }
        let sending = try cell(message("audio", from: "u1", #""audio": {"duration": 30}, "state": "syncing""#))
        #expect(texts(sending, .audio).isEmpty && sending.kitBehaviours.isEmpty)
    }

    @Test func aFlaggedMessageHasARedOneLineBorder() throws {
        let item = try cell(message("text", from: "u2", #""text": "Hi", "flagged": true"#))
        let flag = try #require(item.elements.first { $0.role == .flag })
        #expect(flag.frame == item.elements.first { $0.role == .bubble }?.frame)
        #expect(flag.content == .box(fill: .clear, stroke: Color(hex: "#FF0000"), corners: AmityChatMetrics.bubbleCorners))
        let deleted = try cell(message("text", from: "u2", #""isDeleted": true, "flagged": true"#))
        #expect(!deleted.elements.contains { $0.role == .flag })
    }

    /// A user without a display name is "Anonymous" (`AmityMessageModel`); a sender the document's
    /// `users` does not describe is drawn with its id, and warned about once with a count.
    @Test func aUserWithoutADisplayNameIsAnonymousAndAMissingSenderIsWarned() throws {
        let item = try cell(message("text", from: "u2", #""text": "Hi""#), users: #"{"u2": {"avatar": "a.png"}}"#)
        #expect(texts(item, .name) == ["Anonymous"])
        let stranger = try cell(message("text", from: "u9", #""text": "Hi""#))
        #expect(texts(stranger, .name) == ["u9"])
        for style in ["amity", "messagekit"] {
            let twice = [Fixture.text("m1", from: "u9", "a"), Fixture.text("m2", from: "u9", "b")].joined(separator: ",")
            let layout = try Fixture.layout(Fixture.chat(twice, extra: #""style": "\#(style)""#))
            #expect(
                layout.warnings.contains(
                    #"messages[0].from: user "u9" is not in users (2 messages); drew the id as the name and the placeholder avatar"#),
                "\(style): \(layout.warnings)")
        }
    }

    /// A user typing whom `users` does not describe is named by the id, and warned about.
    @Test func aTypingUserNotInUsersIsWarned() throws {
        let layout = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", "a"), extra: #""typing": ["u2", "u9"]"#))
        #expect(layout.warnings == [#"typing[1]: user "u9" is not in users; drew the id as the name"#], "\(layout.warnings)")
        // Three typing are counted, not named: nothing drawn from the id, nothing to warn about.
        let counted = try Fixture.layout(Fixture.chat(Fixture.text("m1", from: "u2", "a"), extra: #""typing": ["u2", "u8", "u9"]"#))
        #expect(counted.warnings.isEmpty, "\(counted.warnings)")
    }

    @Test func theAvatarAndTheNameFireNothing() throws {
        #expect(try cell(message("text", from: "u2", #""text": "Hi""#)).actions.isEmpty)
    }

    @Test func theDatePillIsCentredInThe35PointHeaderAndNamesTheFirstMessagesEditDay() throws {
        let json = Fixture.chat(
            #"{"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-27T11:00:00Z", "editedAt": "2026-11-28T09:00:00Z", "text": "Hi"}"#
        )
        let header = try #require(try Fixture.layout(json).items.first)
        #expect(header.frame.height == 35)
        let pill = try #require(header.elements.first { $0.role == .dateHeader })
        #expect(pill.frame.y == 5 && pill.frame.height == 25)
        // `containerView.layer.cornerRadius = containerView.frame.height / 2` (AmityMessageDateView.swift:33-37).
        guard case .box(_, _, let corners) = pill.content else {
            Issue.record("the pill is \(pill.content)")
            return
        }
        #expect(corners == .all(12.5))
        guard case .text(let text, _) = try #require(header.elements.last).content else { Issue.record("no label"); return }
        #expect(text.string == "Yesterday")
    }

    @Test func linksAreColouredAndUnderlined() throws {
        let text = "See https://amity.co/docs."
        let incoming = try cell(message("text", from: "u2", #""text": "\#(text)""#))
        let styled = try #require(incoming.elements.first { $0.role == .text }?.content.styledText)
        #expect(styled.spans == [StyledText.Span(start: 4, end: 25, color: Theme.amityLight.highlight, isUnderlined: true)])
        let outgoing = try cell(message("text", from: "u1", #""text": "\#(text)""#))
        let own = try #require(outgoing.elements.first { $0.role == .text }?.content.styledText)
        #expect(own.spans.first?.color == .white)
    }

    func styled(_ item: LayoutItem, _ role: ElementRole) -> StyledText? {
        for element in item.elements where element.role == role {
            if case .text(let text, _) = element.content { return text }
        }
        return nil
    }

    /// The metadata label is one line (the xib's labels set no `numberOfLines`, so 1): an "Edited"
    /// too long for the row ends in "…" rather than wrapping.
    @Test func theMetadataIsOneLine() throws {
        let long = String(repeating: "Edited ", count: 30)
        var json = String(
            decoding: Fixture.chat(message("text", from: "u2", #""text": "Hi", "editedAt": "2026-11-29T11:59:00Z""#)), as: UTF8.self)
        json = json.replacingOccurrences(of: #""kind": "chat","#, with: #""kind": "chat", "strings": {"message_edit": "\#(long)%@"},"#)
        let layout = try Fixture.layout(Data(json.utf8), images: Self.images)
        let item = try #require(layout.items.first { $0.type != "dateHeader" })
        let time = try #require(item.elements.first { $0.role == .time })
        guard case .text(let text, let lines) = time.content else {
            Issue.record("the metadata is \(time.content)")
            return
        }
        #expect(text.string.hasPrefix("Edited Edited") && lines.count == 1 && lines[0].hasSuffix("…"), "\(text.string) \(lines)")
        #expect(time.frame.height == AmityChatMetrics.metadataHeight)
    }

    /// The chat is white (`AmityColorSet.backgroundColor`, :38-40): the kit has no dark chat
    /// (`AmityThemeManager.interfaceStyle` stays `.light`, :12-14).
    @Test func theChatIsWhite() throws {
        let layout = try Fixture.layout(Fixture.chat(message("text", from: "u2", #""text": "Hi""#)), images: Self.images)
        #expect(layout.background == Color(red: 0xFF, green: 0xFF, blue: 0xFF))
        #expect(Theme.amityLight.background == Color(red: 0xFF, green: 0xFF, blue: 0xFF))
    }

    /// `AmityMessageTableViewCell`: the name in body, base shade 1; the metadata in caption, base shade 2.
    @Test func theNameAndTheMetadataFonts() throws {
        let item = try cell(message("text", from: "u2", #""text": "Hi""#))
        let theme = Theme.amityLight
        #expect(styled(item, .name)?.font == AmityFont.body.spec && styled(item, .name)?.color == theme.baseShade1)
        #expect(styled(item, .time)?.font == AmityFont.caption.spec && styled(item, .time)?.color == theme.baseShade2)
        #expect(styled(item, .text)?.font == AmityFont.body.spec && styled(item, .text)?.color == theme.base)
    }

    /// `AmityMessageTextTableViewCell.display`: the read-more link in highlight on others'
    /// messages, in baseInverse on one's own, whatever the bubble's colour.
    @Test func readMoreColoursFollowTheSenderNotTheBubble() throws {
        let long = (1...60).map { "word\($0)" }.joined(separator: " ")
        let theme = ##""theme": {"messageBubble": "#123456", "baseInverse": "#FFEE00"}"##
        for (from, colour) in [("u2", Theme.amityLight.highlight), ("u1", Color(hex: "#FFEE00")!)] {
            let json = Fixture.chat(
                #"{"id": "m1", "from": "\#(from)", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "\#(long)"}"#, extra: theme)
            let item = try #require(try Fixture.layout(json).items.last)
            let text = try #require(styled(item, .text))
            #expect(text.string.hasSuffix(" ...Read more"))
            #expect(text.spans.last?.color == colour && text.spans.last?.weight == .semibold)
            // Collapsed after 8 lines (`Constant.maximumLines`): the label ceil(8 × 18.75) tall.
            #expect(frames(item, .text).map(\.height) == [150], "\(from)")
        }
    }
}
