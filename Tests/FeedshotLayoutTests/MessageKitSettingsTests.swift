import Foundation
import Testing

@testable import FeedshotLayout

/// The configuration a MessageKit app gives, as document settings, and their precedence:
/// message > kind and side > kind > side > global (docs/conformance/messagekit.md, "Settings").
struct MessageKitSettingsTests {
    /// The Example's cell labels are `UIColor.darkGray`, fixed: on a dark background (2.8:1) they are
    /// listed as the kit's behaviour; in light, on a light canvas the document gives, or in a colour
    /// the document gives them, they are not.
    @Test func theExamplesDarkGrayLabelsOnADarkBackgroundAreListed() throws {
        func listed(_ settings: String, theme: String) throws -> Bool {
            let layout = try MK.layout(MK.document([MK.message("i")], settings: settings, theme: theme))
            return layout.kitBehaviours.contains { $0.behaviour == .messageKitDarkGrayLabel && $0.itemId == "i" }
        }
        let grey = #"{"labels": {"cellTop": {"height": 18, "text": "Today"}}}"#
        let bottom = #"{"labels": {"cellBottom": {"height": 12, "text": "Read"}}}"#
        let coloured = ##"{"labels": {"cellTop": {"height": 18, "text": "Today", "color": "#AEAEB2"}}}"##
        let messageTop = #"{"labels": {"messageTop": {"height": 18, "text": "Ann"}}}"#
        #expect(try listed(grey, theme: "dark") && listed(bottom, theme: "dark"))
        #expect(try !listed(grey, theme: "light") && !listed(coloured, theme: "dark") && !listed(messageTop, theme: "dark"))
        // The canvas's colour decides, the document's `backgroundColor` when it gives one.
        let onLight = ##"{"backgroundColor": "#F2F2F7", "labels": {"cellTop": {"height": 18, "text": "Today"}}}"##
        let onBlack = ##"{"backgroundColor": "#000000", "labels": {"cellTop": {"height": 18, "text": "Today"}}}"##
        #expect(try !listed(onLight, theme: "dark") && listed(onBlack, theme: "light"))
    }

    /// MessageKit's defaults (`MessageSizeCalculator.swift:268-278`): the cell top label centred with
    /// no insets; the message top, message bottom and cell bottom labels `.left` inset 42 on the
    /// left for others' messages, `.right` inset 42 on the right for one's own.
    @Test func labelsDefaultToACentredCellTopAndTheOthers42InFromTheAvatarsSide() throws {
        let labels = #"""
            {"labels": {"cellTop": {"height": 18, "text": "CT"}, "messageTop": {"height": 20, "text": "MT"},
                        "messageBottom": {"height": 16, "text": "MB"}, "cellBottom": {"height": 12, "text": "CB"}}}
            """#
        let layout = try MK.layout(MK.document([MK.message("i"), MK.message("o", from: "u1")], settings: labels))
        let (incoming, outgoing) = (layout.items[0], layout.items[1])
        let top = try #require(MK.element(incoming, .cellTopLabel))
        #expect(MK.styled(top)?.alignment == .center && top.frame.x == 8 && top.frame.width == 359)
        for role in [ElementRole.messageTopLabel, .messageBottomLabel, .cellBottomLabel] {
            let i = try #require(MK.element(incoming, role)), o = try #require(MK.element(outgoing, role))
            #expect(MK.styled(i)?.alignment == .visualLeft && i.frame.x == 8 + 42 && i.frame.width == 359 - 42, "\(role)")
            #expect(MK.styled(o)?.alignment == .visualRight && o.frame.x == 8 && o.frame.width == 359 - 42, "\(role)")
        }
    }

    /// "Hello there" at 17: 94 × 22, so a 126 × 36 container.
    @Test func avatarSizesFollowThePrecedence() throws {
        let settings = #"""
            {"avatar": {"size": 20}, "incoming": {"avatar": {"size": 24}},
             "kinds": {"text": {"avatar": {"size": {"width": 26, "height": 28}}, "incoming": {"avatar": {"size": 32}}}, "emoji": {"avatar": {"size": 22}}}}
            """#
        let json = MK.document(
            [
                MK.message("global", from: "u1", "photo", #""image": {"src": "", "width": 10, "height": 10}"#),
                MK.message("side", "photo", #""image": {"src": "", "width": 10, "height": 10}"#),
                MK.message("kind", from: "u1", "text"), MK.message("kindSide", "text"),
                MK.message("message", "text", #""text": "Hi", "messageKit": {"avatar": {"size": 40}}"#),
                MK.message("emoji", "emoji", #""text": "🎉""#),
            ], settings: settings)
        let layout = try MK.layout(json)
        func avatar(_ id: String) -> Size? {
            layout.items.first { $0.id == id }.flatMap { MK.element($0, .avatar) }.map {
                Size(width: $0.frame.width, height: $0.frame.height)
            }
        }
        #expect(avatar("global") == Size(width: 20, height: 20))
        #expect(avatar("side") == Size(width: 24, height: 24))
        #expect(avatar("kind") == Size(width: 26, height: 28))
        #expect(avatar("kindSide") == Size(width: 32, height: 32))
        #expect(avatar("message") == Size(width: 40, height: 40))
        #expect(avatar("emoji") == Size(width: 22, height: 22))
    }

    @Test func aHiddenAvatarKeepsItsSpaceAndItsTap() throws {
        let json = MK.document([MK.message("t", "text", #""text": "Hello there", "messageKit": {"avatar": {"hidden": true}}"#)])
        let cell = try MK.item(json, "t")
        #expect(MK.element(cell, .avatar) == nil)
        #expect(MK.container(cell)?.x == 8.0 + 30 + 4)
        // `handleTapGesture` tests `avatarView.frame`, hidden or not.
        let tap = try #require(cell.actions.first { $0.event == "didTapAvatar" })
        #expect(tap.frame == Rect(x: 8, y: cell.frame.maxY - 30, width: 30, height: 30))
        #expect(tap.arguments == ["messageId": "t", "userId": "u2"])
    }

    /// By default (`AvatarPosition(vertical: .cellBottom)`, horizontal `.natural`): the current
    /// sender's avatar on the trailing side, others' on the leading side, both at the cell's bottom.
    @Test func theDefaultPositionIsNaturalAtTheCellsBottom() throws {
        let json = MK.document([MK.message("t"), MK.message("o", from: "u1")])
        let incoming = try MK.item(json, "t"), outgoing = try MK.item(json, "o")
        let avatar = try #require(MK.element(incoming, .avatar)?.frame), own = try #require(MK.element(outgoing, .avatar)?.frame)
        #expect(avatar.x == 8 && own.maxX == 8 + 359)
        #expect(avatar.maxY == incoming.frame.maxY && own.maxY == outgoing.frame.maxY)
    }

    @Test func horizontalPositionsPutAnIncomingAvatarOnTheTrailingSide() throws {
        let json = MK.document([MK.message("t")], settings: #"{"incoming": {"avatar": {"position": {"horizontal": "cellTrailing"}}}}"#)
        let cell = try MK.item(json, "t")
        #expect(MK.element(cell, .avatar)?.frame.x == 8.0 + 359 - 30)
        #expect(MK.container(cell)?.x == 8.0 + 359 - 30 - 126 - 30)  // incoming padding's right (30)
    }

    @Test func theAvatarPaddingMovesAvatarAndContainerAndNarrowsTheText() throws {
        let measurer = FakeMeasurer()
        let json = MK.document([MK.message("t")], settings: #"{"avatarLeadingTrailingPadding": 6}"#)
        let cell = try MK.item(json, "t", measurer: measurer)
        #expect(MK.element(cell, .avatar)?.frame.x == 14)
        #expect(MK.container(cell)?.x == 8.0 + 30 + 4 + 6)
        #expect(measurer.widths(for: "Hello there") == [257])  // 359 − 30 − 34 − 6 − 32
    }

    @Test func accessoryViewsNarrowTheTextAndAreDrawnAndTappable() throws {
        let measurer = FakeMeasurer()
        let settings =
            ##"{"incoming": {"accessoryView": {"size": 30, "padding": {"left": 8}, "position": "messageBottom", "color": "#45C15950", "cornerRadius": 15}}}"##
        let json = MK.document([MK.message("t")], settings: settings)
        let cell = try MK.item(json, "t", measurer: measurer)
        #expect(measurer.widths(for: "Hello there") == [225])  // 359 − 30 − 34 − 30 − 8 − 32
        let accessory = try #require(MK.element(cell, .accessoryView))
        #expect(accessory.frame == Rect(x: 8 + 34 + 126 + 8, y: 4 + 36 - 30, width: 30, height: 30))
        #expect(accessory.content == .box(fill: Color(hex: "#45C15950")!, corners: .all(15)))
        #expect(cell.actions.contains { $0.event == "didTapAccessoryView" && $0.frame == accessory.frame })
    }

    /// `MessageSizeCalculator`'s defaults: an accessory view of size zero and padding zero, so
    /// nothing narrows the text; given a size alone, it sits at `.messageCenter`, right against the
    /// container.
    @Test func theAccessoryViewDefaultsToZeroSizeAtTheMessageCentre() throws {
        let measurer = FakeMeasurer()
        let colourOnly = MK.document([MK.message("t")], settings: ##"{"incoming": {"accessoryView": {"color": "#45C159"}}}"##)
        let plain = try MK.item(colourOnly, "t", measurer: measurer)
        #expect(measurer.widths(for: "Hello there") == [263])  // 359 − 30 − 34 − 32: no room taken
        #expect(MK.element(plain, .accessoryView) == nil)
        let sized = MK.document([MK.message("t")], settings: ##"{"incoming": {"accessoryView": {"size": 30, "color": "#45C159"}}}"##)
        let narrowed = FakeMeasurer()
        let cell = try MK.item(sized, "t", measurer: narrowed)
        #expect(narrowed.widths(for: "Hello there") == [233])  // 263 − 30, no padding
        let container = try #require(MK.container(cell))
        let accessory = try #require(MK.element(cell, .accessoryView))
        #expect(accessory.frame == Rect(x: container.maxX, y: container.midY - 15, width: 30, height: 30))
    }

    @Test func messagePaddingMayBeNegativeAsInTheAdvancedExample() throws {
        let json = MK.document(
            [MK.message("t")], settings: #"{"incoming": {"messagePadding": {"top": -17.5, "left": -18, "bottom": 17.5, "right": 18}}}"#)
        let cell = try MK.item(json, "t")
        #expect(MK.container(cell)?.x == 8.0 + 30 - 18)
        #expect(cell.frame.height == 36)  // max(30, 36 + 0)
    }

    @Test func labelsTakeTextsHeightsAndAlignmentsPerMessage() throws {
        let own = #"""
            "text": "Hi", "messageKit": {"labels": {"cellTop": {"text": "Delivered", "height": 20, "alignment": "left", "textInsets": {"left": 10}},
             "messageBottom": {"runs": [{"text": "Seen", "bold": true}], "height": 16}, "cellBottom": {"text": "Read", "height": 17, "alignment": "center"}}}
            """#
        let cell = try MK.item(MK.document([MK.message("t", "text", own)]), "t")
        #expect(cell.frame.height == 20 + 36 + 16 + 17)
        let top = try #require(MK.element(cell, .cellTopLabel))
        #expect(MK.styled(top)?.string == "Delivered" && MK.styled(top)?.alignment == .visualLeft)
        #expect(top.frame == Rect(x: 8 + 10, y: 4 + 3.5, width: 349, height: 13))  // 10-pt bold: 12.5 → 13 tall, centred in 20
        #expect(MK.styled(MK.element(cell, .messageBottomLabel))?.spans.first?.weight == .bold)
        let bottom = try #require(MK.element(cell, .cellBottomLabel))
        #expect(MK.styled(bottom)?.alignment == .center)
        #expect(bottom.frame.y == 78)  // 4 + 20 + 36 + 16, centred in 17: + (17 − 13) / 2
        #expect(cell.actions.contains { $0.event == "didTapCellBottomLabel" })
    }

    /// UILabel draws the lines that fit its height whole: counted with the lines' own height, not
    /// the text's rounded up. Three 11-point lines are 13.75 each here (41.25 in all, 42 rounded):
    /// two fit in 27.5 points (27.5 / 14 would give one).
    @Test func aLabelKeepsTheLinesThatFitItsHeight() throws {
        let label = #"{"text": "one two three four", "font": {"size": 11}, "height": 27.5, "textInsets": {"left": 0}}"#
        let width = 8 * 5.5 + 8 + 8  // the cell's 8-point margins, 8 characters of 5.5 a line
        let json = MK.document(
            [MK.message("t", "text", #""text": "Hi", "messageKit": {"labels": {"cellTop": \#(label)}}"#)], width: width)
        let top = try #require(MK.element(try MK.item(json, "t"), .cellTopLabel))
        #expect(top.content.drawnText?.lines.count == 2, "\(String(describing: top.content.drawnText?.lines))")
        #expect(top.content.drawnText?.lines.last?.hasSuffix("…") == true)
    }

    @Test func labelHeightsApplyByTheirRulesAndAMessagesOwnHeightWins() throws {
        let settings = #"{"labels": {"messageTop": {"height": 20, "show": "always"}, "cellBottom": {"height": 10, "text": "Read"}}}"#
        let json = MK.document(
            [
                MK.message("a"), MK.message("b"),
                MK.message("c", "text", #""text": "x", "messageKit": {"labels": {"cellBottom": {"height": 0}}}"#),
            ],
            settings: settings)
        let layout = try MK.layout(json)
        #expect(MK.texts(layout.items[1], .messageTopLabel) == ["Ann Lee"])  // "always", though the sender is the same
        #expect(MK.texts(layout.items[1], .cellBottomLabel) == ["Read"])
        #expect(layout.items[2].frame.height == 20 + 36)
    }

    /// MessageKit's defaults: every label 0 tall with no text (`MessagesLayoutDelegate.swift:305-323`,
    /// `MessagesDataSource.swift:207-221`): a document that states no label draws none.
    @Test func byDefaultNoMessageHasALabel() throws {
        let layout = try MK.layout(MK.document([MK.message("a"), MK.message("b", "text", #""text": "y""#)]))
        let labels: [ElementRole] = [.cellTopLabel, .messageTopLabel, .messageBottomLabel, .cellBottomLabel]
        for item in layout.items {
            #expect(!item.elements.contains { labels.contains($0.role) }, "\(item.id): \(item.elements.map(\.role))")
        }
    }

    @Test func headersFootersSectionInsetsAndTheTypingIndicatorSize() throws {
        let settings =
            #"{"sectionInset": {"top": 1, "left": 10, "bottom": 2, "right": 6}, "header": {"height": 5}, "footer": {"height": 7}, "typingIndicator": {"width": 200, "height": 50}}"#
        let json = MK.document(
            [MK.message("a"), MK.message("b", "text", #""text": "Hi", "messageKit": {"header": {"height": 30}}"#)], settings: settings,
            extra: #", "typing": ["u2"]"#)
        let layout = try MK.layout(json)
        #expect(layout.items[0].frame == Rect(x: 10, y: 5 + 1, width: 359, height: 36))
        #expect(layout.items[1].frame.y == 6 + 36 + 2 + 7 + 30 + 1)
        let typing = try #require(layout.items.last)
        // No header or footer; a narrower cell sits in the middle of its line.
        #expect(typing.frame == Rect(x: 10 + (359 - 200) / 2, y: layout.items[1].frame.maxY + 2 + 7 + 1, width: 200, height: 50))
        #expect(layout.height == typing.frame.maxY + 2)
    }

    @Test func theCanvasFollowsTheAppearanceOrTheDocumentsColour() throws {
        #expect(try MK.layout(MK.document([MK.message("a")], theme: "dark")).background == .black)
        #expect(try MK.layout(MK.document([MK.message("a")])).background == .white)
        #expect(
            try MK.layout(MK.document([MK.message("a")], settings: ##"{"backgroundColor": "#F2F2F7"}"##)).background
                == Color(hex: "#F2F2F7"))
    }

    @Test func earlierKeysKeepTheirMeaning() throws {
        let settings = ##"""
            {"avatarSize": 36, "avatarPosition": "messageTop", "bubbleStyle": "bubbleTailPointed", "incomingColor": "#112233",
             "incomingMessagePadding": {"left": 10}, "incomingTextInsets": {"top": 10, "left": 10, "bottom": 10, "right": 10},
             "messageBottomLabelHeight": 16, "kinds": {"contact": {"labelInsets": {"top": 1, "left": 2, "bottom": 3, "right": 4}}}}
            """##
        let json = MK.document([MK.message("t"), MK.message("c", "contact", #""contact": {"displayName": "Bo"}"#)], settings: settings)
        let layout = try MK.layout(json)
        let text = layout.items[0]
        #expect(MK.element(text, .avatar)?.frame.size == Size(width: 36, height: 36))
        #expect(MK.element(text, .avatar)?.frame.y == MK.container(text)?.y)
        #expect(MK.container(text) == Rect(x: 8 + 36 + 10, y: 4, width: 94 + 20, height: 22 + 20))
        #expect(
            MK.element(text, .bubble)?.content
                == .bubble(BubbleShape(tail: .init(corner: .bottomLeft, style: .pointedEdge)), fill: Color(hex: "#112233")!, stroke: nil))
        #expect(MK.texts(text, .messageBottomLabel) == ["11:00 AM"])
        // The contact's name: 2 × 8.5 wide, 22 tall, in insets 1/2/3/4.
        #expect(MK.container(layout.items[1])?.size == Size(width: 17 + 6, height: 22 + 4))
    }

    @Test(arguments: [
        (#"{"avatarSize": 30, "avatar": {"size": 20}}"#, #"messageKit.avatarSize: says the same as "avatar.size"; give one"#),
        (
            ##"{"incomingColor": "#FFFFFF", "incoming": {"bubble": {"color": "#000000"}}}"##,
            #"messageKit.incomingColor: says the same as "incoming.bubble.color"; give one"#
        ),
        (#"{"incoming": {"avatr": {}}}"#, #"messageKit.incoming.avatr: unknown field; did you mean "avatar"?"#),
        (
            #"{"kinds": {"text": {"outgoing": {"bubble": {"styl": "none"}}}}}"#,
            #"messageKit.kinds.text.outgoing.bubble.styl: unknown field; did you mean "style"?"#
        ),
        (
            #"{"bubble": {"style": "round"}}"#,
            #"messageKit.bubble.style: unknown value "round" (use none, bubble, bubbleOutline, bubbleTail, bubbleTailOutline, customImageTail, custom)"#
        ),
        (
            #"{"bubble": {"tailCorner": "middle"}}"#,
            #"messageKit.bubble.tailCorner: unknown value "middle" (use topLeft, bottomLeft, topRight, bottomRight)"#
        ),
        (#"{"avatar": {"size": -1}}"#, "messageKit.avatar.size: must be a number from 0 to 10000 (got -1)"),
        (#"{"messagePadding": {"top": 2000}}"#, "messageKit.messagePadding.top: must be a number from -1000 to 1000 (got 2000)"),
        (
            #"{"labels": {"cellTop": {"text": "a", "runs": []}}}"#,
            #"messageKit.labels.cellTop.runs: cannot be given with "text" (give one)"#
        ),
        (
            #"{"labels": {"cellMiddle": {}}}"#,
            "messageKit.labels.cellMiddle: unknown field (known: cellTop, messageTop, messageBottom, cellBottom)"
        ),
        (
            #"{"labels": {"cellTop": {"alignment": "justified"}}}"#,
            #"messageKit.labels.cellTop.alignment: unknown value "justified" (use natural, left, center, right)"#
        ),
        (
            #"{"detectors": {"enabled": ["email"]}}"#,
            #"messageKit.detectors.enabled: unknown detector "email" (use url, phoneNumber, date, address, transitInformation, mention, hashtag)"#
        ),
        (
            ##"{"detectors": {"styles": {"url": {"colour": "#000000"}}}}"##,
            #"messageKit.detectors.styles.url.colour: unknown field; did you mean "color"?"#
        ),
        (#"{"typingIndicator": {"size": 3}}"#, "messageKit.typingIndicator.size: unknown field (known: width, height)"),
        (
            #"{"avatar": {"initials": "AB", "initialsFromName": true}}"#,
            #"messageKit.avatar.initialsFromName: cannot be true with "initials" (give one)"#
        ),
    ])
    func badSettingsAreRefusedNamingThePath(settings: String, expected: String) {
        #expect(MK.error(MK.document([MK.message("t")], settings: settings)) == expected)
    }

    /// `accessoryViewSize(for:)`, `accessoryViewPadding(for:)` and `accessoryViewPosition(for:)`
    /// read the calculator's incoming and outgoing properties (`MessageSizeCalculator.swift:300-316`):
    /// none of the three is per message.
    @Test(arguments: [#""size": 30"#, #""padding": {"left": 4}"#, #""position": "cellTop""#])
    func aMessageCannotSizeItsAccessoryView(field: String) {
        let json = MK.document([MK.message("t", "text", #""text": "x", "messageKit": {"accessoryView": {\#(field)}}"#)])
        let name = field.split(separator: "\"")[0]
        #expect(
            MK.error(json)
                == "messages[0].messageKit.accessoryView.\(name): is set per side or kind, not per message (MessageKit's accessoryViewSize, accessoryViewPadding and accessoryViewPosition are not open)"
        )
        let unknown = MK.document([MK.message("t", "text", #""text": "x", "messageKit": {"header": {"hight": 3}}"#)])
        #expect(MK.error(unknown) == #"messages[0].messageKit.header.hight: unknown field; did you mean "height"?"#)
    }
}
