/// One message's settings with MessageKit's defaults filled in: what its calculator and its
/// delegates answer (docs/conformance/messagekit.md gives each default's source).
struct MessageKitCellStyle: Sendable, Hashable {
    var avatarSize: Size
    var avatarLeading: Bool
    var avatarVertical: MessageKitOptions.AvatarVertical
    var avatarHidden: Bool
    var avatarInitialsFromName: Bool
    var avatarInitials: String
    var avatarColor: Color
    /// nil: a circle.
    var avatarCornerRadius: Double?
    var padding: EdgeInsets
    var labelInsets: EdgeInsets
    var contactInsets: EdgeInsets
    var accessory: MessageKitOptions.AccessoryView
    var bubbleStyle: MessageKitOptions.Bubble.Style
    var tail: BubbleShape.Tail
    var bubbleColor: Color
    var outlineColor: Color
    /// `.customImageTail`'s image as the document gives it.
    var bubbleImage: MessageKitOptions.Bubble.Image?
    /// That image found: its reference and size in points (`MessageKitLayoutEngine.resolvingBubbleImage`).
    var stretchedImage: BubbleShape.StretchedImage?
    /// `.custom`'s corner mask.
    var cornerMask: MessageKitOptions.Bubble.CornerMask?
    var textColor: Color
    var audioTint: Color
    var detectors: [MessageKitOptions.DetectorType]
    var detectorStyles: [MessageKitOptions.DetectorType: MessageKitOptions.DetectorStyle]
    var customDetectors: [MessageKitOptions.CustomDetector]

    /// `AvatarView`'s size when the options give none.
    static let defaultAvatarSize = Size(width: 30, height: 30)

    /// MessageKit's defaults under `options` for a message of `kind`; `ownColor` is the colour
    /// the message or its kind states (an emoji is clear without one, as `backgroundColor`'s
    /// default answers).
    init(_ options: MessageKitOptions, isIncoming: Bool, kind: String, ownColor: Color?, palette: MessageKitPalette) {
        let avatar = options.avatar
        avatarSize = avatar.size ?? Self.defaultAvatarSize
        switch avatar.horizontal ?? .natural {
        case .natural: avatarLeading = isIncoming
        case .cellLeading: avatarLeading = true
        case .cellTrailing: avatarLeading = false
        }
        avatarVertical = avatar.vertical ?? .cellBottom
        avatarHidden = avatar.isHidden ?? false
        avatarInitialsFromName = avatar.initialsFromName ?? false
        avatarInitials = avatar.initials ?? "?"
        avatarColor = avatar.color ?? palette.avatarBackground
        avatarCornerRadius = avatar.cornerRadius
        padding =
            options.messagePadding
            ?? (isIncoming ? EdgeInsets(top: 0, left: 4, bottom: 0, right: 30) : EdgeInsets(top: 0, left: 30, bottom: 0, right: 4))
        labelInsets =
            options.labelInsets
            ?? (isIncoming ? EdgeInsets(top: 7, left: 18, bottom: 7, right: 14) : EdgeInsets(top: 7, left: 14, bottom: 7, right: 18))
        contactInsets =
            options.contactInsets
            ?? (isIncoming ? EdgeInsets(top: 7, left: 46, bottom: 7, right: 30) : EdgeInsets(top: 7, left: 41, bottom: 7, right: 35))
        accessory = options.accessoryView
        bubbleStyle = options.bubble.style ?? .bubble
        tail = BubbleShape.Tail(
            corner: options.bubble.tailCorner ?? (isIncoming ? .bottomLeft : .bottomRight), style: options.bubble.tailStyle ?? .curved)
        if kind == "emoji" {
            bubbleColor = ownColor ?? .clear
        } else {
            bubbleColor = options.bubble.color ?? (isIncoming ? palette.incomingBubble : palette.outgoingBubble)
        }
        outlineColor = options.bubble.outlineColor ?? palette.outline
        bubbleImage = options.bubble.image
        cornerMask = options.bubble.mask
        textColor = options.textColor ?? (isIncoming ? palette.incomingText : palette.outgoingText)
        audioTint = options.audioTintColor ?? (isIncoming ? palette.incomingAudioTint : palette.outgoingAudioTint)
        detectors = options.detectors.enabled ?? []
        detectorStyles = options.detectors.styles
        customDetectors = options.detectors.custom ?? []
    }

    /// The container's shape, nil for `.none` and a `.custom` style without a mask (a plain
    /// rectangle, unmasked). `.customImageTail` without its image found is the curved tail at its
    /// corner, as the Example app falls back when `UIImage(named: "bobbly")` is nil
    /// (`Example/Sources/View Controllers/BasicExampleViewController.swift:68-74`).
    var shape: BubbleShape? {
        switch bubbleStyle {
        case .none: nil
        case .bubble, .bubbleOutline: BubbleShape()
        case .bubbleTail, .bubbleTailOutline: BubbleShape(tail: tail)
        case .customImageTail:
            stretchedImage.map { BubbleShape(image: $0) } ?? BubbleShape(tail: BubbleShape.Tail(corner: tail.corner, style: .curved))
        case .custom:
            cornerMask.map { mask in
                BubbleShape(
                    roundedCorners: BubbleShape.RoundedCorners(
                        corners: BubbleShape.Corner.allCases.filter(mask.corners.contains), radius: mask.radius))
            }
        }
    }

    /// The outline's colour for the outlined styles.
    var stroke: Color? {
        bubbleStyle == .bubbleOutline || bubbleStyle == .bubbleTailOutline ? outlineColor : nil
    }

    /// The accessory's size, padding and position with MessageKit's defaults (zero, zero, `.messageCenter`).
    var accessorySize: Size { accessory.size ?? Size(width: 0, height: 0) }
}
