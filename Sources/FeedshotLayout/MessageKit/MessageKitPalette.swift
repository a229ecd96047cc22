/// The colours the MessageKit profile draws with, per appearance: every colour the engine uses
/// comes from here or from the document's `messageKit` settings (docs/conformance/messagekit.md
/// gives each one's source).
struct MessageKitPalette: Sendable, Hashable {
    var incomingBubble: Color
    var outgoingBubble: Color
    var incomingText: Color
    var outgoingText: Color
    /// Cell and message labels (date, name, time).
    var label: Color
    /// Links and mentions in incoming attributed text.
    var link: Color
    /// The `custom` kind's block, and the location pin.
    var accent: Color
    /// A photo that did not load.
    var mediaPlaceholder: Color
    /// The location cell's map.
    var map: Color
    /// Streets on the map.
    var mapStreet: Color
    /// The play button's disc, and what is drawn on media.
    var mediaScrim: Color
    var onMedia: Color
    /// A link preview's missing thumbnail, and its photo glyph.
    var thumbnailPlaceholder: Color
    var thumbnailGlyph: Color
    /// The contact cell's initials circle.
    var contactCircle: Color
    /// The avatar placeholder and its initials.
    var avatarPlaceholder: Color
    var avatarInitials: Color
    /// The typing indicator's dots.
    var typingDots: Color

    static let light = MessageKitPalette(
        incomingBubble: Color(hex: "#E6E6EB")!, outgoingBubble: Color(hex: "#45D65D")!, incomingText: .black, outgoingText: .white,
        label: Color(hex: "#8E8E93")!, link: Color(hex: "#007AFF")!, accent: Color(hex: "#FF3B30")!,
        mediaPlaceholder: Color(hex: "#D1D1D6")!, map: Color(hex: "#DDEBD9")!, mapStreet: Color.white.withAlpha(0.8),
        mediaScrim: Color.black.withAlpha(0.45), onMedia: .white, thumbnailPlaceholder: Color.black.withAlpha(0.12),
        thumbnailGlyph: Color.black.withAlpha(0.4), contactCircle: Color(hex: "#AEAEB2")!, avatarPlaceholder: Color(hex: "#C7C7CC")!,
        avatarInitials: .white, typingDots: Color(hex: "#8E8E93")!)

    static let dark: MessageKitPalette = {
        var palette = MessageKitPalette.light
        palette.incomingBubble = Color(hex: "#3A3A3C")!
        palette.incomingText = .white
        palette.mediaPlaceholder = Color(hex: "#2C2C2E")!
        palette.map = Color(hex: "#3B4A3F")!
        return palette
    }()

    /// The palette for `appearance`.
    static func forAppearance(_ appearance: Theme.Appearance) -> MessageKitPalette {
        appearance == .dark ? .dark : .light
    }
}
