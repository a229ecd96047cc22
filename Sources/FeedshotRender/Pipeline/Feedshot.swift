import FeedshotLayout
import Foundation

/// The library's front door: JSON in, layout tree or PNG bytes out.
public enum Feedshot {
    /// Decodes and validates a JSON document.
    ///
    /// - Throws: `RenderError.document` naming the JSON path at fault.
    public static func decode(_ json: Data, options: RenderOptions = RenderOptions()) throws(RenderError) -> Document {
        do {
            return try Document.decode(json, limits: options.limits)
        } catch {
            throw RenderError.document(error)
        }
    }

    /// The layout tree of `document`, measured with Pango; images are loaded to size them and to
    /// warn about the ones that fail.
    public static func layout(_ document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) -> Layout {
        _ = try PangoThreadContext.current()
        let images = ImageStore(references: document.imageReferences, source: options.images, useCache: options.usesCaches)
        try options.checkDeadline()
        return try checked(
            LayoutEngine.layout(
                document, measurer: PangoTextMeasurer(cached: options.usesCaches), images: images.catalog, composers: options.postComposers),
            options: options)
    }

    /// PNG bytes of `document`: exactly its layout tree, `ceil(width × scale)` × `ceil(height × scale)` pixels.
    public static func render(_ document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) -> Data {
        try renderWithLayout(document, options: options).png
    }

    /// The PNG and the layout it draws (its warnings included).
    public static func renderWithLayout(_ document: Document, options: RenderOptions = RenderOptions()) throws(RenderError) -> (
        png: Data, layout: Layout
    ) {
        let pango = try PangoThreadContext.current()
        let images = ImageStore(references: document.imageReferences, source: options.images, useCache: options.usesCaches)
        try options.checkDeadline()
        let layout = try checked(
            LayoutEngine.layout(
                document, measurer: PangoTextMeasurer(cached: options.usesCaches), images: images.catalog, composers: options.postComposers),
            options: options)
        try options.checkDeadline()
        let painter = Painter(images: images, pango: pango, deadline: options.deadline, usesCaches: options.usesCaches)
        let png = try PNGEncoder(compressionLevel: Int32(options.compressionLevel)).encode(layout, painter: painter)
        return (png, layout)
    }

    /// JSON document in, PNG bytes out.
    public static func render(json: Data, options: RenderOptions = RenderOptions()) throws(RenderError) -> Data {
        try render(decode(json, options: options), options: options)
    }

    /// Adds a font directory searched after the bundled fonts; call before the first render.
    public static func addFontDirectory(_ path: String) {
        FontLibrary.addDirectory(path)
    }

    /// Cairo's largest image side.
    static let maxSide = 32767

    static func checked(_ layout: Layout, options: RenderOptions) throws(RenderError) -> Layout {
        guard layout.pixelWidth > 0, layout.pixelHeight > 0 else {
            throw RenderError.limit("the layout is empty (\(layout.width) × \(layout.height) points): add messages to draw")
        }
        guard layout.pixelWidth <= maxSide, layout.pixelHeight <= maxSide else {
            throw RenderError.limit(
                "the image would be \(layout.pixelWidth) × \(layout.pixelHeight) pixels; each side can be at most \(maxSide) (render fewer messages or a lower scale)"
            )
        }
        let area = layout.pixelWidth.multipliedReportingOverflow(by: layout.pixelHeight)
        guard !area.overflow, area.partialValue <= options.maxPixelArea else {
            throw RenderError.limit(
                "the image would be \(layout.pixelWidth) × \(layout.pixelHeight) pixels, more than the limit of \(options.maxPixelArea) (raise it with --max-pixels)"
            )
        }
        return layout
    }
}
