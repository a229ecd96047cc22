/// Sharing targets per origin: Amity's defaults, overridable per origin (the Amity seed document's rule; docs/conformance/amity.md).
public struct SharingSettings: Sendable, Hashable {
    /// The targets each origin allows.
    public var targets: [PostOrigin: [SharingTarget]]

    /// My feed, user feed and public community posts → my feed, public and private communities;
    /// private community posts → their origin feed only.
    public static let defaults = SharingSettings(targets: [
        .myFeed: [.myFeed, .publicCommunity, .privateCommunity],
        .userFeed: [.myFeed, .publicCommunity, .privateCommunity],
        .publicCommunity: [.myFeed, .publicCommunity, .privateCommunity],
        .privateCommunity: [.originFeed],
    ])

    /// Settings with these targets per origin.
    public init(targets: [PostOrigin: [SharingTarget]]) {
        self.targets = targets
    }

    /// The defaults with `overrides` replacing whole origins.
    public func overriding(_ overrides: [PostOrigin: [SharingTarget]]) -> SharingSettings {
        SharingSettings(targets: targets.merging(overrides) { _, new in new })
    }

    /// The targets `origin` allows (none when unset).
    public func targets(for origin: PostOrigin) -> [SharingTarget] {
        targets[origin] ?? SharingSettings.defaults.targets[origin] ?? []
    }

    /// The share menu for a post from `origin`, in the kit's order; each item only when allowed —
    /// the seed document's rule: `myFeed` (or `originFeed` of a non-community post) → "Share to
    /// My Timeline"; a community target (or `originFeed` of a community post) → "Share to Group";
    /// `external` → "More options". (The kit's code always lists "Share to My Timeline" and
    /// ignores `originFeed`: README, "Feed posts and sharing".)
    public func menu(for origin: PostOrigin) -> [ShareMenuItem] {
        let allowed = Set(targets(for: origin))
        var items: [ShareMenuItem] = []
        if allowed.contains(.myFeed) || (allowed.contains(.originFeed) && !origin.isCommunity) { items.append(.shareToMyTimeline) }
        if allowed.contains(.publicCommunity) || allowed.contains(.privateCommunity)
            || (allowed.contains(.originFeed) && origin.isCommunity)
        {
            items.append(.shareToGroup)
        }
        if allowed.contains(.external) { items.append(.moreOptions) }
        return items
    }
}
