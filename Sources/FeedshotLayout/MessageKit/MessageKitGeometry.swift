/// MessageKit's cell arithmetic as pure functions (docs/conformance/messagekit.md):
/// `MessageSizeCalculator`'s widths and cell height, and `MessageContentCell`'s frames.
enum MessageKitGeometry {
    /// What a cell's frames depend on (`MessagesCollectionViewLayoutAttributes`).
    struct Attributes: Sendable, Hashable {
        var itemWidth: Double
        var container: Size
        var padding: EdgeInsets
        var avatar: Size
        var avatarLeading: Bool
        var avatarVertical: MessageKitOptions.AvatarVertical
        var avatarPadding = 0.0
        var cellTopLabel = 0.0
        var messageTopLabel = 0.0
        var messageBottomLabel = 0.0
        var cellBottomLabel = 0.0
        var accessory = Size(width: 0, height: 0)
        var accessoryPaddingLeft = 0.0
        var accessoryPaddingRight = 0.0
        var accessoryPosition = MessageKitOptions.AccessoryPosition.messageCenter
    }

    /// A cell's frames, in cell coordinates (x from the cell's left, y from its top).
    struct Frames: Sendable, Hashable {
        var height: Double
        var container: Rect
        var cellTopLabel: Rect
        var messageTopLabel: Rect
        var messageBottomLabel: Rect
        var cellBottomLabel: Rect
        var avatar: Rect
        var accessory: Rect
    }

    /// `messageContainerMaxWidth`: the item width less the avatar, the message padding, the
    /// accessory and its padding, and the avatar's padding.
    static func containerMaxWidth(_ a: Attributes) -> Double {
        a.itemWidth - a.avatar.width - a.padding.horizontal - a.accessory.width - a.accessoryPaddingLeft - a.accessoryPaddingRight
            - a.avatarPadding
    }

    /// Media, location and audio items: their own size, scaled down to `maxWidth` keeping the aspect.
    static func fit(_ size: Size, maxWidth: Double) -> Size {
        guard maxWidth < size.width, size.width > 0 else { return size }
        // A canvas narrower than the avatar and paddings leaves no room: nothing, never a
        // negative size (which crashed the painter).
        let width = max(0, maxWidth)
        return Size(width: width, height: width * size.height / size.width)
    }

    /// `MessageSizeCalculator.cellContentHeight`: one explicit switch over the avatar's position.
    static func cellHeight(_ a: Attributes) -> Double {
        let (ct, mt, mb, cb) = (a.cellTopLabel, a.messageTopLabel, a.messageBottomLabel, a.cellBottomLabel)
        let c = a.container.height, p = a.padding.vertical, av = a.avatar.height
        let height: Double
        switch a.avatarVertical {
        case .messageCenter, .cellTop, .cellBottom: height = max(av, ct + mt + c + p + mb + cb)
        case .messageBottom: height = mb + cb + max(c + p + ct + mt, av)
        case .messageTop: height = ct + mt + max(c + p + mb + cb, av)
        case .messageLabelTop: height = ct + max(c + mb + p + mt + cb, av)
        }
        return max(height, a.accessory.height)
    }

    /// Every frame of the cell, in `MessageContentCell.apply(_:)`'s order: the container, the
    /// message bottom, cell bottom, cell top and message top labels, the avatar, the accessory.
    static func frames(_ a: Attributes) -> Frames {
        let height = cellHeight(a)
        let c = a.container, p = a.padding
        // layoutMessageContainerView
        var y: Double
        switch a.avatarVertical {
        case .messageBottom:
            y = height - p.bottom - a.cellBottomLabel - a.messageBottomLabel - c.height - p.top
        case .messageCenter where a.avatar.height > c.height:
            y = height / 2 - (c.height + p.vertical) / 2
        default:
            y = a.accessory.height > c.height ? height / 2 - (c.height + p.vertical) / 2 : a.cellTopLabel + a.messageTopLabel + p.top
        }
        let x =
            a.avatarLeading
            ? a.avatar.width + p.left + a.avatarPadding : a.itemWidth - a.avatar.width - c.width - p.right - a.avatarPadding
        let container = Rect(x: x, y: y, width: c.width, height: c.height)
        // The labels span the item's width.
        let messageBottom = Rect(x: 0, y: container.maxY + p.bottom, width: a.itemWidth, height: a.messageBottomLabel)
        let cellBottom = Rect(x: 0, y: messageBottom.maxY, width: a.itemWidth, height: a.cellBottomLabel)
        let cellTop = Rect(x: 0, y: 0, width: a.itemWidth, height: a.cellTopLabel)
        let messageTop = Rect(x: 0, y: container.minY - p.top - a.messageTopLabel, width: a.itemWidth, height: a.messageTopLabel)
        // layoutAvatarView and layoutAccessoryView place their view by the same vertical rule
        // (`.cellTop` is the `default: break` at y 0).
        func top(of viewHeight: Double, at position: MessageKitOptions.AvatarVertical) -> Double {
            switch position {
            case .messageLabelTop: return messageTop.minY
            case .messageTop: return container.minY
            case .messageBottom: return container.maxY - viewHeight
            case .messageCenter: return container.midY - viewHeight / 2
            case .cellBottom: return height - viewHeight
            case .cellTop: return 0
            }
        }
        let avatarY = top(of: a.avatar.height, at: a.avatarVertical)
        let avatarX = a.avatarLeading ? a.avatarPadding : a.itemWidth - a.avatar.width - a.avatarPadding
        // layoutAccessoryView: on the side opposite the avatar.
        let accessoryY = top(of: a.accessory.height, at: a.accessoryPosition.vertical)
        let accessoryX =
            a.avatarLeading ? container.maxX + a.accessoryPaddingLeft : container.minX - a.accessoryPaddingRight - a.accessory.width
        return Frames(
            height: height, container: container, cellTopLabel: cellTop, messageTopLabel: messageTop, messageBottomLabel: messageBottom,
            cellBottomLabel: cellBottom, avatar: Rect(x: avatarX, y: avatarY, width: a.avatar.width, height: a.avatar.height),
            accessory: Rect(x: accessoryX, y: accessoryY, width: a.accessory.width, height: a.accessory.height))
    }
}

extension MessageKitOptions.AccessoryPosition {
    /// The same place as an avatar position: MessageKit's `AccessoryPosition` has the cases of
    /// `AvatarPosition.Vertical` and `layoutAccessoryView` places by `layoutAvatarView`'s rule
    /// (every case maps: MessageKitGeometryTests).
    var vertical: MessageKitOptions.AvatarVertical {
        guard let vertical = MessageKitOptions.AvatarVertical(rawValue: rawValue) else {
            preconditionFailure("AccessoryPosition.\(rawValue) has no AvatarVertical case")
        }
        return vertical
    }
}
