/// A tappable region and the event it fires (SPEC §3).
public struct LayoutAction: Sendable, Hashable {
    public var event: String
    public var arguments: [String: String]
    public var frame: Rect

    public init(event: String, arguments: [String: String], frame: Rect) {
        self.event = event
        self.arguments = arguments
        self.frame = frame
    }
}
