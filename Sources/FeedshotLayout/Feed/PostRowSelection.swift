/// The table's row selection on a post's cells. In the feed, a tap that no view of a cell takes —
/// a header's clear top and empty space, a text cell's insets, the gaps between files, a poll's
/// margins, the footer's empty width, a placeholder, a covered (ended or idle) live stream —
/// selects the row, and the feed fires `postDidtap` for the row's post
/// (`Feed Posts/Scenes/Feed/ViewController/AmityFeedViewController.swift:221-228`). A post
/// detail's `didSelectRowAt` reacts only to "View more replies" rows
/// (`Feed Posts/Scenes/Post Detail/ViewController/AmityPostDetailViewController.swift:253-258`),
/// so there such taps do nothing. Pending posts have their own screens' rule (`PendingPostTaps`);
/// comment rows add theirs where they are made (`PostCommentsCell`).
enum PostRowSelection {
    /// `actions` of one of `post`'s cells, whose row is `row`: in the feed, with `postDidtap` over
    /// the whole row last, under the taps of its parts (a tap goes to the first action that holds
    /// it); on the post detail, as they are.
    static func actions(_ actions: [LayoutAction], post: Post, row: Rect) -> [LayoutAction] {
        guard post.display == .feed else { return actions }
        // A custom cell already fires `postDidtap` over its row, with its component.
        if actions.contains(where: { $0.event == .postDidtap && $0.frame == row }) { return actions }
        return actions + [LayoutAction(event: .postDidtap, arguments: ["postId": post.id], frame: row)]
    }
}
