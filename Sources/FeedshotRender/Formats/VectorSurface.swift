import CPangoCairo
import Foundation

/// Owns one Cairo PDF or SVG surface writing into memory, and destroys it in `deinit`.
/// Not `Sendable`: a surface is used by one thread at a time.
///
/// Sizes are in points: a PDF page is `width` × `height` PDF points; an SVG is `width` ×
/// `height` CSS pixels (`width="375px"`), the unit a point is on the web.
final class VectorSurface {
    /// A vector format Cairo writes.
    enum Kind {
        case pdf
        case svg
    }

    /// Owned: one reference, destroyed in `deinit`.
    let pointer: OpaquePointer
    let kind: Kind
    /// Where Cairo's stream callback appends the file. Lives as long as the surface (a stored
    /// property outlives `deinit`'s body, where the surface is destroyed and may still write).
    private let sink = Sink()
    private var isFinished = false

    /// The bytes Cairo has written so far.
    final class Sink {
        var data = Data()
    }

    /// A surface whose first page is `width` × `height` points.
    ///
    /// - Throws: `RenderError.cairo` when Cairo cannot create it.
    init(_ kind: Kind, width: Double, height: Double) throws(RenderError) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw RenderError.cairo("no page can be \(width) × \(height) points")
        }
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        // The closure is unretained: `sink` is owned by this object, which owns the surface.
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let created: OpaquePointer? =
            switch kind {
            case .pdf: cairo_pdf_surface_create_for_stream(write, closure, width, height)
            case .svg: cairo_svg_surface_create_for_stream(write, closure, width, height)
            }
        guard let created else { throw RenderError.cairo("could not create a \(kind) surface") }
        let status = cairo_surface_status(created)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw RenderError.cairo("could not create a \(kind) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        pointer = created
        self.kind = kind
        switch kind {
        case .pdf:
            cairo_pdf_surface_restrict_to_version(pointer, CAIRO_PDF_VERSION_1_5)
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATOR, "Feedshot")
            // No creation date (Cairo would write the clock's): the same layout gives the same file.
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, nil)
        case .svg:
            cairo_svg_surface_restrict_to_version(pointer, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
        }
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Sets the document's title (PDF only; an SVG has none from Cairo).
    func setTitle(_ title: String) {
        if kind == .pdf { cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_TITLE, title) }
    }

    /// Draws with a new context on the current page, then checks its status.
    func draw(_ body: (OpaquePointer) throws(RenderError) -> Void) throws(RenderError) {
        guard let cr = cairo_create(pointer) else { throw RenderError.cairo("could not create a context") }
        defer { cairo_destroy(cr) }
        try body(cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Ends the current page and starts a `width` × `height` one (PDF only).
    func newPage(width: Double, height: Double) throws(RenderError) {
        guard kind == .pdf else { throw RenderError.invariant("an SVG has one page") }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw RenderError.cairo("no page can be \(width) × \(height) points")
        }
        cairo_surface_show_page(pointer)
        cairo_pdf_surface_set_size(pointer, width, height)
        try checkStatus()
    }

    /// Finishes the file (Cairo subsets and embeds the fonts, writes the trailer) and returns it.
    ///
    /// - Throws: `RenderError.cairo` when Cairo reports an error, now or while drawing.
    func finish() throws(RenderError) -> Data {
        if !isFinished {
            cairo_surface_finish(pointer)
            isFinished = true
        }
        try checkStatus()
        guard !sink.data.isEmpty else { throw RenderError.cairo("the \(kind) surface wrote nothing") }
        return sink.data
    }

    private func checkStatus() throws(RenderError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo("the \(kind) surface failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
