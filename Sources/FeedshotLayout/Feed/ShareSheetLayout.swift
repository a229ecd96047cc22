/// `kind: shareSheet`: the bottom sheet a post's share button opens, with only the allowed items.
enum ShareSheetLayout {
    static let rowHeight = 52.0
    static let top = 28.0
    static let bottom = 34.0

    static func layout(_ sheet: ShareSheet, document: Document, measurer: some TextMeasuring) -> Layout {
        let theme = document.theme
        let strings = Strings(locale: document.locale, overrides: document.strings)
        let width = document.width
        let menu = sheet.sharing.menu(for: sheet.origin)
        let height = top + Double(menu.count) * rowHeight + bottom
        var canvas = CellCanvas(canvasWidth: width, top: 0, isMirrored: false)
        canvas.add(
            .bubble, Rect(x: 0, y: 0, width: width, height: height),
            .box(fill: theme.background, corners: CornerRadii(topLeft: 16, topRight: 16, bottomRight: 0, bottomLeft: 0)))
        canvas.add(.icon, Rect(x: width / 2 - 18, y: 10, width: 36, height: 4), .box(fill: theme.baseShade3, corners: .all(2)))
        for (index, item) in menu.enumerated() {
            let row = Rect(x: 0, y: top + Double(index) * rowHeight, width: width, height: rowHeight)
            let glyph: Glyph =
                switch item {
                case .shareToMyTimeline: .person
                case .shareToGroup: .group
                case .moreOptions: .share
                }
            canvas.add(.icon, Rect(x: 20, y: row.midY - 14, width: 28, height: 28), .box(fill: theme.baseShade4, corners: .all(14)))
            canvas.add(.icon, Rect(x: 24, y: row.midY - 10, width: 20, height: 20), .glyph(glyph, color: theme.base))
            let title = TextBlock.measure(
                StyledText(strings(item.titleKey), font: AmityFont.bodyBold.spec, color: theme.base), width: width - 80, maxLines: 1,
                suffix: "…",
                measurer: measurer)
            canvas.add(
                .menuItem, Rect(x: 64, y: row.midY - title.height / 2, width: title.width, height: title.height),
                .text(title.text, lines: title.lines))
            canvas.action(item.event, ["postId": sheet.postId, "origin": sheet.origin.rawValue], row)
        }
        let item = canvas.item(id: "shareSheet", type: "shareSheet", height: height)
        // Behind the sheet: the dimmed screen it slides over.
        return Layout(width: width, height: height, scale: document.scale, background: theme.baseShade2, items: [item])
    }
}
