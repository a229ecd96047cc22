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
