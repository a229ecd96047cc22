extension ShareSheet {
    enum Key: String, CodingKey, CaseIterable { case origin, postId, sharing }

    /// The fields of a `shareSheet` document; `sharedFields` are the ones every kind has.
    init(from decoder: any Decoder, sharedFields: [String]) throws {
        try decoder.checkFields(Key.self, also: sharedFields)
        let c = try decoder.container(keyedBy: Key.self)
        guard let origin = try c.decodeEnum(PostOrigin.self, .origin) else { throw c.error(at: .origin, "is required") }
        self.init(
            origin: origin, postId: try c.decodeIfPresent(String.self, forKey: .postId) ?? "",
            sharing: try c.decodeIfPresent(SharingDecoding.self, forKey: .sharing)?.settings ?? .defaults)
        // The kit presents no sheet without an item (`AmityPostFooterProtocolHandler.swift:64`).
        if sharing.menu(for: origin).isEmpty {
            throw DocumentError(
                path: "sharing.\(origin.rawValue)",
                message:
                    "allows no share target, so there is no sheet to draw: the kit opens none (and the post has no Share button)"
            )
        }
    }
}
