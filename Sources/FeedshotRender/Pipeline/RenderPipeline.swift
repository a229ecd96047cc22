import CPangoCairo
import FeedshotLayout
import Foundation

/// Decode → layout → plan → draw → encode: the one path every front end takes — the library's
/// `Feedshot` API, and through it the CLI, the server and the snapshot tests — and the one the
/// benchmark times (docs/ARCHITECTURE.md, "The pipeline"). Each stage is timed here and nowhere else.
struct RenderPipeline {
    let options: RenderOptions
    /// How long each stage of the last run took.
    private(set) var times = StageTimes()

    /// Durations of the stages; drawing and encoding alternate strip by strip, so `draw` is the
    /// time spent drawing strips and `encode` the rest of the render.
    struct StageTimes {
        var decode = Duration.zero
        var layout = Duration.zero
        var draw = Duration.zero
        var encode = Duration.zero
    }

    /// A laid-out document and the images it draws.
    struct LaidOut {
        let layout: Layout
        let images: ImageStore
        /// The faces its texts fall back to, by the document's language: measured and drawn
        /// with the same.
        let cascade: FontCascade

        /// A painter of this layout: its images, and the calling thread's context in the cascade
        /// it was measured in (a painter of another cascade would draw other glyphs in the same
        /// frames).
        func painter(deadline: ContinuousClock.Instant? = nil, usesCaches: Bool = true, matte: Color? = nil) throws(RenderError)
            -> Painter
        {
            Painter(
                images: images, pango: try PangoThreadContext.current(cascade), deadline: deadline, usesCaches: usesCaches, matte: matte)
        }
    }

    init(options: RenderOptions) {
        self.options = options
    }

    /// Decodes and validates a JSON document.
    mutating func decode(_ json: Data) throws(RenderError) -> Document {
        let start = ContinuousClock.now
        defer { times.decode = ContinuousClock.now - start }
        do {
            return try Document.decode(json, options: options.decoding)
        } catch {
            throw RenderError.document(error)
        }
    }

    /// Loads the document's images and lays it out with Pango, checking the result against the
    /// size limits. With `decodingPixels` false (a layout tree only), image sizes come from their
    /// headers and no pixel is decoded.
    mutating func layout(_ document: Document, decodingPixels: Bool = true) throws(RenderError) -> LaidOut {
        let start = ContinuousClock.now
        defer { times.layout = ContinuousClock.now - start }
        PangoThreadContext.renewIfWorn(after: options.fontsBeforeRenewal)
        let cascade = FontCascade(locale: document.locale)
        _ = try PangoThreadContext.current(cascade)
        let images = ImageStore()
        let options = self.options
        var limits = ImageStore.Limits()
        limits.decodesPixels = decodingPixels
        limits.maxDocumentPixels = options.maxDocumentImagePixels
        limits.maxDocumentBytes = options.maxDocumentImageBytes
        limits.budget = options.decodeBudget
        limits.deadline = { () throws(RenderError) in try options.checkDeadline() }
        try images.load(
            document.imageReferences(composers: options.postComposers), source: options.images, useCache: options.usesCaches,
            limits: limits)
        try options.checkDeadline()
        var layout: Layout
        do {
            layout = try LayoutEngine.layout(
                document, measurer: PangoTextMeasurer(cached: options.usesCaches, cascade: cascade), images: images.catalog,
                composers: options.postComposers,
                deadline: options.layoutDeadline)
        } catch {
            throw RenderError.deadlineExceeded
        }
        layout.warnings += images.damageWarnings(in: layout)
        try RenderPipeline.checkFamilies(of: document, in: layout)
        layout.warnings += try FontLibrary.shared().missingGlyphWarnings(in: layout)
        layout.fonts = try PangoThreadContext.current(cascade).fontUses(in: layout, cached: options.usesCaches) {
            () throws(RenderError) in try options.checkDeadline()
        }
        if options.strictFonts { try RenderPipeline.refuseStandIns(in: layout.fonts) }
        try RenderPipeline.checkSize(of: layout, maxPixelArea: options.maxPixelArea)
        try options.checkDeadline()
        return LaidOut(layout: layout, images: images, cascade: cascade)
    }

    /// Plans, draws and encodes a laid-out document in `options.format`.
    ///
    /// PNG, WebP and JPEG are drawn in strips (`StripRows`) with every pixel fast path; SVG and
    /// PDF are drawn once on a vector surface, where those paths do not apply (`Painter.Target`).
    mutating func encode(_ laidOut: LaidOut) throws(RenderError) -> Data {
        switch options.format {
        case .png: try encodePNG(laidOut)
        case .webp, .jpeg: try encodeRaster(laidOut)
        case .svg, .pdf: try encodeVector(laidOut)
        }
    }

    /// The painter for this render's options; JPEG's with a white matte under the background.
    private func painter(for laidOut: LaidOut) throws(RenderError) -> Painter {
        try laidOut.painter(deadline: options.deadline, usesCaches: options.usesCaches, matte: options.format == .jpeg ? .white : nil)
    }

    /// PNG: strips drawn and compressed one at a time by Feedshot's encoder — by several threads
    /// at once for an image of more than one strip, with `encodingThreads` above 1
    /// (`StripSegments`; the same bytes either way).
    private mutating func encodePNG(_ laidOut: LaidOut) throws(RenderError) -> Data {
        let start = ContinuousClock.now
        let painter = try painter(for: laidOut)
        var strips: [StripRows] = []
        let options = self.options
        func makeStrips() throws(RenderError) -> StripRows {
            try options.checkDeadline()
            let rows = try StripRows(laidOut.layout, painter: painter)
            strips.append(rows)
            return rows
        }
        let encoder = PNGEncoder(compressionLevel: Int32(options.compressionLevel))
        let layout = laidOut.layout
        let png: Data
        if encoder.compressionLevel == PNGEncoder.defaultLevel, options.encodingThreads > 1,
            PNGEncoder.segments(height: layout.pixelHeight, width: layout.pixelWidth).count > 1
        {
            if let opaque = try StripSegments.encode(makeStrips(), threads: options.encodingThreads) {
                png = opaque
            } else {
                // A translucent pixel: RGBA, on this thread, as `PNGEncoder.encode(_:)` does.
                let rows = try makeStrips()
                guard
                    let translucent = try encoder.encode(
                        width: rows.width, height: rows.height, channels: 4, rows: PNGEncoder.translucentRows(rows))
                else { throw RenderError.invariant("the RGBA rows of a PNG refused a pixel") }
                png = translucent
            }
        } else {
            png = try encoder.encode { () throws(RenderError) in try makeStrips() }
        }
        try options.checkDeadline()
        times.draw = strips.reduce(Duration.zero) { $0 + $1.drawing }
        times.encode = ContinuousClock.now - start - times.draw
        return png
    }

    /// WebP and JPEG: the same strips as PNG, coded strip by strip (WebP lossless), drawn
    /// straight into libwebp's picture (lossy WebP), or in strips of whole MCU rows, each
    /// compressed as a JPEG of its own and joined with restart markers (JPEG).
    private mutating func encodeRaster(_ laidOut: LaidOut) throws(RenderError) -> Data {
        let start = ContinuousClock.now
        let layout = laidOut.layout
        if options.format == .webp { try WebPEncoder.checkSize(width: layout.pixelWidth, height: layout.pixelHeight) }
        let jpeg = JPEGEncoder(quality: options.quality ?? .jpegDefault, threads: options.encodingThreads)
        let strips =
            options.format == .jpeg
            ? try StripRows(
                layout, painter: painter(for: laidOut), stripRows: jpeg.stripRows(width: layout.pixelWidth), reportsChangedColumns: false)
            : try StripRows(layout, painter: painter(for: laidOut))
        try options.checkDeadline()
        let data: Data
        switch options.format {
        case .webp: data = try WebPEncoder(quality: options.quality, threads: options.encodingThreads).encode(strips)
        case .jpeg: data = try jpeg.encode(strips)
        case .png, .svg, .pdf: throw RenderError.invariant("\(options.format) is not encoded from strips of pixels")
        }
        times.draw = strips.drawing
        times.encode = ContinuousClock.now - start - times.draw
        return data
    }

    /// SVG and PDF: one page of `width` × `height` points on Cairo's vector surface; `draw` is the
    /// painter's time, `encode` Cairo's finishing the file (subsetting and embedding fonts).
    private mutating func encodeVector(_ laidOut: LaidOut) throws(RenderError) -> Data {
        let start = ContinuousClock.now
        let layout = laidOut.layout
        let surface = try VectorSurface(options.format == .pdf ? .pdf : .svg, width: layout.width, height: layout.height)
        try drawPage(laidOut, on: surface)
        let drawn = ContinuousClock.now
        try options.checkDeadline()
        let data = try surface.finish()
        times.draw = drawn - start
        times.encode = ContinuousClock.now - drawn
        return data
    }

    /// Draws a laid-out document on the current page of `surface`, its top left at `origin`
    /// (points) and everything `scale` times its size: a single-page SVG or PDF, or one of many
    /// layouts on a contact sheet.
    func drawPage(_ laidOut: LaidOut, on surface: VectorSurface, at origin: (x: Double, y: Double) = (0, 0), scale: Double = 1)
        throws(RenderError)
    {
        let painter = try painter(for: laidOut)
        let plan = try PaintPlan(laidOut.layout, painter: painter)
        try surface.draw { (cr) throws(RenderError) in
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, origin.x, origin.y)
            try painter.drawPage(laidOut.layout, cr, plan: plan)
        }
    }

    /// Whether `frame` is finite with a height of zero or more.
    static func isDrawable(_ frame: Rect) -> Bool {
        [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) && frame.height >= 0
    }

    /// Cairo's largest image side.
    static let maxSide = 32767

    /// Refuses a layout whose image would be empty, wider or taller than Cairo allows, or larger
    /// than `maxPixelArea`, or that holds a frame no painter can draw (not finite, or of negative
    /// height, or a picture or glyph with no area: an engine's arithmetic on extreme settings), checked in
    /// every build. Another element of negative width draws nothing and is let through (narrow
    /// canvases give some).
    static func checkSize(of layout: Layout, maxPixelArea: Int) throws(RenderError) {
        // To a hundredth of a point: the sums of fractional settings print as 754.0724999999999.
        func points(_ value: Double) -> String { (value.isFinite ? (value * 100).rounded() / 100 : value).compactDescription }
        for item in layout.items {
            let frames = [item.frame] + item.elements.map(\.frame) + item.actions.map(\.frame)
            // Pictures and glyphs are scaled into their frames: an empty one has no scale Cairo
            // can invert.
            let emptyPictures = item.elements.filter { element in
                switch element.content {
                case .image, .glyph: !(element.frame.width > 0 && element.frame.height > 0)
                default: false
                }
            }
            if let bad = frames.first(where: { !RenderPipeline.isDrawable($0) }) ?? emptyPictures.first?.frame {
                throw RenderError.limit(
                    "the layout of \(item.id) has a frame of \(points(bad.width)) × \(points(bad.height)) points at (\(points(bad.x)), \(points(bad.y))): the canvas is too narrow for its settings (width, avatar, paddings, insets)"
                )
            }
        }
        guard layout.pixelWidth > 0, layout.pixelHeight > 0 else {
            throw RenderError.limit(
                "the layout is empty (\(points(layout.width)) × \(points(layout.height)) points): the document has no messages, posts or comments to draw"
            )
        }
        guard layout.pixelWidth <= maxSide, layout.pixelHeight <= maxSide else {
            throw RenderError.limit(
                "the image would be \(layout.pixelWidth) × \(layout.pixelHeight) pixels; each side can be at most \(maxSide) (render fewer messages or a lower scale)"
            )
        }
        let area = layout.pixelWidth.multipliedReportingOverflow(by: layout.pixelHeight)
        guard !area.overflow, area.partialValue <= maxPixelArea else {
            throw RenderError.limit(
                "the image would be \(layout.pixelWidth) × \(layout.pixelHeight) pixels, more than the limit of \(maxPixelArea) (raise it with --max-pixels)"
            )
        }
    }

    /// `--strict-fonts`: refuses SF Pro's stand-in where it would draw (a text's own font, or
    /// characters an app's family lacks), naming the role whose text it would draw and how to add
    /// SF Pro. The stand-ins for Apple's Chinese, Japanese, Korean and emoji faces are listed
    /// (`FontUse.otherFaces`) but not refused: Apple offers SF Pro for download, to develop apps
    /// with, and those faces only as part of its systems (docs/fonts.md, "Which faces drew a text").
    static func refuseStandIns(in fonts: [FontUse]) throws(RenderError) {
        let face = "SF Pro"
        for use in fonts {
            guard let standIn = use.standIn(for: face) else { continue }
            let what =
                standIn.family == use.family
                ? "the layout's \"\(use.role.rawValue)\" text" : "characters of the layout's \"\(use.role.rawValue)\" text"
            throw RenderError.fonts(
                "--strict-fonts: \(face) is not installed, and its stand-in \(standIn.family) (\(standIn.file)) would draw \(what), among others; add \(face)'s font files with --font-dir DIR, or render without --strict-fonts"
            )
        }
    }
}

extension RenderPipeline {
    /// Refuses a font family that no loaded font has: the document's `typography` by its path, and
    /// any other family a text or span names (a MessageKit font's) by the item that draws it.
    static func checkFamilies(of document: Document, in layout: Layout) throws(RenderError) {
        let library = try FontLibrary.shared()
        try checkFamilies(of: document.typography, at: "typography.")
        for item in layout.items {
            for element in item.elements {
                guard case .text(let text, _) = element.content else { continue }
                for family in [text.font.family] + text.spans.map(\.family) {
                    if let family { try library.checkFamily(family, at: "\(item.id) (its \(element.role.rawValue))") }
                }
            }
        }
    }

    /// Refuses a typography role whose family no loaded font has, at `prefix` + `body.family`.
    static func checkFamilies(of typography: Typography, at prefix: String) throws(RenderError) {
        let library = try FontLibrary.shared()
        for (role, font) in typography.fonts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let family = font.family { try library.checkFamily(family, at: "\(prefix)\(role.rawValue).family") }
        }
    }
}
