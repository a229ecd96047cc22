/// MessageKit's cell arithmetic as pure functions (docs/conformance/messagekit.md): container widths and the cell height
/// as one explicit switch over the avatar's vertical position.
enum MessageKitGeometry {
    /// The heights that stack in a cell.
    struct Heights: Sendable, Hashable {
        var avatar: Double
        var container: Double
        var verticalPadding: Double
        var cellTopLabel: Double
        var messageTopLabel: Double
        var messageBottomLabel: Double
        var cellBottomLabel: Double

        init(
            avatar: Double, container: Double, verticalPadding: Double = 0, cellTopLabel: Double = 0,
            messageTopLabel: Double = 0, messageBottomLabel: Double = 0, cellBottomLabel: Double = 0
        ) {
            self.avatar = avatar
            self.container = container
            self.verticalPadding = verticalPadding
            self.cellTopLabel = cellTopLabel
            self.messageTopLabel = messageTopLabel
            self.messageBottomLabel = messageBottomLabel
            self.cellBottomLabel = cellBottomLabel
        }
    }

    /// `MessageSizeCalculator.cellContentHeight`.
    static func cellHeight(_ h: Heights, position: MessageKitSettings.AvatarPosition) -> Double {
        switch position {
        case .messageCenter, .cellTop, .cellBottom:
            let labels = h.cellTopLabel + h.messageTopLabel + h.container + h.verticalPadding + h.messageBottomLabel + h.cellBottomLabel
            return max(h.avatar, labels)
        case .messageBottom:
            return h.messageBottomLabel + h.cellBottomLabel
                + max(h.container + h.verticalPadding + h.cellTopLabel + h.messageTopLabel, h.avatar)
        case .messageTop:
            return h.cellTopLabel + h.messageTopLabel
                + max(h.container + h.verticalPadding + h.messageBottomLabel + h.cellBottomLabel, h.avatar)
        case .messageLabelTop:
            return h.cellTopLabel
                + max(h.container + h.messageBottomLabel + h.verticalPadding + h.messageTopLabel + h.cellBottomLabel, h.avatar)
        }
    }

    /// `messageContainerMaxWidth`: item width less the avatar and the message padding.
    static func containerMaxWidth(itemWidth: Double, avatarWidth: Double, padding: EdgeInsets) -> Double {
        itemWidth - avatarWidth - padding.horizontal
    }

    /// Media, location and audio items: their own size, scaled down to `maxWidth` keeping the aspect.
    static func fit(_ size: Size, maxWidth: Double) -> Size {
        guard maxWidth < size.width, size.width > 0 else { return size }
        // A canvas narrower than the avatar and paddings leaves no room: nothing, never a
        // negative size (which crashed the painter).
        let width = max(0, maxWidth)
        return Size(width: width, height: width * size.height / size.width)
    }

    /// The container's top inside the cell (`MessageContentCell.layoutMessageContainerView`).
    static func containerY(_ h: Heights, position: MessageKitSettings.AvatarPosition, cellHeight: Double, padding: EdgeInsets)
        -> Double
    {
        switch position {
        case .messageBottom:
            return cellHeight - padding.bottom - h.cellBottomLabel - h.messageBottomLabel - h.container
        case .messageCenter where h.avatar > h.container:
            return cellHeight / 2 - h.container / 2
        default:
            return h.cellTopLabel + h.messageTopLabel + padding.top
        }
    }

    /// The avatar's top inside the cell (`MessageContentCell.layoutAvatarView`).
    static func avatarY(
        position: MessageKitSettings.AvatarPosition, cellHeight: Double, avatar: Double, container: Rect, messageTopLabelY: Double
    ) -> Double {
        switch position {
        case .cellTop: 0
        case .cellBottom: cellHeight - avatar
        case .messageTop: container.minY
        case .messageBottom: container.maxY - avatar
        case .messageCenter: container.midY - avatar / 2
        case .messageLabelTop: messageTopLabelY
        }
    }
}
