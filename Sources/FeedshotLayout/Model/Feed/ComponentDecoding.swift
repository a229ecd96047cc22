import Foundation

/// `"header"`, or `{"type": "custom", "height": 80, "text": …, "background": …, "image": …}`.
struct ComponentDecoding: Decodable {
    var component: PostComponent

    enum Key: String, CodingKey, CaseIterable { case type, id, height, text, font, color, background, image, padding }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            component = try ComponentDecoding.builtIn(name, codingPath: decoder.codingPath)
            return
        }
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        guard type == "custom" else {
            component = try ComponentDecoding.builtIn(type, codingPath: decoder.codingPath + [Key.type])
            return
        }
        let height = try c.decodePositive(.height, max: 10_000)
        let text = try c.decodeIfPresent(String.self, forKey: .text)
        let image = try c.decodeIfPresent(String.self, forKey: .image)
        guard height != nil || text != nil else { throw c.error(at: .type, "a custom component needs a \"height\" or a \"text\"") }
        component = .custom(
            CustomPostComponent(
                id: try c.decodeIfPresent(String.self, forKey: .id) ?? "custom", height: height, text: text,
                font: try c.decodeEnum(AmityFont.self, .font) ?? .body, color: try c.decodeIfPresent(Color.self, forKey: .color),
                background: try c.decodeIfPresent(Color.self, forKey: .background), image: image,
                padding: try c.decodeNonNegative(.padding, max: 500) ?? 16))
    }

    /// The built-in cells by name.
    static let builtIns: [(String, PostComponent)] = [
        ("header", .header), ("text", .text), ("gallery", .gallery), ("file", .file), ("poll", .poll), ("liveStream", .liveStream),
        ("linkPreview", .linkPreview), ("footer", .footer), ("comments", .comments), ("placeholder", .placeholder),
        ("pendingActions", .pendingActions),
    ]

    static func builtIn(_ name: String, codingPath: [any CodingKey]) throws -> PostComponent {
        if let component = builtIns.first(where: { $0.0 == name })?.1 { return component }
        throw DocumentError(
            codingPath: codingPath,
            message: "unknown component \"\(name)\" (use \(builtIns.map(\.0).joined(separator: ", ")) or {\"type\": \"custom\", …})")
    }
}
