/// Composers by post data type.
public struct PostComposers: Sendable {
    /// The composers, by the post data type each draws.
    public var byDataType: [String: any PostComposable]

    /// Composers by data type.
    public init(_ byDataType: [String: any PostComposable] = [:]) {
        self.byDataType = byDataType
    }

    /// The cells for `post`: its own `components`, else its data type's composer's.
    func components(for post: Post) -> [PostComponent] {
        if !post.components.isEmpty { return post.components }
        return byDataType[post.dataType]?.components(for: post) ?? post.defaultComponents
    }
}
