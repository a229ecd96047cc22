import Foundation

/// One cell of a post, in order: the equivalent of `AmityPostComposable`'s cells.
public enum PostComponent: Sendable, Hashable {
    case header, text, gallery, file, footer, comments
    /// A declarative custom cell.
    case custom(CustomPostComponent)
}
