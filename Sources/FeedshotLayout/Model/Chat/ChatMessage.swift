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

    /// Delivery state of the viewer's own messages: `syncing` shows "Sending..." (and an outgoing
    /// image's dimmed overlay and spinner, an outgoing audio's spinner), `error` the failed-message
    /// button. The kit ignores it on other people's messages.
    public enum State: String, Sendable, Hashable, CaseIterable {
        case synced, syncing, error
    }

    /// What an audio message's player shows (`AmityMessageAudioTableViewCell`): at rest the play
    /// icon and "0:00"; while the file downloads the play icon and a spinner instead of the label;
    /// while it plays the pause icon and the time played.
    public enum AudioPlayback: String, Sendable, Hashable, CaseIterable {
        case idle, loading, playing
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
    /// Audio duration in seconds (the Amity profile does not show it: the kit's label shows "0:00"
    /// at rest and the time played while playing).
    public var audioDuration: Double?
    /// The audio player's state (Amity profile).
    public var audioPlayback: AudioPlayback = .idle
    /// Seconds played, shown while `audioPlayback` is `playing` (Amity profile).
    public var audioElapsed: Double?
    /// The file of file messages.
    public var file: File?
    /// When it was last edited.
    public var editedAt: Date?
    /// Delivery state.
    public var state: State
    /// Reported by the viewer: the kit outlines its bubble in red.
    public var isFlagged: Bool
    /// Deleted: the kit keeps the cell of the message's type and draws "Message deleted • time"
    /// instead of its content. A message of type `deleted` is a deleted text message.
    public var isDeleted = false
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

    /// Whether the message is drawn deleted: `isDeleted`, or the type `deleted`.
    public var isShownDeleted: Bool { isDeleted || type == .deleted }

    /// The `cellForMessageTypes()` key: `textIncoming`, `imageOutgoing`, `pollIncoming`, …
    public func typeKey(isIncoming: Bool) -> String {
        ItemType.message(type, isIncoming: isIncoming).rawValue
    }
}
