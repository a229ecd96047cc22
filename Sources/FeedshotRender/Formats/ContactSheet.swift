import CPangoCairo
import FeedshotLayout
import Foundation

/// Many documents on the pages of one PDF, for design review (`feedshot preview --pdf`): each
/// page has a title and a grid of captioned cells, each cell a document laid out and drawn by the
/// one pipeline on Cairo's PDF surface — vector shapes, text as text, images embedded — or the
/// error it gave. Each page is as large as its grid, up to the 14,400 points PDF viewers open: a
/// taller grid goes on as many pages as it needs, whole rows to a page.
package struct ContactSheet {
    /// One captioned document, or why there is none.
    package struct Cell {
        /// The line over the drawing.
        package var caption: String
        /// The document to draw, or the error that kept it from decoding (drawn instead).
        package var document: Result<Document, RenderError>

        /// A captioned document, or its error.
        package init(caption: String, document: Result<Document, RenderError>) {
            self.caption = caption
            self.document = document
        }
    }

    /// A titled grid of cells, `columns` to a row.
    package struct Page {
        /// The heading at the top of the page.
        package var title: String
        /// Cells to a row (at least 1).
        package var columns: Int
        /// The cells, row by row.
        package var cells: [Cell]
        /// The folder the page's relative image paths are read from (its document's own); nil:
        /// the sheet's options'.
        package var assetRoot: URL?

        /// A page of `cells`, `columns` to a row, reading images from `assetRoot`.
        package init(title: String, columns: Int, cells: [Cell], assetRoot: URL? = nil) {
            self.title = title
            self.columns = max(1, columns)
            self.cells = cells
            self.assetRoot = assetRoot
        }
    }

    /// The document's title (PDF metadata).
    package var title: String
    /// Images, limits and deadline for every cell; the format is PDF whatever it says.
    package var options: RenderOptions

    /// A contact sheet titled `title` whose cells render with `options`.
    package init(title: String, options: RenderOptions) {
        self.title = title
        self.options = options
    }

    static let margin = 32.0, gap = 24.0, rowGap = 32.0, captionGap = 6.0
    static let titleText = FontSpec(size: 22, weight: .semibold), captionText = FontSpec(size: 12)
    static let page = Color(red: 244, green: 245, blue: 247), ink = Color(red: 41, green: 43, blue: 50)
    static let muted = Color(red: 99, green: 103, blue: 121), alert = Color(red: 250, green: 77, blue: 48)
    /// The width of a cell that holds an error.
    static let errorWidth = 320.0

    /// What a cell holds once laid out.
    private enum Laid {
        case layout(RenderPipeline.LaidOut)
        case error(String)
    }

    /// The PDF of `pages` (at least one), how many PDF pages it has (a grid taller than a PDF
    /// page takes several), the cells whose document failed (drawn with their error), in order,
    /// and each page's layout warnings (a missing image), once a page.
    ///
    /// - Throws: `RenderError.cairo` when the PDF cannot be written, `.deadlineExceeded`.
    package func pdf(_ pages: [Page]) throws(RenderError) -> (
        data: Data, pageCount: Int, failures: [(title: String, caption: String, error: RenderError)],
        warnings: [(title: String, warning: String)]
    ) {
        guard !pages.isEmpty else { throw RenderError.invariant("a contact sheet needs a page") }
        var options = self.options
        options.format = .pdf
        // The sheet's own titles and captions are Feedshot's, in English: the standard cascade.
        // Each cell is drawn in its document's own (`drawPage`).
        let pango = try PangoThreadContext.current(.standard)
        var surface: VectorSurface?
        var pageCount = 0
        var failures: [(title: String, caption: String, error: RenderError)] = []
        var warnings: [(title: String, warning: String)] = []
        for page in pages {
            var pageOptions = options
            if let root = page.assetRoot { pageOptions.images.assetRoot = root }
            var pipeline = RenderPipeline(options: pageOptions)
            let cells: [(caption: String, laid: Laid)] = page.cells.map { cell in
                do throws(RenderError) {
                    return (cell.caption, .layout(try pipeline.layout(cell.document.get())))
                } catch {
                    failures.append((page.title, cell.caption, error))
                    return (cell.caption, .error(error.description))
                }
            }
            let said: [String] = cells.flatMap { cell -> [String] in
                if case .layout(let laidOut) = cell.laid { return laidOut.layout.warnings }
                return []
            }
            warnings += said.uniqued().map { (title: page.title, warning: $0) }
            try options.checkDeadline()
            let title = TextBox(StyledText(page.title, font: ContactSheet.titleText, color: ContactSheet.ink), pango: pango)
            let rows = stride(from: 0, to: cells.count, by: page.columns).map { Array(cells[$0..<min(cells.count, $0 + page.columns)]) }
            var columnWidths = [Double](repeating: 0, count: page.columns)
            for row in rows {
                for (column, cell) in row.enumerated() {
                    columnWidths[column] = max(columnWidths[column], ContactSheet.size(of: cell.laid).width)
                }
            }
            let captions = rows.map { row in
                row.map { TextBox(StyledText($0.caption, font: ContactSheet.captionText, color: ContactSheet.muted), pango: pango) }
            }
            // Under a drawing, the kit behaviours it shows, as the HTML gallery notes them.
            let notes = rows.map { row in row.map { ContactSheet.notes(for: $0.laid, pango: pango) } }
            let rowHeights = rows.indices.map { r in
                (captions[r].map(\.height).max() ?? 0) + ContactSheet.captionGap
                    + (zip(rows[r], notes[r]).map { cell, note in
                        ContactSheet.size(of: cell.laid).height + (note.map { ContactSheet.captionGap + $0.height } ?? 0)
                    }.max() ?? 0)
            }
            let width = max(
                title.width + 2 * ContactSheet.margin,
                2 * ContactSheet.margin + columnWidths.reduce(0, +) + ContactSheet.gap * Double(max(0, page.columns - 1)))
            let top = ContactSheet.margin + title.height + ContactSheet.rowGap
            for part in ContactSheet.pages(rowHeights: rowHeights, top: top) {
                let height =
                    top + part.map { rowHeights[$0] }.reduce(0, +) + ContactSheet.rowGap * Double(part.count - 1) + ContactSheet.margin
                // A page larger than PDF viewers open is drawn smaller (vector: it zooms back).
                let scale = min(1, ContactSheet.maxPageSide / width, ContactSheet.maxPageSide / height)
                pageCount += 1
                if let surface {
                    try surface.newPage(width: width * scale, height: height * scale)
                } else {
                    let created = try VectorSurface(.pdf, width: width * scale, height: height * scale)
                    created.setTitle(self.title)
                    surface = created
                }
                guard let surface else { throw RenderError.invariant("no PDF surface") }
                try surface.draw { (cr) throws(RenderError) in
                    Painter.setColor(cr, ContactSheet.page)
                    cairo_paint(cr)
                    cairo_scale(cr, scale, scale)
                    title.draw(cr, x: ContactSheet.margin, y: ContactSheet.margin)
                }
                var y = top
                for r in part {
                    var x = ContactSheet.margin
                    for (column, cell) in rows[r].enumerated() {
                        let caption = captions[r][column]
                        try surface.draw { cr in
                            cairo_scale(cr, scale, scale)
                            caption.draw(cr, x: x, y: y)
                        }
                        let cellTop = y + (captions[r].map(\.height).max() ?? 0) + ContactSheet.captionGap
                        switch cell.laid {
                        case .layout(let laidOut):
                            try pipeline.drawPage(laidOut, on: surface, at: (x, cellTop), scale: scale)
                            if let note = notes[r][column] {
                                try surface.draw { cr in
                                    cairo_scale(cr, scale, scale)
                                    note.draw(cr, x: x, y: cellTop + laidOut.layout.height + ContactSheet.captionGap)
                                }
                            }
                        case .error(let message):
                            let text = TextBox(
                                StyledText(message, font: ContactSheet.captionText, color: ContactSheet.alert), pango: pango,
                                width: ContactSheet.errorWidth)
                            try surface.draw { cr in
                                cairo_scale(cr, scale, scale)
                                text.draw(cr, x: x, y: cellTop)
                            }
                        }
                        x += columnWidths[column] + ContactSheet.gap
                    }
                    y += rowHeights[r] + ContactSheet.rowGap
                }
            }
        }
        guard let surface else { throw RenderError.invariant("no PDF surface") }
        return (try surface.finish(), pageCount, failures, warnings)
    }

    /// The largest side of a PDF page viewers open: 14,400 units of 1/72 inch (200 inches; where
    /// that comes from: docs/snapshot-testing.md, "Contact sheet").
    package static let maxPageSide = 14_400.0

    /// A grid's rows (by their heights) shared out over PDF pages of at most `maxPageSide`, each
    /// page with the title's `top` and a bottom margin: as many whole rows as fit, and a row
    /// taller than a page on a page of its own (drawn smaller).
    package static func pages(rowHeights: [Double], top: Double) -> [[Int]] {
        var pages: [[Int]] = []
        var current: [Int] = []
        var height = top + margin
        for (index, rowHeight) in rowHeights.enumerated() {
            let added = rowHeight + (current.isEmpty ? 0 : rowGap)
            if !current.isEmpty, height + added > maxPageSide {
                pages.append(current)
                current = []
                height = top + margin
            }
            height += rowHeight + (current.isEmpty ? 0 : rowGap)
            current.append(index)
        }
        if !current.isEmpty || pages.isEmpty { pages.append(current) }
        return pages
    }

    /// The kit behaviours a cell's layout shows ("Kit behaviour (chat.m4): the kit clips … —
    /// docs/conformance/amity.md#…"), one to a line, wrapped at the drawing's width (its
    /// column's); nil when none.
    private static func notes(for laid: Laid, pango: PangoThreadContext) -> TextBox? {
        guard case .layout(let laidOut) = laid, !laidOut.layout.kitBehaviours.isEmpty else { return nil }
        let notes = laidOut.layout.kitBehaviours
        let lines = KitBehaviour.allCases.compactMap { behaviour -> String? in
            let items = notes.filter { $0.behaviour == behaviour }.map(\.itemId)
            guard !items.isEmpty else { return nil }
            return "Kit behaviour (\(items.joined(separator: ", "))): \(behaviour.note) \(behaviour.conformance)"
        }
        let text = StyledText(lines.joined(separator: "\n"), font: captionText, color: muted)
        return TextBox(text, pango: pango, width: laidOut.layout.width)
    }

    /// The points a cell's drawing takes.
    private static func size(of laid: Laid) -> (width: Double, height: Double) {
        switch laid {
        case .layout(let laidOut): (laidOut.layout.width, laidOut.layout.height)
        case .error: (errorWidth, 48)
        }
    }

    /// A title, caption or error: a Pango layout of the text, wrapped at `width` when given.
    private struct TextBox {
        let layout: PangoLayoutRef
        let color: Color
        let width: Double
        let height: Double

        init(_ text: StyledText, pango: PangoThreadContext, width: Double = -1) {
            layout = pango.makeLayout(text, width: width)
            color = text.color
            var logical = PangoRectangle()
            pango_layout_get_extents(layout.pointer, nil, &logical)
            self.width = Double(logical.width) / Double(PANGO_SCALE)
            height = (Double(logical.height) / Double(PANGO_SCALE)).rounded(.up)
        }

        func draw(_ cr: OpaquePointer, x: Double, y: Double) {
            Painter.setColor(cr, color)
            cairo_move_to(cr, x, y)
            pango_cairo_show_layout(cr, layout.pointer)
        }
    }
}
