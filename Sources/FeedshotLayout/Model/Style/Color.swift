import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, each channel 0...255.
public struct Color: Sendable, Hashable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (clear) – 255 (opaque).
    public var alpha: UInt8

    /// A colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = String(hex.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let rgb = hasAlpha ? value >> 8 : value
        self.init(
            red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF),
            alpha: hasAlpha ? UInt8(value & 0xFF) : 255)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        let rgb = String(format: "#%02X%02X%02X", red, green, blue)
        return alpha == 255 ? rgb : rgb + String(format: "%02X", alpha)
    }

    /// The same colour with another alpha (0...1).
    public func withAlpha(_ fraction: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: UInt8((max(0, min(1, fraction)) * 255).rounded()))
    }

    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// UIKit's `UIColor.red` (#FF0000), not the system red: the Amity chat's flagged-message border.
    static let uiKitRed = Color(red: 255, green: 0, blue: 0)
    /// UIKit's light `systemGray` (#8E8E93), for `UIActivityIndicatorView`'s default medium style.
    static let systemGray = Color(red: 142, green: 142, blue: 147)
}

extension Color: Codable {
    /// Decodes `"#RRGGBB"` or `"#RRGGBBAA"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = Color(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a colour like \"#1054DE\" (got \"\(text)\")")
        }
        self = color
    }

    /// Encodes as `"#RRGGBB"` (or `"#RRGGBBAA"` when translucent).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

extension Color {
    /// Amity's shade derivation: convert to HSL with the hue in whole degrees and saturation and
    /// lightness in whole percent, add `lightness` percentage points (capped at 0...100), convert back.
    func addingLightness(_ lightness: Int) -> Color {
        var hsl = HSL(self)
        hsl.lightness = max(0, min(100, hsl.lightness + lightness))
        return hsl.color(alpha: alpha)
    }
}

/// HSL with the rounding Amity's `UIColor` extension uses: hue in whole degrees, s and l in whole percent.
struct HSL {
    var hue: Int
    var saturation: Int
    var lightness: Int

    init(_ color: Color) {
        let r = Double(color.red) / 255, g = Double(color.green) / 255, b = Double(color.blue) / 255
        let maxC = max(r, g, b), minC = min(r, g, b)
        let l = (maxC + minC) / 2
        var h = 0.0, s = 0.0
        let delta = maxC - minC
        if delta > 0 {
            s = l > 0.5 ? delta / (2 - maxC - minC) : delta / (maxC + minC)
            switch maxC {
            case r: h = (g - b) / delta + (g < b ? 6 : 0)
            case g: h = (b - r) / delta + 2
            default: h = (r - g) / delta + 4
            }
            h *= 60
        }
        hue = Int(h.rounded()) % 360
        saturation = Int((s * 100).rounded())
        lightness = Int((l * 100).rounded())
    }

    func color(alpha: UInt8) -> Color {
        let s = Double(saturation) / 100, l = Double(lightness) / 100
        let c = (1 - abs(2 * l - 1)) * s
        let hPrime = Double(hue) / 60
        let x = c * (1 - abs(hPrime.truncatingRemainder(dividingBy: 2) - 1))
        let (r1, g1, b1): (Double, Double, Double)
        switch hPrime {
        case ..<1: (r1, g1, b1) = (c, x, 0)
        case ..<2: (r1, g1, b1) = (x, c, 0)
        case ..<3: (r1, g1, b1) = (0, c, x)
        case ..<4: (r1, g1, b1) = (0, x, c)
        case ..<5: (r1, g1, b1) = (x, 0, c)
        default: (r1, g1, b1) = (c, 0, x)
        }
        let m = l - c / 2
        func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return Color(red: channel(r1), green: channel(g1), blue: channel(b1), alpha: alpha)
    }
}
