/// The document's custom cells: `cellForMessageTypes()` as a table.
enum AmityCells {
    /// The cell definition for `message`, if `cells` has one: `<type>Incoming` / `<type>Outgoing`
    /// first, then `<type>` for both directions.
    static func definition(for message: ChatMessage, me: String, in cells: [String: CellDefinition]) -> CellDefinition? {
        cells[message.typeKey(isIncoming: message.from != me)] ?? cells[message.type.name]
    }
}
