import Foundation
import Testing

@testable import FeedshotLayout

/// The post detail's comment list (`commentList`) with the fake measurer.
struct CommentDetailTests {
    typealias T = CommentLayoutTests

    static func reply(_ id: String, _ extra: String = "") -> String { T.comment(id, "Ok", extra) }

    /// A comment row is the kit's formula: 65 + 16 above the text, 12 + 8 + the stack + 12 below
    /// (113 + text + stack); the constraints need 8.5 less above the text here, which the text's
    /// label takes: the bubble is 8.5 taller and the text centred in it.
    @Test func aCommentRowIsTheKitsFormula() throws {
        let layout = try T.layout(#""commentList": [\#(T.comment("c1"))]"#)
        let row = try T.item(layout, "p.comment.c1")
        #expect(row.type == "comment")
        #expect(row.frame.height == 113 + 19 + 22)
        let bubble = try T.element(row, .comment)
        #expect(bubble.frame == Rect(x: 52, y: row.frame.y + 60.5, width: 47, height: 43 + 8.5))
        #expect(abs(try T.element(row, .text).frame.y - (row.frame.y + 72.5 + 4.25 - AmityExpandableLabel.baselineOffsetRatio * 15)) < 1e-9)
        // The section's footer: 1 point of secondary shade 4 across the table.
        let footer = try T.item(layout, "p.comment.c1.footer")
        #expect(footer.frame == Rect(x: 0, y: row.frame.maxY, width: 375, height: 1))
        #expect(try T.element(footer, .separator).frame == footer.frame)
        #expect(
            Set(row.actions.map(\.event)) == ["userDidTap", "commentCellDidTapLike", "commentCellDidTapReply", "commentCellDidTapOption"])
    }

    /// On the post detail a comment's avatar and its name each open the author (`.avatar` from the
    /// avatar view and `displaynameTap`: `AmityCommentView.swift:60-62,193-194`, then
    /// `commentCellDidTapAvatar` → `userDidTap`), and a mention the mentioned user (the label's
    /// `didTapOnMention` → `userDidTap`): `AmityPostDetailViewController.swift:700-708`.
    @Test func onThePostDetailTheAvatarTheNameAndAMentionEachOpenTheirUser() throws {
        let mentions = #", "mentions": [{"userId": "u9", "index": 3, "length": 3}]"#
        let row = try T.item(try T.layout(#""commentList": [\#(T.comment("c1", "Hi @Ann ok", mentions))]"#), "p.comment.c1")
        // The tap on a point is the first action holding it.
        func tap(_ x: Double, _ y: Double) -> LayoutAction? {
            row.actions.first { $0.frame.minX <= x && x < $0.frame.maxX && $0.frame.minY <= y && y < $0.frame.maxY }
        }
        let text = try T.element(row, .text).frame
        let mention = try #require(row.actions.first { $0.event == "userDidTap" && $0.arguments == ["userId": "u9"] })
        // Over "@Ann" ("Hi " before it: 3 × 7.5), on the label's line (its glyphs drawn 1.2 higher).
        #expect(
            mention.frame
                == Rect(x: text.x + 22.5, y: text.y + AmityExpandableLabel.baselineOffsetRatio * 15, width: 30, height: 19))
        #expect(tap(mention.frame.midX, mention.frame.midY) == mention)
        let avatar = try T.element(row, .avatar).frame, name = try T.element(row, .name).frame
        let avatarTap = try #require(tap(avatar.midX, avatar.midY)), nameTap = try #require(tap(name.midX, name.midY))
        for action in [avatarTap, nameTap] {
            #expect(action.event == "userDidTap" && action.arguments == ["userId": "u3"], "\(action)")
        }
        // Two views, two taps: the avatar's does not reach the name, nor the name's the avatar.
        #expect(avatarTap.frame.maxX <= name.minX && nameTap.frame.minX >= avatar.maxX)
    }

    /// The label takes the slack the fixed row height leaves and draws its text centred in it
    /// (`AmityCommentView.xib:94`, the lowest hugging priority): a collapsed comment expands from
    /// a tap anywhere in the label, the slack above and below the text too (a fifth audit found
    /// the text's own frame).
    @Test func aCollapsedCommentExpandsFromAnywhereInItsLabel() throws {
        let words = (1...120).map { "word\($0)" }.joined(separator: " ")
        let layout = try T.layout(#""commentList": [\#(T.comment("c1", words))]"#)
        let row = try T.item(layout, "p.comment.c1")
        let bubble = try T.element(row, .comment).frame
        let expand = try #require(row.actions.first { $0.event == "willExpandLabel" })
        #expect(bubble.height > 2 * 12 + 8 * 19)  // slack in the bubble
        #expect(expand.frame.minY == bubble.minY + 12 && expand.frame.maxY == bubble.maxY - 12)
    }

    /// A reply: the avatar at (52, 0), the text measured at W − 128; 97 + text + stack. Its action
    /// row has Reply, as the kit draws it: `configure` hides a reply's Reply button, then
    /// `toggleActionVisibility` shows every action again on a post the viewer can comment on.
    @Test func aReplyIsIndentedAndHasReplyAsInTheKit() throws {
        let measurer = FakeMeasurer()
        let replies = #"[\#(T.comment("c1", "Yes", #", "replies": [\#(Self.reply("r1"))]"#))]"#
        let layout = try T.layout(#""commentList": \#(replies)"#, measurer: measurer)
        let row = try T.item(layout, "p.reply.r1")
        #expect(row.type == "reply")
        #expect(try T.element(row, .avatar).frame == Rect(x: 52, y: row.frame.y, width: 28, height: 28))
        #expect(try T.element(row, .name).frame.x == 88)
        #expect(measurer.widths(for: "Ok").contains(375 - 128))
        #expect(row.frame.height == 97 + 19 + 22)
        #expect(layout.items.map(\.id).suffix(3) == ["p.comment.c1", "p.reply.r1", "p.comment.c1.footer"])
        // Like, Reply and the option button, 12 apart, from the content's x (88).
        let like = try T.element(row, .likeButton, 1), reply = try T.element(row, .replyButton, 1)
        let replyIcon = try T.element(row, .replyButton)
        #expect(replyIcon.frame.x == like.frame.maxX + 12)
        #expect(abs(replyIcon.frame.width - 13.48) < 0.01 && abs(replyIcon.frame.height - 12) < 0.01)  // icon_reply's size
        #expect(T.text(reply) == "Reply")
        let option = try T.element(row, .optionButton)
        #expect(abs(option.frame.midX - (reply.frame.maxX + 12 + 11)) < 1e-9)
        let tap = try #require(row.actions.first { $0.event == "commentCellDidTapReply" })
        #expect(tap.arguments == ["postId": "p", "commentId": "r1"])
        #expect(layout.kitBehaviours.contains(KitBehaviourNote(behaviour: .replyOnReplies, itemId: "p.reply.r1")))
        #expect(!layout.kitBehaviours.contains { $0.itemId == "p.comment.c1" })

        // In a community the viewer has not joined, no action shows, on the comment or the reply.
        let outside = try T.layout(#""community": {"id": "c", "name": "Hikers", "isJoined": false}, "commentList": \#(replies)"#)
        let quiet = try T.item(outside, "p.reply.r1")
        #expect(!quiet.elements.contains { [.likeButton, .replyButton, .optionButton].contains($0.role) })
        #expect(!outside.kitBehaviours.contains { $0.behaviour == .replyOnReplies })
        #expect(quiet.frame.height == 97 + 19)
    }

    /// The first three replies show, then "View more replies" while fewer are shown than the
    /// comment has (its reply count and the deleted replies given).
    @Test func threeRepliesShowThenViewMoreReplies() throws {
        let five = (1...5).map { Self.reply("r\($0)") }.joined(separator: ",")
        let layout = try T.layout(#""commentList": [\#(T.comment("c1", "Yes", #", "replies": [\#(five)]"#))]"#)
        #expect(
            layout.items.map(\.id).suffix(6) == [
                "p.comment.c1", "p.reply.r1", "p.reply.r2", "p.reply.r3", "p.comment.c1.viewMoreReplies", "p.comment.c1.footer",
            ])
        let more = try T.item(layout, "p.comment.c1.viewMoreReplies")
        #expect(more.frame.height == 44)
        // "View more replies": 17 × 6.5 = 110.5 → 111; 12 + 12 + 8 + 111 + 12.
        #expect(try T.element(more, .viewReplies).frame == Rect(x: 52, y: more.frame.y + 4, width: 155, height: 28))
        let action = try #require(more.actions.first)
        #expect(action.event == "viewMoreRepliesDidTap" && action.arguments == ["postId": "p", "commentId": "c1", "origin": "feedshot"])

        let all = try T.layout(#""commentList": [\#(T.comment("c1", "Yes", #", "replies": [\#(five)], "shownReplies": 8"#))]"#)
        #expect(all.items.filter { $0.type == "reply" }.count == 5 && !all.items.contains { $0.type == "viewMoreReplies" })
        let counted = try T.layout(
            #""commentList": [\#(T.comment("c1", "Yes", #", "replyCount": 4, "replies": [\#(Self.reply("r1"))]"#))]"#)
        #expect(counted.items.contains { $0.type == "viewMoreReplies" })
        let deleted = #"\#(Self.reply("r1")), {"id": "r2", "isDeleted": true}"#
        let one = try T.layout(#""commentList": [\#(T.comment("c1", "Yes", #", "replies": [\#(deleted)], "shownReplies": 1"#))]"#)
        #expect(one.items.contains { $0.type == "viewMoreReplies" })
    }

    /// A deleted comment is a 44-point row, its replies not shown; a deleted reply a 28-point
    /// box at (52, 0) in a 44-point row.
    @Test func deletedCommentsAndRepliesHaveTheirOwnRows() throws {
        let replies = #"{"id": "r1", "isDeleted": true}, \#(Self.reply("r2"))"#
        let layout = try T.layout(
            #""commentList": [{"id": "c1", "isDeleted": true, "replies": [\#(Self.reply("r0"))]}, \#(T.comment("c2", "Yes", #", "replies": [\#(replies)]"#))]"#
        )
        #expect(
            layout.items.map(\.type).suffix(6) == ["deletedComment", "sectionFooter", "comment", "deletedReply", "reply", "sectionFooter"])
        let comment = try T.item(layout, "p.comment.c1")
        #expect(comment.frame.height == 44 && comment.actions.isEmpty)
        let text = try T.element(comment, .deleted, 1)
        #expect(T.text(text) == "This comment has been deleted.")
        #expect(text.frame == Rect(x: 47.5, y: comment.frame.y + 12.5, width: 225, height: 19))
        let reply = try T.item(layout, "p.reply.r1")
        #expect(reply.frame.height == 44)
        // "This reply has been deleted.": 28 × 6.5 = 182.
        #expect(try T.element(reply, .deleted).frame == Rect(x: 52, y: reply.frame.y, width: 182 + 40, height: 28))
        #expect(try T.element(reply, .deleted, 2).frame.x == 80)
        // `icon_delete_message` in its own #898E9E (not a template image) on both rows.
        for item in [comment, reply] {
            #expect(item.elements.contains { $0.content == .glyph(.messageDeleted, color: KitColors.deletedIcon) }, "\(item.id)")
        }
    }

    /// A long title (a translation, a document's `strings`) is cut where the kit's constraints
    /// stop each box: "View replies" 16 before the view's edge, cut in the middle (a button in a
    /// stack pinned 16 from the edge: `AmityCommentView.xib:186,222`), "View more replies" and the
    /// deleted reply at least 12 before the cell's, cut at the end (`≥ 12`:
    /// `AmityViewMoreReplyTableViewCell.xib:50`, `AmityDeletedReplyTableViewCell.xib:53`). The
    /// deleted reply's 15.5-point icon fills its 16-point aspect-fit view.
    @Test func longReplyTitlesStopWhereTheKitsConstraintsStopTheirBoxes() throws {
        let long = Array(repeating: "Antworten", count: 8).joined(separator: " ")
        let strings =
            #""strings": {"general_view_reply": "\#(long)", "post_detail_view_more_reply": "\#(long)", "post_detail_deleted_reply_message": "\#(long)"}"#
        let five = (1...5).map { Self.reply("r\($0)") }.joined(separator: ",") + #", {"id": "r6", "isDeleted": true}"#
        let withReplies = T.comment("c1", "Yes", #", "replyCount": 9, "replies": [\#(five)], "shownReplies": 6"#)
        func layout(_ comments: String) throws -> Layout {
            let json =
                #"{"kind": "post", "width": 320, "viewer": "u1", "now": "2026-11-29T12:00:00Z", \#(strings), "post": \#(T.post), \#(comments)}}"#
            return try LayoutEngine.layout(Document.decode(Data(json.utf8)), measurer: FakeMeasurer())
        }
        let preview = try T.item(try layout(#""previewComments": [\#(T.comment("c1", "Yes", #", "replyCount": 9"#))]"#), "p.comment.c1")
        let viewReplies = try T.element(preview, .viewReplies)
        // Within a character (6.5 points here) of its limit, not past it.
        #expect(viewReplies.frame.maxX <= 320 - 16 && viewReplies.frame.maxX > 320 - 16 - 6.5)
        let title = T.text(try T.element(preview, .viewReplies, 2))
        #expect(title.hasPrefix("Antworten") && title.hasSuffix("Antworten") && title.contains("…"), "\(title)")
        let detail = try layout(#""commentList": [\#(withReplies)]"#)
        let more = try T.item(detail, "p.comment.c1.viewMoreReplies")
        let moreBox = try T.element(more, .viewReplies).frame
        #expect(moreBox.maxX <= 320 - 12 && moreBox.maxX > 320 - 12 - 6.5)
        #expect(T.text(try T.element(more, .viewReplies, 2)).hasSuffix("…"))
        let deleted = try #require(detail.items.first { $0.type == "deletedReply" })
        let deletedBox = try T.element(deleted, .deleted).frame
        #expect(deletedBox.maxX <= 320 - 12 && deletedBox.maxX > 320 - 12 - 6.5)
        #expect(T.text(try T.element(deleted, .deleted, 2)).hasSuffix("…"))
        #expect(try T.element(deleted, .deleted, 1).frame == Rect(x: 56, y: deleted.frame.y + 6, width: 16, height: 16))
    }

    /// With a comment list the post is a post detail: no preview comments.
    @Test func aCommentListReplacesThePreviews() throws {
        let layout = try T.layout(#""previewComments": [\#(T.comment("c0"))], "commentList": [\#(T.comment("c1"))]"#)
        #expect(!layout.items.contains { $0.type == "previewComment" })
        #expect(layout.items.contains { $0.id == "p.comment.c1" })
    }

    /// Collapsed text expands in place: the feed's preview cell reports `willExpandExpandableLabel`,
    /// the post detail's label `willExpandLabel`; text that is not collapsed fires `postDidtap` in
    /// the feed and nothing in a post detail. The preview's whole row, last, is `postDidtap`.
    @Test func collapsedTextExpandsOnEachScreen() throws {
        let long = Array(repeating: "abcd", count: 100).joined(separator: " ")
        let preview = try T.item(try T.layout(#""previewComments": [\#(T.comment("c1", long))]"#), "p.comment.c1")
        let text = try T.element(preview, .text)
        #expect(
            preview.actions.contains {
                $0.event == "willExpandExpandableLabel"
                    && $0.frame == text.frame.offsetBy(dy: AmityExpandableLabel.baselineOffsetRatio * 15)
            })
        #expect(preview.actions.last?.event == "postDidtap" && preview.actions.last?.frame == preview.frame)
        #expect(preview.actions.first?.event == "userDidTap")
        let detail = try T.item(try T.layout(#""commentList": [\#(T.comment("c1", long)), \#(T.comment("c2"))]"#), "p.comment.c1")
        #expect(detail.actions.contains { $0.event == "willExpandLabel" && $0.arguments == ["postId": "p", "commentId": "c1"] })
        let short = try T.item(try T.layout(#""commentList": [\#(T.comment("c2"))]"#), "p.comment.c2")
        #expect(!short.actions.contains { $0.event == "postDidtap" })
    }

    /// Decoding leniently, a field of another placement is reported once, saying where it belongs,
    /// and the comment is drawn without it.
    @Test func misplacedFieldsAreWarnedOnceWhenLenient() throws {
        var options = DecodingOptions()
        options.unknownFields = .warn
        let json = #"{"kind": "post", "post": \#(T.post), "previewComments": [\#(T.comment("c1", "Yes", #", "shownReplies": 2"#))]}}"#
        let document = try Document.decode(Data(json.utf8), options: options)
        #expect(
            document.warnings == [
                #"post.previewComments[0].shownReplies: a preview comment has no "shownReplies" (only a post detail's comments, in "commentList", do)"#
            ])
    }

    /// The action row is no wider than the column: where Like, the count, Reply and the option
    /// button do not fit (German at 320 points), UIKit compresses the buttons and their titles are
    /// cut in the middle (`AmityCommentView.xib`, `middleTruncation`), one at a time.
    @Test func aCrowdedActionRowCutsItsTitlesInTheMiddle() throws {
        let replies = #"[\#(T.comment("c1", "Yes", #", "replies": [\#(Self.reply("r1", #", "likes": 1250"#))]"#))]"#
        func crowded(width: Int) throws -> Layout {
            let json =
                #"{"kind": "post", "viewer": "u1", "now": "2026-11-29T12:00:00Z", "width": \#(width), "locale": "de_DE", "post": \#(T.post), "commentList": \#(replies)}}"#
            return try LayoutEngine.layout(Document.decode(Data(json.utf8)), measurer: FakeMeasurer())
        }
        let layout = try crowded(width: 320)
        let row = try T.item(layout, "p.reply.r1")
        let option = try T.element(row, .optionButton)
        #expect(option.frame.maxX <= 320 - 16)
        let titles = row.elements.filter { $0.role == .likeButton || $0.role == .replyButton }.map(T.text).filter { !$0.isEmpty }
        // One title gives way at a time, as UIKit's solver gives the shortfall to one view: the one
        // with the most to give, down to its first and last letters, then the other.
        #expect(titles == ["G…r", "Antw…ten"], "\(titles)")
        // Narrower, the row still stays in its column: a title squeezed below its "…" is not drawn
        // rather than drawn wider than its room.
        for narrow in [300, 280, 260, 240] {
            let row = try T.item(try crowded(width: narrow), "p.reply.r1")
            #expect(try T.element(row, .optionButton).frame.maxX <= Double(narrow - 16), "\(narrow)")
        }
        // With room, whole.
        let roomy = try crowded(width: 414)
        let whole = try T.item(roomy, "p.reply.r1").elements.filter { $0.role == .likeButton || $0.role == .replyButton }.map(T.text)
        #expect(whole.contains("Gefällt mir") && whole.contains("Antworten"))
    }

    @Test func stackCompressionCutsTheLongestFirst() {
        #expect(StackCompression.widths([60, 40], room: 120) == [60, 40])
        #expect(StackCompression.widths([60, 40], room: 90) == [50, 40])
        // One view gives way, as UIKit's solver settles it, not both a little.
        #expect(StackCompression.widths([60, 58], room: 114) == [56, 58])
        #expect(StackCompression.widths([58, 60], room: 114) == [58, 56])
        #expect(StackCompression.widths([60, 40], room: 30) == [0, 30])
        #expect(StackCompression.widths([40, 40], room: 70) == [30, 40])
        #expect(StackCompression.widths([60, 40], room: -5) == [0, 0])
        // What a view must keep (a count's number) it gives last.
        #expect(StackCompression.widths([60, 40], floors: [55, 10], room: 90) == [60, 30])
        #expect(StackCompression.widths([60, 40], floors: [55, 10], room: 60) == [50, 10])
        #expect(StackCompression.widths([60, 40], floors: [55, 10], room: 40) == [30, 10])
    }
}
