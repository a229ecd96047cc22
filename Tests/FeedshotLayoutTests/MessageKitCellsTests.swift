import Foundation
import Testing

@testable import FeedshotLayout

/// The insides of MessageKit's cells, its colours per appearance and the typing bubble
/// (docs/conformance/messagekit.md, "Cells", "Colours", "Typing indicator").
struct MessageKitCellsTests {
    @Test func audioPlayButtonDurationAndProgressSitWhereAudioMessageCellPutsThem() throws {
        let json = MK.document([
            MK.message("in", "audio", #""audio": {"duration": 14.2}"#),
            MK.message("out", from: "u1", "audio", #""audio": {"duration": 65}"#),
        ])
        let layout = try MK.layout(json)
        for (item, play, right, tint) in [
            (layout.items[0], 12.0, 8.0, Color(hex: "#007AFF")!), (layout.items[1], 5, 15, Color.white),
        ] {
            let container = try #require(MK.container(item))
            #expect(container.size == Size(width: 160, height: 35))
            let audio = item.elements.filter { $0.role == .audio }
            #expect(audio[0].frame == Rect(x: container.x + play, y: container.midY - 12.5, width: 25, height: 25))
            #expect(audio[0].content == .glyph(.playCircle, color: tint))
            #expect(audio[1].frame.maxX == container.maxX - right)
            #expect(MK.styled(audio[1])?.font == FontSpec(size: 14))
            #expect(MK.styled(audio[1])?.color == tint)
            #expect(audio[2].frame.minX == audio[0].frame.maxX + 5 && audio[2].frame.maxX == audio[1].frame.minX - 5)
            // The track of UIKit's default progress view, as Feedshot approximates it: 4 points, rounded, centred.
            #expect(audio[2].frame.height == 4 && audio[2].frame.midY == container.midY)
            #expect(audio[2].content == .box(fill: MessageKitPalette.light.progressTrack, corners: .all(2)))
        }
        #expect(MK.texts(layout.items[0], .audio) == ["0:15"])  // under a minute: seconds rounded up
        #expect(MK.texts(layout.items[1], .audio) == ["01:05"])
        // In dark appearance the incoming tint is the colour set's dark systemBlue; the outgoing stays white.
        let dark = try MK.layout(
            MK.document(
                [
                    MK.message("in", "audio", #""audio": {"duration": 14.2}"#),
                    MK.message("out", from: "u1", "audio", #""audio": {"duration": 65}"#),
                ], theme: "dark"))
        for (item, tint) in [(dark.items[0], Color(hex: "#0A84FF")!), (dark.items[1], Color.white)] {
            let audio = item.elements.filter { $0.role == .audio }
            try #require(audio.count >= 2)
            #expect(audio[0].content == .glyph(.playCircle, color: tint) && MK.styled(audio[1])?.color == tint)
        }
    }

    /// The dark palette is the light one with the dark appearance's colours: these nine are the
    /// same in both (fixed colours, and assets whose two appearances agree). A colour added to the
    /// palette must be placed in one list or the other here.
    @Test func theDarkPaletteSharesOnlyTheAppearanceFreeColours() {
        let light = Mirror(reflecting: MessageKitPalette.light).children, dark = Mirror(reflecting: MessageKitPalette.dark).children
        let shared = Set(zip(light, dark).filter { "\($0.value)" == "\($1.value)" }.compactMap(\.0.label))
        #expect(
            shared == [
                "outgoingText", "darkGray", "darkText", "avatarBackground", "avatarInitials", "outgoingAudioTint", "playDisc",
                "playTriangle", "outline",
            ])
        #expect(light.count == 22)
    }

    @Test func audioDurationsFormatAsMessageKitsDefault() {
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(0) == "0:00")
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(59.5) == "0:60")
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(125.9) == "02:05")
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(3725) == "01:02:05")
        // In `Float`, as the kit's `AudioItem.duration`: these round to another `Float` than `Double`.
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(7.0000001) == "0:07")
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(59.99999999) == "01:00")
        #expect(MessageKitLayoutEngine<FakeMeasurer>.audioDuration(16_777_217) == "4660:20:16")
    }

    @Test func contactsHaveA26PointInitialsCircleAndTheNameBesideIt() throws {
        let json = MK.document([
            MK.message("in", "contact", #""contact": {"displayName": "Maria Garcia"}"#),
            MK.message("out", from: "u1", "contact", #""contact": {"displayName": "Bo", "initials": "B"}"#),
        ])
        let measurer = FakeMeasurer()
        let layout = try MK.layout(json, measurer: measurer)
        // The name is measured at the max width less the label insets (ContactMessageSizeCalculator.swift:32):
        // 295 − (46 + 30) incoming.
        #expect(measurer.widths(for: "Maria Garcia") == [219])
        for (item, left, nameX) in [(layout.items[0], 10.0, 46.0), (layout.items[1], 5, 41)] {
            let container = try #require(MK.container(item))
            let circle = try #require(item.elements.first { $0.role == .icon })
            #expect(circle.frame == Rect(x: container.x + left, y: container.midY - 13, width: 26, height: 26))
            #expect(circle.content == .box(fill: .white, corners: .all(13)))
            let name = try #require(MK.element(item, .text))
            #expect(name.frame.x == container.x + nameX)
        }
        let initials = try #require(layout.items[0].elements.first { $0.role == .icon && MK.styled($0) != nil })
        #expect(MK.styled(initials)?.string == "MG" && MK.styled(initials)?.font == FontSpec(size: 13))  // footnote at Large
        #expect(MK.container(layout.items[0])?.width == 12 * 8.5 + 76)  // insets 46 + 30
        #expect(MK.container(layout.items[1])?.width == 2 * 8.5 + 76)  // insets 41 + 35
        // The circle `collectionViewBackground`, the initials `label` (ContactMessageCell.swift:124-137),
        // the name each side's `textColor(for:)` (:111-112), light and dark.
        for (theme, palette) in [("light", MessageKitPalette.light), ("dark", .dark)] {
            let themed = try MK.layout(
                MK.document(
                    [
                        MK.message("in", "contact", #""contact": {"displayName": "Maria Garcia"}"#),
                        MK.message("out", from: "u1", "contact", #""contact": {"displayName": "Bo", "initials": "B"}"#),
                    ], theme: theme))
            try #require(themed.items.count == 2)
            for (item, textColor) in zip(themed.items, [palette.incomingText, palette.outgoingText]) {
                let icons = item.elements.filter { $0.role == .icon }
                #expect(icons.first?.content == .box(fill: palette.background, corners: .all(13)), "\(theme) \(item.id)")
                #expect(icons.compactMap { MK.styled($0)?.color } == [palette.label], "\(theme) \(item.id)")
                #expect(MK.styled(MK.element(item, .text))?.color == textColor, "\(theme) \(item.id)")
            }
        }
    }

    /// The name label sits between the initials and the disclosure slot, always 76 narrower than
    /// the container: with insets narrower than that across it wraps there and keeps the lines
    /// that fit, cut with "…" (it was drawn at its measured width, into the disclosure slot). A
    /// contact kind's side takes `labelInsets` as its name insets (they were accepted and unused).
    @Test func theContactNameLabelIs76NarrowerThanTheContainer() throws {
        let settings = #"{"kinds": {"contact": {"incoming": {"labelInsets": {"top": 7, "left": 46, "bottom": 7, "right": 10}}}}}"#
        let json = MK.document([MK.message("c", "contact", #""contact": {"displayName": "Maria Garcia"}"#)], settings: settings)
        let cell = try MK.item(json, "c")
        let container = try #require(MK.container(cell))
        // 12 × 8.5 = 102 measured, plus 46 + 10.
        #expect(container.size == Size(width: 158, height: 22 + 14))
        let name = try #require(MK.element(cell, .text))
        #expect(name.frame.minX == container.minX + 46 && name.frame.maxX <= container.maxX - 30)
        // One 22-point line fits the 36-point container: "Maria Garcia" no longer does at 82.
        #expect(MK.styled(name)?.string.hasSuffix("…") == true)
        #expect(name.frame.height == 22 && name.frame.midY == container.midY)
        // The defaults (46 + 30 = 76) leave the name as measured.
        let plain = try MK.item(MK.document([MK.message("c", "contact", #""contact": {"displayName": "Maria Garcia"}"#)]), "c")
        #expect(MK.styled(try #require(MK.element(plain, .text)))?.string == "Maria Garcia")
    }

    @Test func aMessageCannotSetLabelOrContactInsets() {
        for key in ["labelInsets", "contactInsets"] {
            let json = MK.document([MK.message("c", "text", #""text": "Hi", "messageKit": {"\#(key)": {"left": 4}}"#)])
            let error = #expect(throws: DocumentError.self) { try Document.decode(json) }
            #expect(error?.path == "messages[0].messageKit.\(key)")
            #expect(error?.message.hasPrefix("is not per message") == true)
        }
    }

    /// The container's mask cuts its subviews: a contact whose insets leave its container shorter
    /// than the 26-point circle (no top or bottom inset: its name's footnote line alone) has the
    /// circle and its initials cut to it, not drawn across the bubble's edges.
    @Test func theInitialsCircleIsCutToItsContainer() throws {
        let settings = #"{"contactInsets": {"top": 0, "left": 46, "bottom": 0, "right": 30}}"#
        let contact = MK.message("c", "contact", #""contact": {"displayName": "Mia Grant"}"#)
        let cell = try MK.item(MK.document([contact], settings: settings), "c")
        let container = try #require(MK.container(cell))
        #expect(container.height < 26)
        let icons = cell.elements.filter { $0.role == .icon }
        #expect(icons.count == 2 && icons.allSatisfy { $0.clip == container })
    }

    /// The initials are a one-line footnote label in a 26-point circle: at the largest text sizes
    /// they are cut to "…" as the kit cuts them, and the item says it is the kit's behaviour.
    @Test func contactInitialsThatDoNotFitAreListedAsTheKitsBehaviour() throws {
        func contact(_ textSize: String) throws -> LayoutItem {
            try MK.item(
                MK.document([MK.message("c", "contact", #""contact": {"displayName": "Mia Grant"}"#)], textSize: textSize), "c")
        }
        let large = try contact("large")
        #expect(large.kitBehaviours.isEmpty && large.texts.contains("MG"))
        let largest = try contact("accessibilityXXXLarge")
        #expect(largest.kitBehaviours == [.messageKitContactInitials])
        #expect(largest.texts.contains { $0.hasSuffix("…") }, "\(largest.texts)")
    }

    @Test func videosGetA35PointPlayButtonWithAHalfSizeTriangleMovedRight() throws {
        let json = MK.document([MK.message("v", "video", #""image": {"src": "v.png", "width": 400, "height": 300}"#)])
        let cell = try MK.item(json, "v", images: MK.images("v.png"))
        let container = try #require(MK.container(cell))
        let icons = cell.elements.filter { $0.role == .icon }
        #expect(icons[0].frame == Rect(x: container.midX - 17.5, y: container.midY - 17.5, width: 35, height: 35))
        #expect(icons[1].frame == Rect(x: container.midX - 8.75 + 2.1875, y: container.midY - 8.75, width: 17.5, height: 17.5))
        #expect(icons[1].content == .glyph(.playTriangle, color: .black))
        // The `.light` blur's stand-in: a disc of white at 75 %.
        #expect(icons[0].content == .box(fill: Color.white.withAlpha(0.75), corners: .all(17.5)))
        #expect(cell.actions.contains { $0.event == "didTapImage" })
    }

    @Test func everyKindIsMaskedByTheStyleWithItsTail() throws {
        let settings =
            #"{"bubble": {"style": "bubbleTail", "tailStyle": "pointedEdge"}, "outgoing": {"bubble": {"tailCorner": "topRight"}}}"#
        let json = MK.document(
            [
                MK.message("p", "photo", #""image": {"src": "p.png", "width": 400, "height": 300}"#),
                MK.message("o", from: "u1", "photo", #""image": {"src": "p.png", "width": 400, "height": 300}"#),
                MK.message("l", "location", #""location": {"latitude": 1, "longitude": 2}"#),
            ], settings: settings)
        let layout = try MK.layout(json, images: MK.images("p.png"))
        // Over the container's colour, which shows where a picture is transparent.
        #expect(
            MK.element(layout.items[0], .image)?.content
                == .image(
                    ref: "p.png", cornerRadius: 0, mask: BubbleShape(tail: .init(corner: .bottomLeft, style: .pointedEdge)),
                    fill: Color(hex: "#E5E5EA")))
        #expect(
            MK.element(layout.items[1], .image)?.content
                == .image(
                    ref: "p.png", cornerRadius: 0, mask: BubbleShape(tail: .init(corner: .topRight, style: .pointedEdge)),
                    fill: Color(hex: "#34C759")))
        guard case .bubble(let shape, _, _)? = MK.element(layout.items[2], .image)?.content else {
            Issue.record("the map is not a bubble")
            return
        }
        #expect(shape.tail?.corner == .bottomLeft)
    }

    @Test func aPhotoThatDidNotLoadShowsTheContainersColourAndAGlyph() throws {
        let json = MK.document([MK.message("p", "photo", #""image": {"src": "gone.png", "width": 400, "height": 300}"#)])
        let layout = try MK.layout(json)
        #expect(MK.element(layout.items[0], .bubble)?.content == .bubble(BubbleShape(), fill: Color(hex: "#E5E5EA")!, stroke: nil))
        #expect(MK.element(layout.items[0], .icon)?.content == .glyph(.photo, color: Color.black.withAlpha(0.4)))
        #expect(layout.warnings == ["messages[0].image.src: not loaded; drew a placeholder"])
    }

    /// An avatar or a link's thumbnail the document names that did not load is warned about, as
    /// in the Amity profile: the initials and the glyph stand in for it.
    @Test func anAvatarOrAThumbnailThatDidNotLoadIsWarnedAbout() throws {
        var json = String(
            decoding: MK.document([
                MK.message(
                    "l", "linkPreview", #""text": "https://example.com", "link": {"url": "https://example.com/x", "thumbnail": "gone.png"}"#
                ),
                MK.message("l2", "text"),
            ]), as: UTF8.self)
        json = json.replacingOccurrences(of: #""displayName": "Ann Lee""#, with: #""displayName": "Ann Lee", "avatar": "ann.png""#)
        #expect(json.contains("ann.png"))
        let layout = try MK.layout(Data(json.utf8))
        #expect(
            layout.warnings == [
                "messages[0].link.thumbnail: not loaded; drew a placeholder", "users.u2.avatar: not loaded; drew the initials (2 times)",
            ], "\(layout.warnings)")
        let avatars = layout.items[0].elements.filter { $0.role == .avatar }
        #expect(avatars.contains { if case .text = $0.content { true } else { false } }, "the initials are drawn")
        var images = MK.images("ann.png")
        images.entries["gone.png"] = .loaded(width: 60, height: 60)
        let loaded = try MK.layout(Data(json.utf8), images: images)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
    }

    @Test func outlinedStylesKeepTheFillAndTheTextColour() throws {
        let json = MK.document([MK.message("t")], settings: ##"{"bubble": {"style": "bubbleOutline", "outlineColor": "#FF3B30"}}"##)
        let cell = try MK.item(json, "t")
        #expect(MK.element(cell, .bubble)?.content == .bubble(BubbleShape(), fill: Color(hex: "#E5E5EA")!, stroke: Color(hex: "#FF3B30")!))
        #expect(MK.styled(MK.element(cell, .text))?.color == .black)
        let legacy = try MK.item(MK.document([MK.message("t")], settings: #"{"bubbleStyle": "bubbleTailOutline"}"#), "t")
        #expect(
            MK.element(legacy, .bubble)?.content
                == .bubble(
                    BubbleShape(tail: .init(corner: .bottomLeft, style: .curved)), fill: Color(hex: "#E5E5EA")!,
                    stroke: Color(hex: "#8E8E93")!))
    }

    /// `LocationMessageCell`'s map view fills the container and covers its outline, as a photo does
    /// (`LocationMessageCell.swift:39,46`): the map is the container's shape with no line, and no
    /// line is drawn over it.
    @Test func anOutlinedStyleDrawsNoLineOverAMap() throws {
        let json = MK.document(
            [MK.message("l", "location", #""location": {"latitude": 1, "longitude": 2}"#)],
            settings: ##"{"bubble": {"style": "bubbleOutline", "outlineColor": "#FF3B30"}}"##)
        let cell = try MK.item(json, "l")
        let map = try #require(cell.elements.lastIndex { $0.role == .image })
        guard case .bubble(_, _, let stroke) = cell.elements[map].content else {
            Issue.record("the map is \(cell.elements[map].content)")
            return
        }
        #expect(stroke == nil)
        let stroked = cell.elements[map...].filter {
            if case .bubble(_, _, let stroke) = $0.content { stroke != nil } else { false }
        }
        #expect(stroked.isEmpty, "\(stroked)")
    }

    @Test func theNoneStyleIsASquareRectangleOfTheContainersColour() throws {
        let json = MK.document(
            [MK.message("t"), MK.message("p", "photo", #""image": {"src": "p.png", "width": 40, "height": 30}"#)],
            settings: #"{"bubble": {"style": "none"}}"#)
        let layout = try MK.layout(json, images: MK.images("p.png"))
        #expect(MK.element(layout.items[0], .bubble)?.content == .box(fill: Color(hex: "#E5E5EA")!, corners: .none))
        #expect(
            MK.element(layout.items[1], .image)?.content == .image(ref: "p.png", cornerRadius: 0, mask: nil, fill: Color(hex: "#E5E5EA")))
    }

    /// (theme, incoming bubble, outgoing bubble, incoming text, typing dot).
    @Test(arguments: [("light", "#E5E5EA", "#34C759", "#000000", "#AEAEB2"), ("dark", "#2C2C2E", "#30D158", "#FFFFFF", "#636366")])
    func coloursComeFromTheAppearancesSystemColours(theme: String, incoming: String, outgoing: String, text: String, dot: String) throws {
        let json = MK.document([MK.message("i"), MK.message("o", from: "u1")], theme: theme, extra: #", "typing": ["u2"]"#)
        let layout = try MK.layout(json)
        #expect(MK.element(layout.items[0], .bubble)?.content == .bubble(BubbleShape(), fill: Color(hex: incoming)!, stroke: nil))
        #expect(MK.element(layout.items[1], .bubble)?.content == .bubble(BubbleShape(), fill: Color(hex: outgoing)!, stroke: nil))
        #expect(MK.styled(MK.element(layout.items[0], .text))?.color == Color(hex: text))
        #expect(MK.styled(MK.element(layout.items[1], .text))?.color == .white)
        #expect(MK.element(layout.items[0], .avatar)?.content == .box(fill: Color(hex: "#8E8E93")!, corners: .all(15)))
        let typing = try #require(layout.items.last)
        #expect(typing.elements[0].content == .box(fill: Color(hex: incoming)!, corners: .all(47.0 / 12)))
        #expect(typing.elements.last?.content == .box(fill: Color(hex: dot)!, corners: .all(typing.elements.last!.frame.height / 2)))
    }

    @Test func theAvatarPlaceholderIsAQuestionMarkInCaption1() throws {
        let cell = try MK.item(MK.document([MK.message("t")], textSize: "xLarge"), "t")
        let initials = try #require(cell.elements.first { $0.role == .avatar && MK.styled($0) != nil })
        #expect(
            MK.styled(initials)?.string == "?" && MK.styled(initials)?.font == FontSpec(size: 14) && MK.styled(initials)?.color == .white)
        let named = try MK.item(MK.document([MK.message("t")], settings: #"{"avatar": {"initialsFromName": true}}"#), "t")
        #expect(MK.texts(named, .avatar) == ["AL"])
        #expect(named.actions.contains { $0.event == "didTapAvatar" && $0.arguments["userId"] == "u2" })
    }

    @Test func emojiAreClearUnlessTheirKindOrMessageGivesAColour() throws {
        let json = MK.document(
            [
                MK.message("e", "emoji", #""text": "🎉""#),
                MK.message("c", "emoji", ##""text": "🎉", "messageKit": {"bubble": {"color": "#FFD60A"}}"##),
            ],
            settings: ##"{"incoming": {"bubble": {"color": "#123456"}}}"##)
        let layout = try MK.layout(json)
        #expect(MK.element(layout.items[0], .bubble) == nil)
        #expect(MK.styled(MK.element(layout.items[0], .text))?.font.size == 34)
        #expect(MK.element(layout.items[1], .bubble)?.content == .bubble(BubbleShape(), fill: Color(hex: "#FFD60A")!, stroke: nil))
    }

    @Test func attributedRunsCarryTheirOwnFontsAndTheLabelsDefaults() throws {
        let runs =
            #""runs": [{"text": "Big", "font": {"size": 24, "weight": "bold"}}, {"text": " link", "link": "https://a.io"}, {"text": " @Bob", "mention": "u3"}]"#
        let cell = try MK.item(MK.document([MK.message("a", from: "u1", "attributedText", runs)]), "a")
        let text = try #require(MK.styled(MK.element(cell, .text)))
        #expect(text.font == FontSpec(size: 17) && text.color == .black)  // UILabel's defaults, even on the green bubble
        // A mention run is bold in the text's colour (the link blue is unreadable on the green
        // bubble); the link, as TextKit draws `.link`, in systemBlue and underlined.
        #expect(
            text.spans == [
                StyledText.Span(start: 0, end: 3, weight: .bold, size: 24),
                StyledText.Span(start: 3, end: 8, color: Color(hex: "#007AFF"), isUnderlined: true),
                StyledText.Span(start: 8, end: 13, weight: .bold),
            ])
        #expect(cell.actions.contains { $0.event == "didSelectMention" && $0.arguments["mention"] == "u3" })
    }

    /// TextKit draws a `.link` range in the link colour whatever `.foregroundColor` it carries; with
    /// the URL detector on, `MessageLabel.updateAttributes` removes `.link` from the detector's
    /// ranges, so they take the run's colour under the detector's attributes.
    @Test func aLinkRunIsTheLinkColourUnlessTheURLDetectorRestylesIt() throws {
        let runs = ##""runs": [{"text": "see "}, {"text": "a.io/x", "link": "https://a.io/x", "color": "#FF0000"}]"##
        let plain = try #require(MK.styled(MK.element(try MK.item(MK.document([MK.message("a", "attributedText", runs)]), "a"), .text)))
        // The link's colour is laid over the run's, which keeps nothing else there.
        #expect(plain.spans == [StyledText.Span(start: 4, end: 10, color: Color(hex: "#007AFF"), isUnderlined: true)])
        // The URL detector on, its style stating no colour and no underline: the run's red shows.
        let settings = ##"{"detectors": {"enabled": ["url"], "styles": {"url": {"underline": false}}}}"##
        let detected = try MK.item(MK.document([MK.message("a", "attributedText", runs)], settings: settings), "a")
        let restyled = try #require(MK.styled(MK.element(detected, .text)))
        // The run's red under the detector's attributes, which set nothing (the data detector
        // finds "a.io/x" and the `.link` run is added as MessageKit's `parse` adds it): no link
        // colour, as Pango reads the spans.
        #expect(OverlappingSpans.resolved(restyled.spans) == [StyledText.Span(start: 4, end: 10, color: Color(hex: "#FF0000"))])
        #expect(detected.actions.contains { $0.event == "didSelectURL" && $0.arguments["url"] == "https://a.io/x" })
    }

    /// An empty run's `.link` or mention covers no character, so no tap finds it (a hostile-input
    /// trial found a 49-point `didSelectURL` for `{"text": "", "link": …}`).
    @Test func anEmptyLinkOrMentionRunHasNoTap() throws {
        let runs = ##""runs": [{"text": "hi "}, {"text": "", "link": "https://e.com"}, {"text": "", "mention": "u3"}, {"text": " end"}]"##
        for settings in ["", ##"{"detectors": {"enabled": ["url", "mention"]}}"##] {
            let item = try MK.item(MK.document([MK.message("a", "attributedText", runs)], settings: settings), "a")
            #expect(!item.actions.contains { $0.event == "didSelectURL" || $0.event == "didSelectMention" }, "\(item.actions)")
            #expect(MK.texts(item, .text) == ["hi  end"])
        }
    }

    /// `TypingBubble.layoutSubviews` for a 359 × 47 bubble view, 15 below the cell's top.
    @Test func theTypingBubbleIsDerivedFromItsHeight() {
        let b = MessageKitLayoutEngine<FakeMeasurer>.typingBubble(Size(width: 359, height: 47))
        func close(_ a: Rect, _ e: (Double, Double, Double, Double)) -> Bool {
            abs(a.x - e.0) < 1e-3 && abs(a.y - e.1) < 1e-3 && abs(a.width - e.2) < 1e-3 && abs(a.height - e.3) < 1e-3
        }
        #expect(close(b.tiny, (0, 39.1667, 7.8333, 7.8333)))
        #expect(close(b.corner, (6.5278, 24.8056, 15.6667, 15.6667)))
        #expect(close(b.content, (9.1389, 0, 68.4111, 37.8611)))  // 1.65 × 47 wide in all
        #expect(close(b.dots[0], (24.2833, 14.2435, 9.3741, 9.3741)))
        #expect(close(b.dots[1], (38.6574, 14.2435, 9.3741, 9.3741)))
        #expect(close(b.dots[2], (53.0315, 14.2435, 9.3741, 9.3741)))
    }
}
