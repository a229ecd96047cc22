/// `kind: shareSheet`: the bottom sheet a post's share button opens, with only the allowed items
/// (`Modules/Comunity/Feed Posts/Protocols/Handler/AmityPostFooterProtocolHandler.swift:42-86`,
/// `Components/BottomSheet/`). What shows is the sheet's visible part: the handle area (18, its
/// handle image empty, so nothing drawn) and the title separator (1, white), then a 44-point row
/// per item — its title at x 16, semibold, base, centred — and 16 below the last; white, radius 6,
/// over the screen dimmed with black at 50 %.
enum ShareSheetLayout {
    static let rowHeight = 44.0
    /// The handle view (6 + 12) and the separator (1) above the rows.
    static let top = 19.0
    /// `ItemOptionView.bottomPadding`.
    static let bottom = 16.0
    static let radius = 6.0
    static let titleX = 16.0

    static func layout(_ sheet: ShareSheet, document: Document, measurer: some TextMeasuring) -> Layout {
        let theme = document.theme
        let strings = Strings(locale: document.locale, overrides: document.strings)
        let width = document.width
        let menu = sheet.sharing.menu(for: sheet.origin)
        // No item, no sheet: the handler returns before presenting it.
        guard !menu.isEmpty else {
            return Layout(width: width, height: 0, scale: document.scale, background: Color.black.withAlpha(0.5), items: [])
        }
        let height = top + Double(menu.count) * rowHeight + bottom
        var canvas = CellCanvas(canvasWidth: width, top: 0, isMirrored: false)
        // The container's bottom corners are 16 below the screen's edge: only the top ones show.
        canvas.add(
            .bubble, Rect(x: 0, y: 0, width: width, height: height),
            .box(fill: theme.background, corners: CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0)))
        for (index, item) in menu.enumerated() {
            let row = Rect(x: 0, y: top + Double(index) * rowHeight, width: width, height: rowHeight)
            let title = TextBlock.measure(
                StyledText(strings(item.titleKey), font: document.typography[.bodyBold], color: theme.base), width: width - 2 * titleX,
                maxLines: 1,
                suffix: "…", measurer: measurer)
            canvas.add(.menuItem, Rect(x: titleX, y: row.midY - title.height / 2, width: title.width, height: title.height), text: title)
            canvas.action(item.event, ["postId": sheet.postId], row)
        }
        let item = canvas.item(id: "shareSheet", type: .shareSheet, height: height)
        return Layout(width: width, height: height, scale: document.scale, background: Color.black.withAlpha(0.5), items: [item])
    }
}
