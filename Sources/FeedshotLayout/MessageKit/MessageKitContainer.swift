/// One message's container as a size calculator computes it: its size and what is drawn in it,
/// measured once. One case per MessageKit kind.
enum MessageKitContainer {
    /// Text kinds (text, attributedText, emoji, text-driven custom kinds): the text at the label
    /// insets' top left, with what the detectors found and the mention runs.
    case text(TextBlock, insets: EdgeInsets, matches: [MessageKitDetectors.Match], mentions: [(start: Int, end: Int, userId: String)])
    /// photo, video: the image aspect-filled into the container.
    case media(ref: String, isVideo: Bool)
    case location
    case audio(duration: TextBlock)
    case contact(initials: TextBlock, name: TextBlock)
    case linkPreview(LinkPreview)
    /// A fixed-size custom kind: a block of its colour (the app's own cell).
    case custom(Color)

    /// `LinkPreviewMessageCell`'s contents.
    struct LinkPreview {
        var text: TextBlock
        var insets: EdgeInsets
        var matches: [MessageKitDetectors.Match]
        var title: TextBlock
        var teaser: TextBlock
        var domain: TextBlock
        var thumbnail: String?
        var url: String
    }
}

extension MessageKitContainer {
    /// `LinkPreviewMessageSizeCalculator.imageViewSize` and `imageViewMargin`.
    static let linkImageSize = 60.0
    static let linkImageMargin = 8.0
    /// The gap `LinkPreviewView` leaves between its labels.
    static let linkLabelGap = 3.0
    /// The `custom` kind without a size: the MessageKit guide's example.
    static let defaultCustomSize = Size(width: 300, height: 130)
    /// The Example app's `CoordinateItem` and `MockAudioItem` sizes.
    static let defaultLocationSize = Size(width: 240, height: 240)
    static let defaultAudioSize = Size(width: 160, height: 35)
}
