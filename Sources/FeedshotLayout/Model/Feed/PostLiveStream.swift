import Foundation

/// A live-stream post's stream (`AmityStream`).
public struct PostLiveStream: Sendable, Hashable {
    /// The stream's state. A deleted stream shows as `idle`, as the kit shows it.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Broadcasting: a red "LIVE" badge.
        case live
        /// A recording: a "RECORDED" badge.
        case recorded
        /// Over: "This livestream has ended." on black.
        case ended
        /// Not available: "The stream is currently unavailable." on black.
        case idle
    }

    /// The stream's state.
    public var status: Status
    /// Image reference of its thumbnail; the kit's placeholder illustration without one.
    public var thumbnail: String?
    /// The stream's id: `openLiveStreamPlayer`'s argument.
    public var streamId: String?

    /// A stream.
    public init(status: Status, thumbnail: String? = nil, streamId: String? = nil) {
        self.status = status
        self.thumbnail = thumbnail
        self.streamId = streamId
    }
}
