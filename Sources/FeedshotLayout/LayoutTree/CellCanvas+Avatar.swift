extension CellCanvas {
    /// Amity's avatar: the decoded image in a circle, or the placeholder circle with a person when
    /// it did not load; tappable as `userDidTap` unless `isTappable` is false (the chat's avatars
    /// fire nothing: docs/conformance/amity.md, "Chat").
    ///
    /// - Returns: Why the image did not load, when the reference was not empty (for a warning).
    mutating func addAmityAvatar(
        ref: String, userId: String, frame: Rect, theme: Theme, images: ImageCatalog, isTappable: Bool = true
    ) -> String? {
        var failure: String?
        switch images.entry(ref) {
        case .loaded:
            add(.avatar, frame, .image(ref: ref, cornerRadius: frame.width / 2))
        case .failed(let reason):
            if !ref.isEmpty { failure = reason }
            add(.avatar, frame, .box(fill: theme.avatarPlaceholder, corners: .all(frame.width / 2)))
            add(.icon, frame, .glyph(.person, color: .white))
        }
        if isTappable { action(.userDidTap, ["userId": userId], frame) }
        return failure
    }
}
