/// One entry of the menu a post's share button opens, with the event it fires.
public enum ShareMenuItem: String, Sendable, Hashable, CaseIterable {
    case shareToMyTimeline, shareToGroup, moreOptions

    /// The key of the row's title.
    package var titleKey: StringKey {
        switch self {
        case .shareToMyTimeline: .shareToMyTimeline
        case .shareToGroup: .shareToGroup
        case .moreOptions: .moreOptions
        }
    }

    /// The `AmityPostSharingEventHandler` event the item fires.
    public var event: LayoutEvent {
        switch self {
        case .shareToMyTimeline: .sharePostToMyTimelineDidTap
        case .shareToGroup: .sharePostToGroupDidTap
        case .moreOptions: .sharePostDidTap
        }
    }
}
