import Foundation
import Testing

@testable import FeedshotLayout

/// Bad feed input is refused naming the field.
struct FeedDecodingTests {
    typealias F = FeedFixture
    static let two = #"[{"text": "A"}, {"text": "B"}]"#

    @Test(arguments: [
        (#""dataType": "image""#, "posts[0].images: an image post needs at least one image"),
        (#""dataType": "file""#, "posts[0].files: a file post needs at least one file"),
        (#""dataType": "poll""#, "posts[0].poll: is required for a poll post"),
        (#""dataType": "liveStream""#, "posts[0].liveStream: is required for a liveStream post"),
        (#""images": [{"src": ""}], "files": [{"name": "a"}]"#, "posts[0].files: a post has images or files, not both"),
        (#""poll": {"answers": \#(two)}"#, #"posts[0].poll: only a poll post has a poll (dataType "poll")"#),
        (#""dataType": "poll", "poll": {"answers": [{"text": "A"}]}"#, "posts[0].poll.answers: a poll needs at least 2 answers (got 1)"),
        (
            #""dataType": "poll", "poll": {"answers": [{"text": "A", "isSelected": true}, {"text": "B", "isSelected": true}]}"#,
            "posts[0].poll.answers: a single-choice poll has at most one selected answer"
        ),
        (
            #""dataType": "poll", "poll": {"answers": \#(two), "close": true}"#,
            #"posts[0].poll.close: unknown field (known: question, answers, isMultipleChoice, isClosed, closesAt, totalVotes, isVoted)"#
        ),
        (
            #""dataType": "poll", "poll": {"answers": \#(two), "closesAt": "soon"}"#,
            "posts[0].poll.closesAt: must be an RFC 3339 date-time like \"2026-11-29T12:00:00Z\" (got \"soon\": the date must be YYYY-MM-DD)"
        ),
        (#""dataType": "liveStream", "liveStream": {}"#, "posts[0].liveStream.status: is required"),
        (
            #""dataType": "liveStream", "liveStream": {"status": "paused"}"#,
            #"posts[0].liveStream.status: unknown value "paused" (use live, recorded, ended, idle)"#
        ),
        (
            #""text": "no link", "linkPreview": {"state": "loaded"}"#,
            #"posts[0].linkPreview: only a text post with a link in its text (or a "url") has a link preview"#
        ),
        (
            #""text": "x.com", "linkPreview": {"state": "done"}"#,
            #"posts[0].linkPreview.state: unknown value "done" (use loaded, failed, loading)"#
        ),
        (#""text": "x", "linkPreview": {"url": "nowhere"}"#, #"posts[0].linkPreview.url: is not a link with a host (got "nowhere")"#),
        (#""canReview": true"#, #"posts[0].canReview: applies to a pending post ("isPending": true)"#),
        // Content the post's cells do not draw is refused, not ignored.
        (
            #""dataType": "poll", "poll": {"answers": \#(two)}, "images": [{"src": "a.jpg"}]"#,
            "posts[0].images: a poll post draws its poll, not images; leave them out"
        ),
        (
            #""dataType": "poll", "poll": {"answers": \#(two)}, "text": "Vote!""#,
            #"posts[0].text: a poll post draws its poll's question, not its text (the kit's cells: header, poll, footer); leave it out, or list a "text" cell in "components""#
        ),
        (
            #""dataType": "liveStream", "liveStream": {"status": "live"}, "files": [{"name": "a.pdf"}]"#,
            "posts[0].files: a liveStream post draws its stream and text, not files; leave them out"
        ),
        (
            #""text": "@Bo", "mentions": [{"userId": "u3", "index": 0, "length": 5}]"#,
            #"posts[0].mentions[0].length: the mention (index 0, "@" and 5 more) ends past the text's 3 UTF-16 units"#
        ),
        (
            #""text": "@Bo", "mentions": [{"userId": "u3", "index": 0, "length": 0}]"#,
            #"posts[0].mentions[0].length: must be a whole number of at least 1 (the name's length after the "@")"#
        ),
        (#""community": {"name": "C", "joined": false}"#, #"posts[0].community.joined: unknown field; did you mean "isJoined"?"#),
        (#""files": [{"name": "a", "ext": "pdf"}]"#, #"posts[0].files[0].ext: unknown field (known: name, size, extension)"#),
        (#""dataType": "quiz", "components": ["poll"]"#, #"posts[0].components[0]: a "poll" cell needs the post's "poll""#),
        (
            #""dataType": "quiz", "components": ["banner"]"#,
            #"posts[0].components[0]: unknown component "banner" (use header, text, gallery, file, poll, liveStream, linkPreview, footer, comments, placeholder, pendingActions or {"type": "custom", …})"#
        ),
    ])
    func refusals(fields: String, message: String) {
        #expect(F.refusal(F.post("p", fields)) == message)
    }

    /// Pango styles a text's stretches run by run from the text's start (n² for n mentions: 20,000
    /// took 6.9 s); the kit's composer allows 30.
    @Test func moreThanTwoThousandMentionsInOneTextAreRefused() {
        func post(mentions count: Int) -> String {
            let mentions = (0..<count).map { #"{"userId": "u3", "index": \#(3 * $0), "length": 1}"# }.joined(separator: ", ")
            return F.post("p", #""text": "\#(String(repeating: "@a ", count: count))", "mentions": [\#(mentions)]"#)
        }
        #expect(
            F.refusal(post(mentions: 2_001))
                == "posts[0].mentions: has 2001 mentions, more than 2000 (Pango's time to style them grows with the square of their number)"
        )
        #expect(F.refusal(post(mentions: 2_000)) == nil)
    }

    @Test func authorAndDocumentFieldsAreChecked() {
        #expect(
            F.refusal(F.post("p", "", author: #"{"id": "u2", "banned": true}"#))
                == #"posts[0].author.banned: unknown field; did you mean "isGlobalBanned"?"#)
        // A word of a known field is suggested only where it is one: not "closesAt" for "close".
        #expect(KnownFields.containing("close", in: ["isClosed", "closesAt"]) == nil)
        #expect(KnownFields.containing("type", in: ["dataType", "typeface"]) == "dataType")
        #expect(KnownFields.containing("ext", in: ["name", "extension"]) == nil)
        #expect(
            throws: DocumentError(
                path: "display",
                message:
                    #"unknown field (known: kind, width, scale, theme, textSize, now, locale, timeZone, strings, layoutDirection, typography, viewer, sharing, screenHeight, communityFeed, posts)"#
            )
        ) {
            try Document.decode(F.feed([F.post("p", "")], extra: #", "display": "detail""#))
        }
        #expect(throws: DocumentError(path: "display", message: #"unknown value "full" (use feed, detail)"#)) {
            try Document.decode(Data(#"{"kind": "post", "display": "full", "post": \#(F.post("p", ""))}"#.utf8))
        }
        #expect(throws: DocumentError(path: "screenHeight", message: "must be a positive number (got -1)")) {
            try Document.decode(F.feed([F.post("p", "")], extra: #", "screenHeight": -1"#))
        }
    }

    @Test func anUnknownDataTypeWithoutComponentsIsNoLongerRefused() throws {
        let document = try Document.decode(F.feed([F.post("p", #""dataType": "survey""#)]))
        guard case .feed(let feed) = document.content else {
            Issue.record("a feed document decoded as \(document.content)")
            return
        }
        #expect(feed.posts[0].defaultComponents == [.placeholder])
    }
}
