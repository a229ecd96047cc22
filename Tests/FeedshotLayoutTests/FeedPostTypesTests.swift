import Foundation
import Testing

@testable import FeedshotLayout

/// Polls, live streams, link previews, the unknown post's placeholder, pending posts and the
/// detail screen (docs/conformance/amity.md, "Feed").
struct FeedPostTypesTests {
    typealias F = FeedFixture
    static let answers =
        #"[{"id": "a1", "text": "Beach", "votes": 12}, {"id": "a2", "text": "Hills", "votes": 6}, {"id": "a3", "text": "City", "votes": 2}]"#

    @Test func anOpenPollShowsTwoAnswersMoreOptionsAndSubmitVote() throws {
        let layout = try F.layout([F.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": \#(Self.answers)}"#)])
        #expect(layout.items.map(\.id) == ["q.header", "q.poll", "q.footer"])
        let poll = try #require(layout.item("q.poll"))
        // 8, question 19, 16, status 17, 16, three rows of 45 + 12, 16, the 40-point button, 8.
        let expected: Double = 8 + 19 + 16 + 17 + 16 + 3 * 57 + 16 + 40 + 8
        #expect(poll.frame.height == expected)
        #expect(poll.texts.contains("Open for voting") && poll.texts.contains("20 votes") && poll.texts.contains("1 more options"))
        #expect(poll.frames(.bubble).map(\.height) == [45, 45, 45] && poll.frames(.bubble).map(\.y) == [76, 133, 190])
        #expect(poll.frame(ofGlyph: .radioOff) == Rect(x: 28, y: 88, width: 24, height: 24))
        #expect(poll.frame(ofText: "Beach")?.origin == (16 + 12 + 32, 76 + 14))
        // An answer's title hugs its text and keeps the width it was measured at (the row less
        // its insets and the radio), which the painter uses where Pango breaks it otherwise.
        let beach = try #require(poll.elements.first { $0.content.styledText?.string == "Beach" })
        #expect(beach.frame.width < 343 - 2 * 12 - 32)
        let measuredAt: Double = 343 - 2 * 12 - 32
        #expect(beach.textWrapWidth == measuredAt)
        // Nothing selected: "Submit vote" in primary shade 2, not tappable.
        let submit = try #require(poll.elements.first { $0.role == .menuItem }?.content.styledText)
        #expect(submit.string == "Submit vote" && submit.color == Theme.amityLight.shade(Theme.amityLight.primary, 2))
        #expect(poll.actions("pollSubmitDidTap").isEmpty)
        #expect(poll.actions("pollAnswerDidTap").map { $0.arguments["answerId"] } == ["a1", "a2"])
        // The answer's whole cell: its box and the 12 below it (the poll's table selects the cell).
        #expect(
            poll.actions("pollAnswerDidTap").map(\.frame) == [
                Rect(x: 16, y: 76, width: 343, height: 57), Rect(x: 16, y: 133, width: 343, height: 57),
            ])
        #expect(
            poll.actions("postDidtap").map(\.frame).suffix(2) == [
                Rect(x: 16, y: 190, width: 343, height: 45), Rect(x: 0, y: 0, width: 375, height: poll.frame.height),
            ])
    }

    /// A selected answer (`isSelected`, before "Submit vote"): its border primary, the radio on
    /// (checked in a multiple-choice poll), and "Submit vote" enabled in primary; closed or pending,
    /// the poll has no button (`submitVoteButton.isHidden = isClosed || isVoted || feedType != .published`).
    @Test func aSelectedAnswerEnablesSubmitVoteWhichClosedAndPendingPollsHide() throws {
        let light = Theme.amityLight
        func poll(_ fields: String, post: String = "", multiple: Bool = false) throws -> LayoutItem {
            let answers = #"[{"id": "a1", "text": "Beach", "isSelected": true}, {"id": "a2", "text": "Hills"}]"#
            let body = #""question": "Where?", "answers": \#(answers), "isMultipleChoice": \#(multiple)\#(fields)"#
            return try #require(try F.layout([F.post("q", #""dataType": "poll", "poll": {\#(body)}\#(post)"#)]).item("q.poll"))
        }
        let open = try poll("")
        let boxes = open.elements.filter { $0.role == .bubble }.map(\.content)
        #expect(boxes.count == 2)
        #expect(boxes.first == .box(fill: light.background, stroke: light.primary, corners: .all(4)))
        #expect(boxes.last == .box(fill: light.background, stroke: light.baseShade4, corners: .all(4)))
        let radios = open.elements.compactMap { if case .glyph(let glyph, let color) = $0.content { (glyph, color) } else { nil } }
        // The unchosen radio's white disc is the card's background: white here, as the asset.
        #expect(radios.map(\.0) == [.radioOn, .radioOff] && radios.map(\.1) == [light.primary, light.background])
        #expect(light.background == Color(red: 0xFF, green: 0xFF, blue: 0xFF))
        let submit = try #require(open.elements.first { $0.role == .menuItem }?.content.styledText)
        #expect(submit.string == "Submit vote" && submit.color == light.primary)
        #expect(open.actions("pollSubmitDidTap").first?.arguments == ["postId": "q", "origin": "feedshot"])
        #expect(try poll("", multiple: true).frame(ofGlyph: .radioCheck) != nil)
        for (fields, post) in [(#", "isClosed": true"#, ""), ("", #", "isPending": true"#)] {
            let hidden = try poll(fields, post: post)
            #expect(!hidden.texts.contains("Submit vote") && hidden.actions("pollSubmitDidTap").isEmpty, "\(fields)\(post)")
        }
    }

    @Test func aVotedPollShowsResultsWithBarsAndNoSubmit() throws {
        let answers = #"[{"id": "a1", "text": "Beach", "votes": 15, "isVotedByMe": true}, {"id": "a2", "text": "Hills", "votes": 5}]"#
        let poll = try #require(
            try F.layout([F.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": \#(answers)}"#)]).item("q.poll"))
        // Rows of 12 + 19 + 4 + 12 + 4 + 17 + 12 = 80, 12 apart; no button.
        let expected: Double = 8 + 19 + 16 + 17 + 16 + 2 * 92 + 8
        #expect(poll.frame.height == expected)
        #expect(poll.texts.contains("15 votes") && poll.texts.contains("5 votes") && !poll.texts.contains("Submit vote"))
        let bars = poll.frames(.icon).filter { $0.height == 12 }
        // Track and fill: 15 of 20 is three quarters of 319.
        #expect(bars.map(\.width) == [319, 319 * 0.75, 319, 319 * 0.25])
        // The tracks base shade 4; the viewer's answer's fill primary, the other's base shade 1.
        let light = Theme.amityLight
        let barLooks = poll.elements.filter { $0.role == .icon && $0.frame.height == 12 }.map(\.content)
        #expect(
            barLooks == [light.baseShade4, light.primary, light.baseShade4, light.baseShade1].map { .box(fill: $0, corners: .all(6)) })
        // The vote counts: caption in base shade 1.
        let counts = poll.elements.compactMap(\.content.styledText).filter { $0.string.hasSuffix("votes") && $0.string != "20 votes" }
        #expect(counts.map(\.string) == ["15 votes", "5 votes"])
        #expect(counts.allSatisfy { $0.color == light.baseShade1 && $0.font == AmityFont.caption.spec })
        #expect(poll.actions("pollAnswerDidTap").isEmpty)
        // The viewer's answer: a 5-point primary bar at its left edge, the other answer none
        // (`statusView`: `AmityPostPollAnswerTableViewCell.swift:55,111-113`, 5 wide in the xib).
        #expect(poll.frames(.icon).filter { $0.width == 5 } == [Rect(x: 16, y: 76, width: 5, height: 80)])
        let status = try #require(poll.elements.first { $0.role == .icon && $0.frame.width == 5 })
        guard case .box(let fill, let stroke, _) = status.content else {
            Issue.record("the viewer's bar is \(status.content), not a box")
            return
        }
        #expect(fill == light.primary && stroke == nil)
    }

    @Test func pollStatusCountsDownThenShowsFinalResults() {
        let now = ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let strings = Strings(locale: Locale(identifier: "en_US"))
        func status(closesIn seconds: Double?, closed: Bool = false) -> String {
            let poll = PostPoll(
                question: "", answers: [.init(id: "a", text: "A"), .init(id: "b", text: "B")], isClosed: closed,
                closesAt: seconds.map { now.addingTimeInterval($0) })
            return FeedFormatting.pollStatus(poll, now: now, calendar: calendar, strings: strings)
        }
        #expect(status(closesIn: nil) == "Open for voting")
        #expect(status(closesIn: 2 * 86400 + 3 * 3600) == "Poll ends in 2 days")
        #expect(status(closesIn: 86400 + 23 * 3600) == "Poll ends in 1 day")
        #expect(status(closesIn: 5 * 3600) == "Poll ends in 5 hours")
        #expect(status(closesIn: 61) == "Poll ends in 1 minute")
        #expect(status(closesIn: 30) == "Poll ends in 1 minute")
        #expect(status(closesIn: -1) == "Final results")
        #expect(status(closesIn: 3600, closed: true) == "Final results")
    }

    @Test func aLiveStreamPostIsHeaderTextStreamFooterWithTheBadgeAndPlayButton() throws {
        let layout = try F.layout([F.post("s", #""dataType": "liveStream", "liveStream": {"status": "live", "streamId": "st1"}"#)])
        #expect(layout.items.map(\.id) == ["s.header", "s.text", "s.liveStream", "s.footer"])
        #expect(layout.item("s.text")?.frame.height == 16)
        let stream = try #require(layout.item("s.liveStream"))
        #expect(stream.frame.height == 220)
        #expect(stream.frames(.status).first == Rect(x: 16, y: 16, width: 26 + 16, height: 17 + 8))
        #expect(stream.frame(ofGlyph: .playLiveStream) == Rect(x: 167.5, y: 90, width: 40, height: 40))
        #expect(stream.actions("openLiveStreamPlayer").first?.arguments == ["postId": "s", "streamId": "st1"])
        let recorded = try F.layout([F.post("s", #""dataType": "liveStream", "liveStream": {"status": "recorded"}"#)])
        #expect(recorded.item("s.liveStream")?.actions("openRecordedLiveStreamPlayer").count == 1)
        #expect(recorded.item("s.liveStream")?.texts.contains("RECORDED") == true)
        let ended = try #require(
            try F.layout([F.post("s", #""dataType": "liveStream", "liveStream": {"status": "ended"}"#)]).item("s.liveStream"))
        #expect(ended.texts.contains("This livestream has ended.") && ended.frame(ofGlyph: .playLiveStream) == nil)
        #expect(ended.actions("postDidtap").count == 1)
        // On black, the title (17 semibold) over the body (15), both white, each line centred.
        #expect(ended.elements.contains { $0.content == .box(fill: .black, corners: .none) && $0.frame == ended.frame })
        let texts = ended.elements.filter { $0.role == .text }
        #expect(texts.map { $0.content.styledText?.font }.first == AmityFont.title.spec)
        #expect(texts.map { $0.content.styledText?.font }.last == AmityFont.body.spec)
        #expect(
            texts.map { $0.content.styledText?.string ?? "" }.joined(separator: " ")
                == "This livestream has ended. Playback will be available for you to watch shortly.")
        #expect(texts.allSatisfy { $0.content.styledText?.color == .white && abs($0.frame.midX - 375 / 2) < 1e-9 })
        let idle = try #require(
            try F.layout([F.post("s", #""dataType": "liveStream", "liveStream": {"status": "idle"}"#)]).item("s.liveStream"))
        #expect(idle.texts == ["The stream is currently unavailable."])
    }

    @Test func aTextPostWithALinkHasThePreviewCardOf032TheScreenHeight() throws {
        let post = F.post("l", #""text": "Read example.com/trail", "linkPreview": {"state": "loaded", "title": "Trail guide"}"#)
        let layout = try F.layout([post])
        #expect(layout.items.map(\.id) == ["l.header", "l.text", "l.linkPreview", "l.footer"])
        let card = try #require(layout.item("l.linkPreview"))
        // 0.32 × 812 = 259.84, on the @2x grid 260; 8 above and below.
        #expect(card.frame.height == 276)
        #expect(card.frame(ofText: "Trail guide")?.origin == (28, 8 + 260 - 12 - 19))
        #expect(card.frame(ofText: "example.com")?.origin == (28, 237 - 5 - 17))
        #expect(card.frame(ofGlyph: .linkPreviewImage) == Rect(x: 16.5, y: 8.5, width: 342, height: 215 - 13 - 8.5))
        #expect(
            card.actions("linkPreviewDidTap").first?.arguments == ["postId": "l", "url": "https://example.com/trail", "origin": "feedshot"])
        let tall = try F.layout([post], extra: #", "screenHeight": 926"#)
        #expect(tall.item("l.linkPreview")?.frame.height == 296.5 + 16)
        let failed = try #require(try F.layout([F.post("l", #""text": "https://example.com""#)]).item("l.linkPreview"))
        #expect(failed.texts == ["Preview not available", "Please make sure the URL is correct and try again."])
        #expect(failed.frame(ofGlyph: .linkPreviewBroken) != nil)
        #expect(try F.layout([F.post("n", #""text": "No link here.""#)]).item("n.linkPreview") == nil)
        // The kit's rule: the matched text, https:// before it unless it starts with "http" (an
        // e-mail address is previewed as https://ann@example.com, its host example.com).
        #expect(PostLinkPreview.url(in: "Mail ann@example.com") == "https://ann@example.com")
        #expect(PostLinkPreview.url(in: "See http://a.io and b.io") == "http://a.io")
        #expect(PostLinkPreview.url(in: "ftp://files.example.com/x") == "https://ftp://files.example.com/x")
        let mail = try #require(
            try F.layout([F.post("m", #""text": "Mail ann@example.com", "linkPreview": {"state": "loaded", "title": "T"}"#)]).item(
                "m.linkPreview"))
        #expect(mail.frame(ofText: "example.com") != nil)
    }

    @Test func anUnknownPostIsTheKitsPlaceholderAlone() throws {
        let layout = try F.layout([F.post("u", #""dataType": "survey", "text": "?""#)])
        #expect(layout.items.map(\.id) == ["u.placeholder"])
        let cell = try #require(layout.item("u.placeholder"))
        // An 8-point clear top and a W × W square; the stack 42 + 16 + 22 + 4 + 17 centred in it.
        #expect(cell.frame.height == 8 + 375)
        #expect(cell.frame(ofGlyph: .postPlaceholder) == Rect(x: 156, y: 8 + (375 - 101) / 2, width: 63, height: 42))
        #expect(cell.texts == ["Something went wrong", "We couldn’t recognize this post."])
        // The table's row selection, clear top included; on the post detail nothing
        // (`AmityPostDetailViewController.swift:253-258`).
        #expect(cell.actions.map(\.event) == ["postDidtap"] && cell.actions.first?.frame == cell.frame)
        let detail = try F.single(F.post("u", #""dataType": "survey", "text": "?""#), extra: #", "display": "detail""#)
        #expect(detail.item("u.placeholder")?.actions.isEmpty == true)
    }

    @Test func aPendingPostHasHeaderContentAndForAReviewerAcceptAndDecline() throws {
        let layout = try F.layout([F.post("p", #""text": "Hi", "isPending": true, "canReview": true, "likes": 3"#)])
        #expect(layout.items.map(\.id) == ["p.header", "p.text", "p.pendingActions"])
        let actions = try #require(layout.item("p.pendingActions"))
        #expect(actions.frame.height == 77)
        #expect(actions.frames(.bubble) == [Rect(x: 16, y: 25, width: 165.5, height: 40), Rect(x: 193.5, y: 25, width: 165.5, height: 40)])
        #expect(actions.texts == ["Accept", "Decline"])
        #expect(actions.actions("pendingPostAcceptDidTap").first?.arguments["origin"] == "feedshot")
        #expect(try F.layout([F.post("p", #""text": "Hi", "isPending": true"#)]).items.map(\.id) == ["p.header", "p.text"])
        let stream = try F.layout([F.post("s", #""dataType": "liveStream", "isPending": true, "liveStream": {"status": "live"}"#)])
        #expect(stream.items.map(\.id) == ["s.header", "s.liveStream"])
        // An unknown type pending: the header and a blank row of UIKit's default 44.
        let unknown = try F.layout([F.post("u", #""dataType": "sticker", "isPending": true"#)])
        #expect(unknown.items.map(\.id) == ["u.header", "u.body"])
        #expect(unknown.item("u.body")?.frame.height == 44 && unknown.item("u.body")?.texts.isEmpty == true)
    }

    /// A pending post's taps are the pending screens' (`AmityPendingPostsViewController`,
    /// `AmityPendingPostsDetailViewController`): on the list, the option button, Accept and Decline,
    /// and everything else on its content — mentions in the text too — opens the pending detail
    /// (`pendingPostDidTap`); the header's name, avatar and community do nothing. On the detail,
    /// only the option button, photos and files.
    @Test func aPendingPostsTapsAreThePendingScreens() throws {
        let community = #""community": {"id": "c1", "name": "Hikers", "isJoined": true}"#
        let fields =
            #""dataType": "image", "text": "Hi @Bob", "mentions": [{"userId": "u3", "index": 3, "length": 3}], "images": [{"src": ""}], "isPending": true, "canReview": true, \#(community)"#
        let list = try F.layout([F.post("p", fields)])
        let events = Set(list.items.flatMap(\.actions).map(\.event.rawValue))
        #expect(events == ["pendingPostDidTap", "pendingPostAcceptDidTap", "pendingPostDeclineDidTap"], "\(events)")
        #expect(try #require(list.item("p.header")).actions.isEmpty)
        let gallery = try #require(list.item("p.gallery"))
        #expect(gallery.actions.last?.frame == gallery.frame)  // the row, under the tiles and the text
        #expect(gallery.actions.allSatisfy { $0.arguments == ["postId": "p", "origin": "feedshot"] })
        let detail = try F.single(F.post("p", fields), extra: #", "display": "detail""#)
        let detailEvents = Set(detail.items.flatMap(\.actions).map(\.event.rawValue))
        #expect(detailEvents == ["imageDidTap", "pendingPostAcceptDidTap", "pendingPostDeclineDidTap"], "\(detailEvents)")
    }

    /// On the pending list a mention opens the detail (`tapOnMentionWithUserId` reaches the list's
    /// `AmityPostDelegate`, which opens it for every action but `didExpandExpandableLabel`), and so
    /// does a tap on collapsed text (the label expands behind it: `willExpandExpandableLabel`); a
    /// link opens itself on both screens, the label calling no delegate. A fifth audit found the
    /// mention doing nothing, the collapsed text only expanding, and the link opening the detail.
    @Test func onThePendingListMentionsAndCollapsedTextOpenTheDetailAndLinksOpenThemselves() throws {
        let community = #""community": {"id": "c1", "name": "Hikers", "isJoined": true}"#
        let words = (1...80).map { "word\($0)" }.joined(separator: " ")
        let fields =
            #""text": "Hi @Bob see a.io/x \#(words)", "mentions": [{"userId": "u3", "index": 3, "length": 3}], "isPending": true, \#(community)"#
        let list = try #require(try F.layout([F.post("p", fields)]).item("p.text"))
        #expect(list.actions.map(\.event) == ["linkDidTap", "pendingPostDidTap", "pendingPostDidTap", "pendingPostDidTap"])
        let mention = try #require(list.actions.dropFirst().first)
        #expect(mention.frame.width == 4 * 7.5 && mention.arguments == ["postId": "p", "origin": "feedshot"])
        #expect(list.actions.last?.frame == list.frame)
        let detail = try #require(try F.single(F.post("p", fields), extra: #", "display": "detail""#).item("p.text"))
        #expect(detail.actions.map(\.event) == ["linkDidTap"])
    }

    /// A file post: the header, the file cell (its text inside it), the footer
    /// (`AmityPostFileComponent.getComponentCell`: rows 0, 1, 2).
    @Test func aFilePostIsHeaderFileFooter() throws {
        let layout = try F.layout([F.post("f", #""dataType": "file", "text": "Agenda", "files": [{"name": "agenda.pdf", "size": 482133}]"#)]
        )
        #expect(layout.items.map(\.id) == ["f.header", "f.file", "f.footer"])
        #expect(layout.item("f.file")?.texts.contains("Agenda") == true)
    }

    @Test func theDetailScreenShowsTheWholeTextNoOptionNoPreviewsOnWhite() throws {
        let words = (1...80).map { "word\($0)" }.joined(separator: " ")
        let post = F.post(
            "d",
            #""text": "\#(words)", "comments": 3, "previewComments": [{"author": {"id": "u3"}, "text": "Yes", "createdAt": "2026-11-29T11:00:00Z"}]"#
        )
        let feed = try F.single(post)
        #expect(feed.items.map(\.id) == ["d.header", "d.text", "d.footer", "d.comment.c0"])
        let detail = try F.single(post, extra: #", "display": "detail""#)
        #expect(detail.items.map(\.id) == ["d.header", "d.text", "d.footer"])
        #expect(detail.background == Theme.amityLight.background && feed.background == Theme.amityLight.secondaryShade4)
        #expect((detail.item("d.text")?.frame.height ?? 0) > (feed.item("d.text")?.frame.height ?? 0))
        #expect(detail.item("d.text")?.actions("readMoreDidTap").isEmpty == true)
        // No option button, on the author's own post too (`AmityPostHeaderTableViewCell.swift:56`).
        let own = try F.single(
            F.post("d", #""text": "Mine""#, author: #"{"id": "u1", "displayName": "Me"}"#), extra: #", "display": "detail""#)
        #expect(own.item("d.header")?.actions("postOptionDidTap").isEmpty == true)
        #expect(
            try F.single(F.post("d", #""text": "Mine""#, author: #"{"id": "u1", "displayName": "Me"}"#)).item("d.header")?
                .actions("postOptionDidTap").count == 1)
        // Every file (no "View all files") and every poll answer (no "more options").
        let files = (1...7).map { #"{"name": "f\#($0).zip", "size": 1000}"# }.joined(separator: ",")
        let filePost = try F.single(F.post("f", #""dataType": "file", "files": [\#(files)]"#), extra: #", "display": "detail""#)
        let fileItem = try #require(filePost.item("f.file"))
        #expect(fileItem.frames(.file).count == 7 && !fileItem.texts.contains("View all files"))
        let answers = (1...4).map { #"{"id": "a\#($0)", "text": "Answer \#($0)", "votes": 1}"# }.joined(separator: ",")
        let pollPost = try F.single(
            F.post("q", #""dataType": "poll", "poll": {"question": "Where?", "answers": [\#(answers)]}"#), extra: #", "display": "detail""#)
        let poll = try #require(pollPost.item("q.poll"))
        #expect(poll.frames(.bubble).count == 4 && !poll.texts.contains { $0.contains("more options") }, "\(poll.texts)")
    }
}
