/// One message's container as a size calculator computes it: its size and what is drawn in it,
/// measured once. One case per MessageKit kind.
enum MessageKitContainer {
    /// Text kinds (text, attributedText, emoji, text-driven custom kinds): the text inside insets.
    case text(TextBlock, insets: EdgeInsets, hasBubble: Bool)
    /// photo, video: the image aspect-filled into the container.
    case media(ref: String, isVideo: Bool)
    case location
    case audio(duration: TextBlock)
    case contact(initials: TextBlock, name: TextBlock, insets: EdgeInsets)
    case linkPreview(text: TextBlock, insets: EdgeInsets, title: TextBlock, teaser: TextBlock, host: TextBlock, thumbnail: String?)
    /// The `custom` kind: a block of its given size.
    case custom(Color)
}

extension MessageKitContainer {
    static let linkImageSize = 60.0
    static let linkImageMargin = 8.0
    static let defaultCustomSize = Size(width: 300, height: 130)
    static let defaultLocationSize = Size(width: 240, height: 240)
    static let defaultAudioSize = Size(width: 160, height: 35)
}
