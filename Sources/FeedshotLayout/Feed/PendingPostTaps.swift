/// What taps on a post waiting for review do. The kit shows such posts on its pending-posts
/// screens, whose controllers handle few of a post's actions:
/// - the list (`Scenes/Pending Posts/ViewController/AmityPendingPostsViewController.swift:66-73,
///   143-166,186-199`): the header's option button; any other tap on the content, and the row
///   itself, opens the post's pending detail — Feedshot's own `pendingPostDidTap {postId}` — a
///   mention in the text too (`tapOnMentionWithUserId`), and a tap on collapsed text, which the
///   label expands behind it (`willExpandExpandableLabel` opens the detail; only
///   `didExpandExpandableLabel` is passed over); the header's name, avatar and community do nothing;
/// - the detail (`Scenes/Pending Post Detail/ViewController/AmityPendingPostsDetailViewController.swift:118-141,154-200`): the option
///   button, the photo viewer and files; nothing else.
/// On both, a link opens itself, as everywhere (`Components/AmityExpandableLabel.swift:256-259`:
/// the label opens the URL without a delegate call). Accept and Decline keep their own events.
enum PendingPostTaps {
    /// `actions` of one of `post`'s cells as the pending screens handle them: on the list, the
    /// cell's `row` itself last (`didSelectRowAt`), under the taps of its parts — nil for the
    /// header, whose name, avatar and community, most of it, take a tap and do nothing (the
    /// header's delegate passes them over; a mention's tap elsewhere opens the detail).
    static func actions(_ actions: [LayoutAction], post: Post, row: Rect?) -> [LayoutAction] {
        let isHeader = row == nil
        var result: [LayoutAction] = []
        // The frames that open the detail already (a set: searching the result for each took
        // time growing with the square of a text's 2,000 mentions).
        var opening: Set<Rect> = []
        func opens(_ frame: Rect) {
            guard opening.insert(frame).inserted else { return }
            result.append(LayoutAction(event: .pendingPostDidTap, arguments: ["postId": post.id, "origin": "feedshot"], frame: frame))
        }
        for action in actions {
            if kept(action.event, on: post.display) {
                result.append(action)
            } else if post.display == .feed, !(isHeader && silent.contains(action.event)) {
                opens(action.frame)
            }
        }
        if post.display == .feed, let row { opens(row) }
        return result
    }

    /// Events the pending screens handle as the feed does.
    static func kept(_ event: LayoutEvent, on display: PostDisplay) -> Bool {
        switch event {
        case .postOptionDidTap, .pendingPostAcceptDidTap, .pendingPostDeclineDidTap, .linkDidTap: true
        case .imageDidTap, .fileDidTap, .readMoreDidTap: display == .detail
        default: false
        }
    }

    /// What the list's header delegate ignores: the author and the community (in the header).
    static let silent: Set<LayoutEvent> = [.userDidTap, .communityDidTap]
}
