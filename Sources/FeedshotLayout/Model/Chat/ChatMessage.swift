import Foundation

public struct ChatMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case text, image, audio, file, video, deleted
        case custom(String)

        public static let builtIn: [String: Kind] = [
            "text": .text, "image": .image, "audio": .audio, "file": .file, "video": .video, "deleted": .deleted,
        ]

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

    public enum State: String, Sendable, Hashable, CaseIterable {
        case synced, syncing, error
    }

    public struct Image: Sendable, Hashable {
        public var src: String
        public var width: Double?
        public var height: Double?

        public init(src: String, width: Double? = nil, height: Double? = nil) {
            self.src = src
            self.width = width
            self.height = height
        }
    }

    public struct File: Sendable, Hashable {
        public var name: String
        /// Size in bytes.
        public var size: Double?
    }

    public var id: String
    public var from: String
    public var sentAt: Date
    public var type: Kind
    public var text: String?
    public var image: Image?
    /// Audio duration in seconds.
    public var audioDuration: Double?
    public var file: File?
    public var editedAt: Date?
    public var state: State
    public var isFlagged: Bool
    /// MessageKit kinds' extra content (runs, location, contact, link preview, custom size).
    public var messageKit = MessageKitContent()

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
