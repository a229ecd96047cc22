/// What taps on a post waiting for review do. The kit shows such posts on its pending-posts
/// screens, whose controllers handle few of a post's actions:
/// - the list (`Scenes/Pending Posts/ViewController/AmityPendingPostsViewController.swift:66-73,
///   143-166,186-199`): the header's option button; any other tap on the content, and the row
///   itself, opens the post's pending detail — Feedshot's own `pendingPostDidTap {postId}` —
///   except expanding collapsed text in place; the name, avatar, mentions and community do nothing;
/// - the detail (`AmityPendingPostsDetailViewController.swift:118-141,154-200`): the option
///   button, the photo viewer and files; nothing else.
/// Accept and Decline keep their own events on both.
enum PendingPostTaps {
    /// `actions` of one of `post`'s cells as the pending screens handle them: on the list, the
    /// cell's `row` itself last (`didSelectRowAt`), under the taps of its parts — nil for the
    /// header, whose name, avatar and community, most of it, take a tap and do nothing.
    static func actions(_ actions: [LayoutAction], post: Post, row: Rect?) -> [LayoutAction] {
        var result: [LayoutAction] = []
        func opens(_ frame: Rect) {
            let action = LayoutAction(event: .pendingPostDidTap, arguments: ["postId": post.id, "origin": "feedshot"], frame: frame)
            if !result.contains(action) { result.append(action) }
        }
        for action in actions {
            if kept(action.event, on: post.display) {
                result.append(action)
            } else if post.display == .feed, !silent.contains(action.event) {
                opens(action.frame)
            }
        }
        if post.display == .feed, let row { opens(row) }
        return result
    }

    /// Events the pending screens handle as the feed does.
    static func kept(_ event: LayoutEvent, on display: PostDisplay) -> Bool {
        switch event {
        case .postOptionDidTap, .pendingPostAcceptDidTap, .pendingPostDeclineDidTap, .readMoreDidTap: true
        case .imageDidTap, .fileDidTap: display == .detail
        default: false
        }
    }

    /// What the list's header delegate ignores: the author and the community.
    static let silent: Set<LayoutEvent> = [.userDidTap, .communityDidTap]
}
