/// The colours the MessageKit profile draws with, per appearance: MessageKit 5's colour assets
/// (`Sources/Assets.xcassets/Colors/*.colorset` at b4493fe), which name UIKit's system colours,
/// with those colours' sRGB values; and Feedshot's own stand-ins where MessageKit shows a
/// picture Feedshot cannot (a map, a missing photo). Every colour the engine uses comes from
/// here or from the document's `messageKit` settings (docs/conformance/messagekit.md, "Colours").
struct MessageKitPalette: Sendable, Hashable {
    /// `collectionViewBackground`: systemBackground.
    var background: Color
    /// `incomingMessageBackground`: systemGray5 (also the typing bubble).
    var incomingBubble: Color
    /// `outgoingMessageBackground`: systemGreen.
    var outgoingBubble: Color
    /// `incomingMessageLabel`: labelColor in light, white in dark.
    var incomingText: Color
    /// `outgoingMessageLabel`: white in light, labelColor (white) in dark.
    var outgoingText: Color
    /// UILabel's default `textColor`, `label`: labelColor (attributed text without a colour, the
    /// contact's initials, Feedshot's name and time labels).
    var label: Color
    /// `UIColor.darkGray` (not dynamic): the Example app's cell top and bottom labels.
    var darkGray: Color
    /// `UIColor.darkText` (not dynamic): `MessageLabel.defaultAttributes` for detected ranges.
    var darkText: Color
    /// TextKit's colour for `.link` ranges: systemBlue.
    var link: Color
    /// `avatarViewBackground`: systemGray.
    var avatarBackground: Color
    /// `AvatarView.placeholderTextColor`: white.
    var avatarInitials: Color
    /// `typingIndicatorDot`: systemGray2.
    var typingDot: Color
    /// `incomingAudioMessageTint`: systemBlue.
    var incomingAudioTint: Color
    /// `outgoingAudioMessageTint`: white.
    var outgoingAudioTint: Color
    /// A `UIProgressView`'s track with no `trackTintColor`: systemFill (an approximation).
    var progressTrack: Color
    /// `PlayButtonView`'s `UIBlurEffect(style: .light)` disc, as a translucent white (an approximation).
    var playDisc: Color
    /// `PlayButtonView`'s triangle: black.
    var playTriangle: Color
    /// The outlined styles' line when a document gives no colour: systemGray.
    var outline: Color
    /// The `custom` kind's block, and the location pin (Feedshot's).
    var accent: Color
    /// The location cell's map and streets (Feedshot's stand-in for the map snapshot).
    var map: Color
    var mapStreet: Color
    /// A missing photo's or thumbnail's glyph (Feedshot's stand-in for the app's placeholder image).
    var placeholderGlyph: Color

    static let light = MessageKitPalette(
        background: .white, incomingBubble: Color(hex: "#E5E5EA")!, outgoingBubble: Color(hex: "#34C759")!, incomingText: .black,
        outgoingText: .white, label: .black, darkGray: Color(hex: "#555555")!, darkText: .black, link: Color(hex: "#007AFF")!,
        avatarBackground: Color(hex: "#8E8E93")!, avatarInitials: .white, typingDot: Color(hex: "#AEAEB2")!,
        incomingAudioTint: Color(hex: "#007AFF")!, outgoingAudioTint: .white, progressTrack: Color(hex: "#78788033")!,
        playDisc: Color.white.withAlpha(0.75), playTriangle: .black, outline: Color(hex: "#8E8E93")!, accent: Color(hex: "#FF3B30")!,
        map: Color(hex: "#DDEBD9")!, mapStreet: Color.white.withAlpha(0.8), placeholderGlyph: Color.black.withAlpha(0.4))

    /// `light` with the dark appearance's colours; the rest (the fixed colours, and the dynamic
    /// ones whose light and dark values MessageKit's assets make the same) stay as they are.
    static let dark: MessageKitPalette = {
        var dark = light
        dark.background = .black
        dark.incomingBubble = Color(hex: "#2C2C2E")!
        dark.outgoingBubble = Color(hex: "#30D158")!
        dark.incomingText = .white
        dark.label = .white
        dark.link = Color(hex: "#0A84FF")!
        dark.typingDot = Color(hex: "#636366")!
        dark.incomingAudioTint = Color(hex: "#0A84FF")!
        dark.progressTrack = Color(hex: "#7878805C")!
        dark.accent = Color(hex: "#FF453A")!
        dark.map = Color(hex: "#3B4A3F")!
        dark.mapStreet = Color.white.withAlpha(0.25)
        dark.placeholderGlyph = Color.white.withAlpha(0.5)
        return dark
    }()

    /// The palette for `appearance`.
    static func forAppearance(_ appearance: Theme.Appearance) -> MessageKitPalette {
        appearance == .dark ? .dark : .light
    }
}
