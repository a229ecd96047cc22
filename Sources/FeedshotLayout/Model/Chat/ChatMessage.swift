import Foundation

/// One message of a conversation.
public struct ChatMessage: Sendable, Hashable {
    /// The message's `type`: a built-in kind, or a custom type a document's cells (Amity) or calculator overrides (MessageKit) draw.
    public enum Kind: Sendable, Hashable {
        case text, image, audio, file, video, deleted
        case custom(String)

        /// The built-in types by name.
        public static let builtIn: [String: Kind] = [
            "text": .text, "image": .image, "audio": .audio, "file": .file, "video": .video, "deleted": .deleted,
        ]

        /// The type's name, as a document spells it.
        public var name: String {
            switch self {
            case .text: "text"
            case .image: "image"
            case .audio: "audio"
            case .file: "file"
            case .video: "video"
            case .deleted: "deleted"
            case .custom(let name): name
            }
        }
    }

    /// Delivery state: `syncing` shows "Sending...", `error` the failed-message button.
    public enum State: String, Sendable, Hashable, CaseIterable {
        case synced, syncing, error
    }

    /// An image reference and, optionally, its size in pixels.
    public struct Image: Sendable, Hashable {
        /// A `data:` URI, a path under the asset root, or an allowed `http(s)` URL.
        public var src: String
        /// Width in pixels (the decoded image's when absent).
        public var width: Double?
        /// Height in pixels (the decoded image's when absent).
        public var height: Double?

        /// An image reference with an optional size.
        public init(src: String, width: Double? = nil, height: Double? = nil) {
            self.src = src
            self.width = width
            self.height = height
        }
    }

    /// An attached file.
    public struct File: Sendable, Hashable {
        /// The type's name, as a document spells it.
        public var name: String
        /// Size in bytes.
        public var size: Double?
    }

    /// The message id; layout items and actions carry it.
    public var id: String
    /// The sender's user id.
    public var from: String
    /// When it was sent: its time, and the day it is grouped under.
    public var sentAt: Date
    /// What kind of message it is.
    public var type: Kind
    /// The text of text-like messages.
    public var text: String?
    /// The image of image and video messages.
    public var image: Image?
    /// Audio duration in seconds.
    public var audioDuration: Double?
    /// The file of file messages.
    public var file: File?
    /// When it was last edited.
    public var editedAt: Date?
    /// Delivery state.
    public var state: State
    /// Reported by the viewer.
    public var isFlagged: Bool
    /// MessageKit kinds' extra content (runs, location, contact, link preview, custom size).
    public var messageKit = MessageKitContent()

    /// A message; the optional content depends on `type`.
    public init(
        id: String, from: String, sentAt: Date, type: Kind, text: String? = nil, image: Image? = nil,
        audioDuration: Double? = nil, file: File? = nil, editedAt: Date? = nil, state: State = .synced, isFlagged: Bool = false
    ) {
        self.id = id
        self.from = from
        self.sentAt = sentAt
        self.type = type
        self.text = text
        self.image = image
        self.audioDuration = audioDuration
        self.file = file
        self.editedAt = editedAt
        self.state = state
        self.isFlagged = isFlagged
    }

    /// The `cellForMessageTypes()` key: `textIncoming`, `imageOutgoing`, `pollIncoming`, …
    public func typeKey(isIncoming: Bool) -> String {
        type.name + (isIncoming ? "Incoming" : "Outgoing")
    }
}
