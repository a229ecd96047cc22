/// For Swift users: the equivalent of implementing `AmityPostComposable` — decide which cells a
/// post of a custom data type shows (built-in cells and `CustomPostComponent`s), instead of the
/// document listing `components`.
///
/// Register one per data type in `PostComposers` and pass it to `Document.decode` (so such posts
/// may omit `components`) and to the layout (`RenderOptions.postComposers` in FeedshotRender).
public protocol PostComposable: Sendable {
    /// The cells to draw for `post`, top to bottom.
    func components(for post: Post) -> [PostComponent]
}

/// Composers by post data type.
public struct PostComposers: Sendable {
    public var byDataType: [String: any PostComposable]

    public init(_ byDataType: [String: any PostComposable] = [:]) {
        self.byDataType = byDataType
    }

    /// The cells for `post`: its own `components`, else its data type's composer's.
    func components(for post: Post) -> [PostComponent] {
        if !post.components.isEmpty { return post.components }
        return byDataType[post.dataType]?.components(for: post) ?? post.defaultComponents
    }
}
