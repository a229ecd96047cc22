import Testing

@testable import FeedshotLayout

/// `MessageSizeCalculator`'s widths and heights and `MessageContentCell`'s frames, with non-zero
/// padding, label heights, avatar padding and accessory views (docs/conformance/messagekit.md,
/// "Cell geometry"). Expected values are worked out by hand from the formulas in
/// `Sources/Layout/MessageSizeCalculator.swift` and `Sources/Views/Cells/MessageContentCell.swift`.
struct MessageKitGeometryTests {
    /// Container 100 × 40, padding 6/4/10/30, avatar 30 leading with 5 of avatar padding, labels 18/20/16/12.
    func attributes(_ vertical: MessageKitOptions.AvatarVertical, container: Size = Size(width: 100, height: 40), avatar: Double = 30)
        -> MessageKitGeometry.Attributes
    {
        MessageKitGeometry.Attributes(
            itemWidth: 359, container: container, padding: EdgeInsets(top: 6, left: 4, bottom: 10, right: 30),
            avatar: Size(width: 30, height: avatar), avatarLeading: true, avatarVertical: vertical, avatarPadding: 5, cellTopLabel: 18,
            messageTopLabel: 20, messageBottomLabel: 16, cellBottomLabel: 12)
    }

    @Test func theMaxWidthTakesTheAvatarPaddingAccessoryAndAvatarPaddingAway() {
        var a = attributes(.cellBottom)
        a.accessory = Size(width: 30, height: 30)
        a.accessoryPaddingLeft = 8
        a.accessoryPaddingRight = 2
        // 359 − 30 − (4 + 30) − 30 − (8 + 2) − 5
        #expect(MessageKitGeometry.containerMaxWidth(a) == 250)
    }

    /// The accessory view is placed by the avatar's vertical rule: at every position an
    /// accessory as tall as the avatar sits at the avatar's y.
    @Test(arguments: MessageKitOptions.AccessoryPosition.allCases)
    func theAccessoryFollowsTheAvatarsVerticalRule(_ position: MessageKitOptions.AccessoryPosition) {
        var a = attributes(position.vertical)
        a.accessory = Size(width: 30, height: 30)
        a.accessoryPosition = position
        let frames = MessageKitGeometry.frames(a)
        #expect(frames.accessory.y == frames.avatar.y, "\(position)")
    }

    /// (position, container y, message top label y, message bottom label y, avatar y).
    @Test(arguments: [
        (MessageKitOptions.AvatarVertical.cellTop, 44.0, 18.0, 94.0, 0.0),
        (.cellBottom, 44, 18, 94, 92),
        (.messageTop, 44, 18, 94, 44),
        (.messageBottom, 38, 12, 88, 48),  // H − p.bottom − cb − mb − c − p.top: the padding's top counted twice
        (.messageCenter, 44, 18, 94, 49),
        (.messageLabelTop, 44, 18, 94, 18),
    ])
    func framesWithPaddingForEveryAvatarPosition(
        position: MessageKitOptions.AvatarVertical, containerY: Double, messageTopY: Double, messageBottomY: Double, avatarY: Double
    ) {
        let f = MessageKitGeometry.frames(attributes(position))
        #expect(f.height == 122)  // 18 + 20 + 40 + 16 + 16 + 12 in every case: the container outweighs the avatar
        #expect(f.container == Rect(x: 39, y: containerY, width: 100, height: 40))  // x: 30 + 4 + 5
        #expect(f.cellTopLabel == Rect(x: 0, y: 0, width: 359, height: 18))
        #expect(f.messageTopLabel == Rect(x: 0, y: messageTopY, width: 359, height: 20))  // container.minY − p.top − mt
        #expect(f.messageBottomLabel == Rect(x: 0, y: messageBottomY, width: 359, height: 16))  // container.maxY + p.bottom
        #expect(f.cellBottomLabel == Rect(x: 0, y: messageBottomY + 16, width: 359, height: 12))
        #expect(f.avatar == Rect(x: 5, y: avatarY, width: 30, height: 30))
    }

    @Test func aTallAvatarCentresTheContainerAndItsPaddingInTheCell() {
        let f = MessageKitGeometry.frames(attributes(.messageCenter, container: Size(width: 100, height: 20), avatar: 60))
        #expect(f.height == 102)
        #expect(f.container.y == 33)  // 102 / 2 − (20 + 16) / 2
        #expect(f.messageTopLabel.y == 7)  // not under the cell top label
        #expect(f.avatar.y == 13)  // container.midY − 30
    }

    @Test func aTallAvatarAtTheMessageBottomMovesTheLabels() {
        let f = MessageKitGeometry.frames(attributes(.messageBottom, container: Size(width: 100, height: 20), avatar: 100))
        #expect(f.height == 128)  // 16 + 12 + max(20 + 16 + 18 + 20, 100)
        #expect(f.container.y == 64)  // 128 − 10 − 12 − 16 − 20 − 6
        #expect(f.messageTopLabel.y == 38)
        #expect(f.avatar.y == -16)  // container.maxY − 100
    }

    @Test func cellHeightsFollowTheAvatarWhenItOutweighsTheContainer() {
        let small = Size(width: 100, height: 20)
        #expect(MessageKitGeometry.cellHeight(attributes(.cellBottom, container: small, avatar: 120)) == 120)
        #expect(MessageKitGeometry.cellHeight(attributes(.messageBottom, container: small, avatar: 120)) == 148)  // 28 + 120
        #expect(MessageKitGeometry.cellHeight(attributes(.messageTop, container: small, avatar: 120)) == 158)  // 38 + 120
        #expect(MessageKitGeometry.cellHeight(attributes(.messageLabelTop, container: small, avatar: 120)) == 138)  // 18 + 120
    }

    @Test func aTrailingAvatarPutsTheContainerBeforeIt() {
        var a = attributes(.cellBottom)
        a.avatarLeading = false
        let f = MessageKitGeometry.frames(a)
        #expect(f.container.x == 194)  // 359 − 30 − 100 − 30 − 5
        #expect(f.avatar.x == 324)  // 359 − 30 − 5
    }

    /// (position, accessory y); an accessory taller than the container centres it.
    @Test(arguments: [
        (MessageKitOptions.AccessoryPosition.messageCenter, 28.0), (.messageTop, 33), (.messageBottom, 23), (.cellBottom, 72),
        (.cellTop, 0), (.messageLabelTop, 7),
    ])
    func accessoryViewsSitOppositeTheAvatar(position: MessageKitOptions.AccessoryPosition, y: Double) {
        var a = attributes(.cellBottom)
        a.accessory = Size(width: 30, height: 50)
        a.accessoryPaddingLeft = 8
        a.accessoryPaddingRight = 3
        a.accessoryPosition = position
        let f = MessageKitGeometry.frames(a)
        #expect(f.container.y == 33)  // 122 / 2 − (40 + 16) / 2
        #expect(f.accessory == Rect(x: 147, y: y, width: 30, height: 50))  // container.maxX + 8
        a.avatarLeading = false
        let trailing = MessageKitGeometry.frames(a)
        #expect(trailing.accessory.x == trailing.container.minX - 3 - 30)
    }

    @Test func aTallAccessoryViewSetsTheCellHeight() {
        var a = attributes(.cellBottom)
        a.accessory = Size(width: 30, height: 200)
        #expect(MessageKitGeometry.cellHeight(a) == 200)
    }

    @Test func mediaScaleDownToTheMaxWidthKeepingTheirAspect() {
        #expect(MessageKitGeometry.fit(Size(width: 400, height: 300), maxWidth: 295) == Size(width: 295, height: 221.25))
        #expect(MessageKitGeometry.fit(Size(width: 120, height: 90), maxWidth: 295) == Size(width: 120, height: 90))
    }
}
