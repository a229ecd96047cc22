/// The palette a layout is drawn with: Amity's colour names, each with its derived shades.
public struct Theme: Sendable, Hashable {
    /// `light`, `dark`, or `custom` for a document's own palette.
    public var name: String
    /// Buttons and links.
    public var primary: Color
    /// The feed's background is its lightest shade.
    public var secondary: Color
    /// Errors.
    public var alert: Color
    /// Highlighted text (mentions, "Read more").
    public var highlight: Color
    /// Text.
    public var base: Color
    /// Text on the primary colour (outgoing bubbles).
    public var baseInverse: Color
    /// Outgoing bubble fill.
    public var messageBubble: Color
    /// Incoming bubble fill.
    public var messageBubbleInverse: Color
    /// The canvas and cells.
    public var background: Color
    /// The circle behind a missing avatar.
    public var avatarPlaceholder: Color
    /// Light or dark: which way shades move, and which of a kit's appearance-dependent colours
    /// (MessageKit's system colours) apply.
    public var appearance: Appearance

    /// UIKit's `UIUserInterfaceStyle`, as far as drawing is concerned.
    public enum Appearance: String, Sendable, Hashable, CaseIterable {
        case light, dark
    }

    /// +1 lightens each shade (Amity's light theme), -1 darkens it (in a dark theme a "shade"
    /// moves away from the text colour toward the background).
    var shadeDirection: Int { appearance == .light ? 1 : -1 }

    /// Amity UIKit v3's default light palette.
    public static let amityLight = Theme(
        name: "light",
        primary: Color(hex: "#1054DE")!, secondary: Color(hex: "#292B32")!, alert: Color(hex: "#FA4D30")!,
        highlight: Color(hex: "#1054DE")!, base: Color(hex: "#292B32")!, baseInverse: .white,
        messageBubble: Color(hex: "#1054DE")!, messageBubbleInverse: Color(hex: "#EBECEF")!,
        background: .white, avatarPlaceholder: Color(hex: "#D9E5FC")!, appearance: .light)

    /// A dark palette in the same roles: light text on a near-black background, shades darkening.
    public static let amityDark = Theme(
        name: "dark",
        primary: Color(hex: "#3D7BF5")!, secondary: Color(hex: "#EBECEF")!, alert: Color(hex: "#FA4D30")!,
        highlight: Color(hex: "#6E9CF8")!, base: Color(hex: "#EBECEF")!, baseInverse: .white,
        messageBubble: Color(hex: "#1054DE")!, messageBubbleInverse: Color(hex: "#2D2F36")!,
        background: Color(hex: "#17181C")!, avatarPlaceholder: Color(hex: "#2B3A5C")!, appearance: .dark)

    /// The lightness steps of shades 1–4 (Amity's `ColorShade`).
    static let shadeSteps = [25, 40, 50, 75]

    /// Shade `n` (1...4) of `color`; shade 0 is the colour itself.
    public func shade(_ color: Color, _ n: Int) -> Color {
        guard n > 0 else { return color }
        let step = Theme.shadeSteps[min(n, Theme.shadeSteps.count) - 1]
        return color.addingLightness(step * shadeDirection)
    }

    /// Base, shade 1 (names).
    public var baseShade1: Color { shade(base, 1) }
    /// Base, shade 2 (times, captions).
    public var baseShade2: Color { shade(base, 2) }
    /// Base, shade 3.
    public var baseShade3: Color { shade(base, 3) }
    /// Base, shade 4 (separators, placeholders).
    public var baseShade4: Color { shade(base, 4) }
    /// Secondary, shade 4 (the feed's background, date pills).
    public var secondaryShade4: Color { shade(secondary, 4) }
}

extension Theme {
    /// The palette keys a document's `theme` object may set (besides `"theme"`, the one it starts from).
    static let paletteKeyNames = [
        "primary", "secondary", "alert", "highlight", "base", "baseInverse", "messageBubble",
        "messageBubbleInverse", "background", "avatarPlaceholder",
    ]

    /// The colour a palette key names.
    static func paletteKey(_ name: String) -> WritableKeyPath<Theme, Color>? {
        switch name {
        case "primary": \.primary
        case "secondary": \.secondary
        case "alert": \.alert
        case "highlight": \.highlight
        case "base": \.base
        case "baseInverse": \.baseInverse
        case "messageBubble": \.messageBubble
        case "messageBubbleInverse": \.messageBubbleInverse
        case "background": \.background
        case "avatarPlaceholder": \.avatarPlaceholder
        default: nil
        }
    }
}
