/// Where a post is shown (`AmityPostModel.PostDisplayType`): in a feed, collapsed with its
/// latest comments, or alone on its detail screen, expanded, with no option button and no
/// comment previews.
public enum PostDisplay: String, Sendable, Hashable, CaseIterable {
    case feed, detail
}
