import Foundation

/// A custom post cell without Swift: a fixed height, or a height driven by its text.
public struct CustomPostComponent: Sendable, Hashable {
    /// The component's id: its item is `<post>.<id>`.
    public var id: String
    /// Fixed height; when nil the cell is as tall as its text plus padding.
    public var height: Double?
    /// Text drawn in the cell.
    public var text: String?
    /// The text's font.
    public var font: AmityFont
    /// The text's colour; the theme's base when nil.
    public var color: Color?
    /// The cell's fill; the theme's background when nil.
    public var background: Color?
    /// An image drawn aspect-filled in the padded frame.
    public var image: String?
    /// Inset of the text or image from the cell's edges.
    public var padding: Double

    /// A custom cell; give a `height` or a `text`.
    public init(
        id: String, height: Double? = nil, text: String? = nil, font: AmityFont = .body, color: Color? = nil, background: Color? = nil,
        image: String? = nil, padding: Double = 16
    ) {
        self.id = id
        self.height = height
        self.text = text
        self.font = font
        self.color = color
        self.background = background
        self.image = image
        self.padding = padding
    }
}
