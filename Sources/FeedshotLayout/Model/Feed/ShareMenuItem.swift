/// One entry of the menu a post's share button opens, with the event it fires.
public enum ShareMenuItem: String, Sendable, Hashable, CaseIterable {
    case shareToMyTimeline, shareToGroup, moreOptions

    public var title: String {
        switch self {
        case .shareToMyTimeline: "Share to my timeline"
        case .shareToGroup: "Share to group"
        case .moreOptions: "More options"
        }
    }

    /// The `AmityPostSharingEventHandler` event the item fires.
    public var event: String {
        switch self {
        case .shareToMyTimeline: "sharePostToMyTimelineDidTap"
        case .shareToGroup: "sharePostToGroupDidTap"
        case .moreOptions: "sharePostDidTap"
        }
    }
}
