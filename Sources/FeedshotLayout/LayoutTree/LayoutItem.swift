/// One row: a message cell, a date header or the typing indicator.
public struct LayoutItem: Sendable, Hashable {
    /// The message id, or a derived id (`date-2026-11-29`, `typing`).
    public var id: String
    /// The cell type: `textIncoming`, `imageOutgoing`, `dateHeader`, `typingIndicator`, a custom key.
    public var type: ItemType
    /// The row's frame in canvas points; its height is what the cell's height function returns.
    public var frame: Rect
    /// Drawn in order, back to front.
    public var elements: [LayoutElement]
    /// Tappable regions and the events they fire.
    public var actions: [LayoutAction]
    /// For a post's footer: the events of the share menu its share button opens (allowed items only).
    public var shareMenu: [LayoutEvent] = []
    /// A cell the kit does not have, drawn by Feedshot's own rules (the Amity chat's video and file
    /// cells, its typing indicator): `"feedshotOwn": true` in `feedshot layout`.
    public var isFeedshotOwn = false
    /// The kit behaviours that look like bugs which this item reproduces, each once
    /// (docs/conformance/amity.md, "Kit behaviour that looks like a bug"); the layout lists them
    /// with the item's id (`Layout.kitBehaviours`).
    public var kitBehaviours: [KitBehaviour] = []

    /// A row with its elements and actions.
    public init(id: String, type: ItemType, frame: Rect, elements: [LayoutElement] = [], actions: [LayoutAction] = []) {
        self.id = id
        self.type = type
        self.frame = frame
        self.elements = elements
        self.actions = actions
    }
}

extension LayoutItem {
    /// The typing indicator's id, in both chat profiles.
    static let typingID = "typing"

    /// The id of the Amity chat's date pill for `day` ("2026-11-29", `ChatFormatting.dayKey`).
    static func dateHeaderID(day: String) -> String { "date-" + day }

    /// Whether `id` has the form of a date pill's id, "date-" and a day's "YYYY-MM-DD": a message
    /// of that id would share the pill's (`Chat` refuses it).
    static func isDateHeaderID(_ id: String) -> Bool {
        let bytes = Array(id.utf8), prefix = Array(dateHeaderID(day: "").utf8)
        guard bytes.count == prefix.count + 10, bytes.starts(with: prefix) else { return false }
        return bytes[prefix.count...].enumerated().allSatisfy { offset, byte in
            offset == 4 || offset == 7 ? byte == UInt8(ascii: "-") : byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
    }

    /// The images this row draws, with the role of the element drawing each, back to front:
    /// pictures (and the bubble image masking one) and bubbles stretched from an app's image.
    public var imageReferences: [(ref: String, role: ElementRole)] {
        elements.flatMap { element -> [(ref: String, role: ElementRole)] in
            switch element.content {
            case .image(let ref, _, let mask, _): [(ref, element.role)] + (mask?.image.map { [($0.ref, element.role)] } ?? [])
            case .bubble(let shape, _, _): shape.image.map { [($0.ref, element.role)] } ?? []
            default: []
            }
        }
    }
}
