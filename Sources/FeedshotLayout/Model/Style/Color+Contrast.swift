import Foundation

extension Color {
    /// WCAG 2's relative luminance of the colour (alpha ignored).
    var relativeLuminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG 2's contrast ratio with `other`, 1…21.
    func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

extension Theme {
    /// Text for a fill a document chose (a custom component's background): the theme's text
    /// colour, or — when the fill is as light as the text — the theme's background, whichever
    /// stands out more.
    func text(on fill: Color) -> Color {
        base.contrastRatio(with: fill) >= background.contrastRatio(with: fill) ? base : background
    }
}
