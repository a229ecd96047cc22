/// A tappable region and the event it fires.
public struct LayoutAction: Sendable, Hashable {
    /// The kit's event name (`userDidTap`, `imageViewer`, …).
    public var event: LayoutEvent
    /// The event's arguments (`userId`, `messageId`, `index`, …).
    public var arguments: [String: String]
    /// The tappable region, in canvas points.
    public var frame: Rect

    /// An event fired by tapping `frame`.
    public init(event: LayoutEvent, arguments: [String: String], frame: Rect) {
        self.event = event
        self.arguments = arguments
        self.frame = frame
    }
}
