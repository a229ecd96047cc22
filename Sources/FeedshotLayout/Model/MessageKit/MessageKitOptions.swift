/// What a MessageKit app configures for a message: its calculators' per-side properties
/// (`incomingAvatarSize`, `outgoingMessagePadding`, …), its delegates' per-message answers
/// (`avatarSize(for:at:in:)`, `messageStyle`, `backgroundColor`, `textColor`, the label texts and
/// heights, `enabledDetectors`, …). A document states them globally, per side, per kind, per kind
/// and side, and per message; every field is optional at every level, and the first level that
/// states one wins: message > kind and side > kind > side > global > MessageKit's default
/// (`MessageKitSettings.options(for:)`).
public struct MessageKitOptions: Sendable, Hashable {
    /// The avatar (`avatarSize`, `avatarPosition`, `configureAvatarView`).
    public var avatar = Avatar()
    /// Padding around the container (`messageContainerPadding`); may be negative.
    public var messagePadding: EdgeInsets?
    /// Insets of the text in a text-driven container (`TextMessageSizeCalculator`'s
    /// `incoming`/`outgoingMessageLabelInsets`): text, attributedText, emoji, linkPreview.
    public var labelInsets: EdgeInsets?
    /// Insets of a contact's name (`ContactMessageSizeCalculator`'s `…MessageNameLabelInsets`).
    public var contactInsets: EdgeInsets?
    /// The accessory view beside the container.
    public var accessoryView = AccessoryView()
    /// The four labels: heights, alignments, texts.
    public var labels = Labels()
    /// The container's style and colour (`messageStyle`, `backgroundColor`).
    public var bubble = Bubble()
    /// `textColor(for:at:in:)`: text, emoji, a contact's name, a link preview's labels.
    public var textColor: Color?
    /// `audioTintColor(for:at:in:)`: the audio cell's button, progress and duration.
    public var audioTintColor: Color?
    /// `enabledDetectors` and `detectorAttributes`.
    public var detectors = Detectors()

    /// No options: every level below decides.
    public init() {}

    /// `AvatarPosition.Horizontal`.
    public enum AvatarHorizontal: String, Sendable, Hashable, CaseIterable {
        /// Trailing for the current sender's messages, leading for the others.
        case natural
        /// A fixed side.
        case cellLeading, cellTrailing
    }

    /// `AvatarPosition.Vertical`.
    public enum AvatarVertical: String, Sendable, Hashable, CaseIterable {
        /// The positions `MessageContentCell.layoutAvatarView` knows.
        case cellTop, cellBottom, messageTop, messageBottom, messageCenter, messageLabelTop
    }

    /// `AccessoryPosition`.
    public enum AccessoryPosition: String, Sendable, Hashable, CaseIterable {
        /// The positions `MessageContentCell.layoutAccessoryView` knows.
        case cellTop, cellBottom, messageTop, messageBottom, messageCenter, messageLabelTop
    }

    /// The avatar.
    public struct Avatar: Sendable, Hashable {
        /// Its size; zero takes its space away (`.zero` in `setMessageIncomingAvatarSize`).
        public var size: Size?
        /// Leading, trailing or natural.
        public var horizontal: AvatarHorizontal?
        /// Where it sits along the cell.
        public var vertical: AvatarVertical?
        /// Hidden, its space kept (`avatarView.isHidden` in `configureAvatarView`).
        public var isHidden: Bool?
        /// The placeholder's text when the user has no picture (`avatarView.initials`; MessageKit's default "?").
        public var initials: String?
        /// The placeholder shows the first letters of the sender's name instead (an app's `Avatar(initials:)`).
        public var initialsFromName: Bool?
        /// The view's background colour behind the placeholder (`avatarView.backgroundColor` in
        /// `configureAvatarView`; MessageKit's `avatarViewBackground`, systemGray, by default).
        public var color: Color?
        /// `avatarView.setCorner(radius:)`: the corner radius of the placeholder and the picture
        /// (nil: a circle, `min(width, height) / 2`).
        public var cornerRadius: Double?

        /// No avatar options.
        public init() {}
    }

    /// The accessory view (`accessoryViewSize`, `accessoryViewPadding`, `accessoryViewPosition`;
    /// what `configureAccessoryView` puts in it).
    public struct AccessoryView: Sendable, Hashable {
        /// Its size; MessageKit's default is zero (no accessory).
        public var size: Size?
        /// Its distance from the container: `left` when it follows a leading avatar's container, `right` before a trailing one's.
        public var paddingLeft: Double?
        /// See `paddingLeft`.
        public var paddingRight: Double?
        /// Where it sits along the cell.
        public var position: AccessoryPosition?
        /// A fill drawn in it (MessageKit draws nothing: the app adds its views).
        public var color: Color?
        /// The fill's corner radius (half the side makes a circle).
        public var cornerRadius: Double?

        /// No accessory options.
        public init() {}
    }

    /// `MessageStyle` and `backgroundColor(for:at:in:)`.
    public struct Bubble: Sendable, Hashable {
        /// The style.
        public var style: Style?
        /// The tail's corner for the tailed styles.
        public var tailCorner: BubbleShape.Corner?
        /// Curved or pointed.
        public var tailStyle: BubbleShape.TailStyle?
        /// The container's colour (`backgroundColor`).
        public var color: Color?
        /// The outlined styles' line colour (`.bubbleOutline(UIColor)`).
        public var outlineColor: Color?
        /// `.customImageTail`'s image (`UIImage(named:)` in the app; here one of the document's images).
        public var image: Image?
        /// The corner mask a `.custom` closure sets on the container's layer.
        public var mask: CornerMask?

        /// No bubble options.
        public init() {}

        /// `MessageStyle`'s cases; `.custom` is the closure the Advanced example passes, a corner
        /// mask (`mask`), and `.customImageTail` takes `image`.
        public enum Style: String, Sendable, Hashable, CaseIterable {
            /// MessageKit's names.
            case none, bubble, bubbleOutline, bubbleTail, bubbleTailOutline, customImageTail, custom
        }

        /// An app's bubble image: `.customImageTail(UIImage, TailCorner)`.
        public struct Image: Sendable, Hashable {
            /// The image: a path under the document's assets, a URL or a `data:` URI.
            public var src: String
            /// Pixels per point (`UIImage.scale`: an `@2x` asset is 2); nil: the document's `scale`,
            /// as `UIImage(named:)` picks the variant of the screen's scale.
            public var scale: Double?

            /// The image at `src`.
            public init(src: String, scale: Double? = nil) {
                self.src = src
                self.scale = scale
            }
        }

        /// A `.custom` closure's layer mask, as the Advanced example sets it:
        /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` over the container's bounds.
        public struct CornerMask: Sendable, Hashable {
            /// The corners rounded; the others are square.
            public var corners: Set<BubbleShape.Corner>
            /// Their radius in points.
            public var radius: Double

            /// A mask rounding `corners` by `radius`.
            public init(corners: Set<BubbleShape.Corner>, radius: Double) {
                self.corners = corners
                self.radius = radius
            }
        }
    }
}
