import Foundation

/// A custom post cell without Swift: a fixed height, or a height driven by its text.
public struct CustomPostComponent: Sendable, Hashable {
    public var id: String
    /// Fixed height; when nil the cell is as tall as its text plus padding.
    public var height: Double?
    public var text: String?
    public var font: AmityFont
    public var color: Color?
    public var background: Color?
    /// An image drawn aspect-filled in the padded frame.
    public var image: String?
    public var padding: Double

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
