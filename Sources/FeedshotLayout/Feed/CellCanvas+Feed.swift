extension CellCanvas {
    /// An action the kit does not fire through `AmityEventHandler` (it acts inside the kit: likes,
    /// opens a sheet or a viewer, expands text): marked `"origin": "feedshot"` as Feedshot's own
    /// (README, "Feed posts and sharing").
    mutating func feedshotAction(_ event: LayoutEvent, _ arguments: [String: String], _ local: Rect) {
        action(event, arguments.merging(["origin": "feedshot"]) { _, own in own }, local)
    }

    /// A text block at `origin`, as wide as its widest line.
    mutating func add(_ role: ElementRole, text block: TextBlock, at x: Double, _ y: Double) {
        add(role, Rect(x: x, y: y, width: block.width, height: block.height), text: block)
    }
}
