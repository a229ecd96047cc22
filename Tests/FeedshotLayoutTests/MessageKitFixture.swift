import Foundation
import Testing

@testable import FeedshotLayout

/// Builds MessageKit documents and reads their layouts, for the MessageKit suites (the fake
/// measurer: characters 0.5 × size wide, lines 1.25 × size tall).
enum MK {
    static func document(
        _ messages: [String], settings: String = "", textSize: String = "large", width: Double = 375, theme: String = "light",
        extra: String = ""
    ) -> Data {
        Data(
            """
            {"kind": "chat", "style": "messagekit", "width": \(width), "me": "u1", "now": "2026-11-29T12:00:00Z", "textSize": "\(textSize)",
             "theme": "\(theme)", "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann Lee"}}\(settings.isEmpty ? "" : ", \"messageKit\": " + settings)\(extra),
             "messages": [\(messages.joined(separator: ","))]}
            """.utf8)
    }

    static func message(_ id: String, from: String = "u2", _ type: String = "text", _ fields: String = #""text": "Hello there""#) -> String
    {
        #"{"id": "\#(id)", "from": "\#(from)", "type": "\#(type)", "sentAt": "2026-11-29T11:00:00Z", \#(fields)}"#
    }

    static func layout(_ json: Data, measurer: FakeMeasurer = FakeMeasurer(), images: ImageCatalog = ImageCatalog()) throws -> Layout {
        try LayoutEngine.layout(Document.decode(json), measurer: measurer, images: images)
    }

    static func item(_ json: Data, _ id: String, measurer: FakeMeasurer = FakeMeasurer(), images: ImageCatalog = ImageCatalog()) throws
        -> LayoutItem
    {
        try #require(try layout(json, measurer: measurer, images: images).items.first { $0.id == id })
    }

    /// The container: the bubble, box or image drawn at the container's frame.
    static func container(_ item: LayoutItem) -> Rect? {
        item.elements.first { [.bubble, .image].contains($0.role) }?.frame
    }

    static func element(_ item: LayoutItem, _ role: ElementRole) -> LayoutElement? {
        item.elements.first { $0.role == role }
    }

    static func texts(_ item: LayoutItem, _ role: ElementRole) -> [String] {
        item.elements.filter { $0.role == role }.compactMap {
            if case .text(let text, _) = $0.content { text.string } else { nil }
        }
    }

    static func styled(_ element: LayoutElement?) -> StyledText? {
        if case .text(let text, _)? = element?.content { text } else { nil }
    }

    static func error(_ json: Data) -> String? {
        do {
            _ = try Document.decode(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// An image catalog where `ref` loaded at `width` × `height` pixels.
    static func images(_ ref: String, width: Int = 800, height: Int = 600) -> ImageCatalog {
        var catalog = ImageCatalog()
        catalog.entries[ref] = .loaded(width: width, height: height)
        return catalog
    }
}

extension Rect {
    /// The rectangle's size.
    var size: Size { Size(width: width, height: height) }
}
