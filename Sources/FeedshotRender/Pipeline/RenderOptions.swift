import FeedshotLayout
import Foundation

/// Options for one render: where images come from, the limits a document must keep, and the format
/// and encoding of the output.
public struct RenderOptions: Sendable {
    /// Where image paths and data URIs are read from.
    public var images: ImageSource
    /// Limits on the decoded document.
    public var limits: DocumentLimits
    /// What an unknown field in a document does: refuse it (the default) or warn (`--lenient`).
    public var unknownFields: DecodingOptions.UnknownFields = .refuse
    /// UI strings over the catalogue and under each document's own (`DecodingOptions.strings`).
    public var strings: [String: String] {
        get { checked.strings }
        set { checked.strings = newValue }
    }
    /// `strings`, checked when set (not for each document decoded with them).
    private var checked = DecodingOptions()
    /// An app's typography under each Amity document's own (`DecodingOptions.typography`):
    /// `--typography FILE`, a server's default.
    public var typography = Typography()
    /// Largest output image, in pixels (width × height).
    public var maxPixelArea: Int
    /// PNG compression level, 0 (stored) … 12 (smallest); 1, the default, is fast and about as
    /// small as Cairo's own writer.
    public var compressionLevel: Int
    /// What `Feedshot.render` produces: PNG (the default), SVG, PDF, WebP or JPEG.
    public var format: OutputFormat = .png
    /// The quality of a lossy encoding: WebP is lossless when nil, lossy at this quality otherwise;
    /// JPEG is encoded at this quality, `ImageQuality.jpegDefault` (90) when nil. Other formats
    /// ignore it.
    public var quality: ImageQuality?
    /// When set, the render is abandoned (`RenderError.deadlineExceeded`) at its next checkpoint
    /// past this instant: after loading images, after layout, between drawn items, before encoding.
    public var deadline: ContinuousClock.Instant?
    /// Set by a server that is stopping: the render is abandoned at its next checkpoint, as past
    /// its deadline.
    public var cancellation: RenderCancellation?
    /// Most pixels all of a document's images may decode to; an image past it is a placeholder
    /// with a warning (`--max-document-image-pixels`).
    public var maxDocumentImagePixels = 64_000_000
    /// Most bytes all of a document's images may take to read — fetched, read from files or
    /// carried in `data:` URIs, each file once however it is spelt: 4 for each pixel of
    /// `maxDocumentImagePixels` (256,000,000 by default), what those pixels decode to. An encoded
    /// image is smaller than its pixels (a photo's JPEG about a byte a pixel or less, an 8-bit
    /// PNG at most about four), so a document within its pixel budget is within this one; it
    /// bounds what a render reads and holds for images that are none, are padded, or are refused
    /// by the pixel budget only once read (a thousand avatars of a few megabytes each: 18.8 GB).
    /// An image past it is a placeholder with a warning.
    public var maxDocumentImageBytes: Int {
        let bytes = maxDocumentImagePixels.multipliedReportingOverflow(by: 4)
        return bytes.overflow ? Int.max : bytes.partialValue
    }
    /// Memory that decoded images may hold across every render of the process (a server's
    /// `--decode-budget-bytes`); nil for no shared budget.
    public var decodeBudget: DecodeBudget?
    /// Swift-registered composers for custom post data types (their posts need no `components`).
    public var postComposers = PostComposers()
    /// Reuse measured text, shaped layouts and decoded images across renders on the same thread
    /// (bounded caches). Off gives the plain path; the output is the same either way.
    public var usesCaches = true
    /// Refuse to lay out or draw text with SF Pro's stand-in (Feedshot Inter), for a text's own font
    /// or for letters an app's family lacks: `--strict-fonts`. The stand-ins for Apple's Chinese,
    /// Japanese, Korean and emoji faces are listed in `Layout.fonts`, not refused.
    public var strictFonts = false
    /// Threads that may compress a PNG, lossless WebP or JPEG taller than one strip (about 2 MiB of
    /// pixels: 699 rows at 750 pixels wide; JPEG 696 at 4:4:4, 688 at 4:2:0): the rendering thread
    /// draws the strips and, with up to `encodingThreads − 1` helpers, compresses them (lossy WebP
    /// lets libwebp use a second thread when this is above 1). Values below 1 count as 1. The file is
    /// the same bytes for every value. The default is the machine's cores, at most 4; the server sets
    /// 1, its render pool already keeping the cores busy.
    public var encodingThreads = RenderOptions.defaultEncodingThreads

    /// Fonts (a family, weight, style and size each) a thread's Pango context may have loaded
    /// before the next render on that thread starts with a new one (`PangoThreadContext.renewIfWorn`).
    var fontsBeforeRenewal = 1_024

    /// The machine's cores, at most 4.
    public static let defaultEncodingThreads = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// Options with the bundled defaults: images from `data:` URIs only, default limits, 50
    /// megapixels at most, the fast PNG encoder.
    public init(
        images: ImageSource = ImageSource(), limits: DocumentLimits = .default, maxPixelArea: Int = 50_000_000, compressionLevel: Int = 1
    ) {
        self.images = images
        self.limits = limits
        self.maxPixelArea = maxPixelArea
        self.compressionLevel = compressionLevel
    }

    /// How documents are decoded under these options.
    public var decoding: DecodingOptions {
        var options = DecodingOptions(
            limits: limits, composedPostTypes: Set(postComposers.byDataType.keys), unknownFields: unknownFields, typography: typography)
        options.setStrings(checked.strings, problem: checked.stringsProblem)
        return options
    }
}

extension RenderOptions {
    /// Throws `RenderError.deadlineExceeded` once the deadline has passed or the render was cancelled.
    func checkDeadline() throws(RenderError) {
        if let deadline, ContinuousClock.now > deadline { throw RenderError.deadlineExceeded }
        if let cancellation, cancellation.isCancelled { throw RenderError.deadlineExceeded }
    }

    /// The deadline as the layout engine checks it.
    var layoutDeadline: Deadline {
        guard let cancellation else { return Deadline(deadline) }
        return Deadline(deadline, isCancelled: { cancellation.isCancelled })
    }
}
