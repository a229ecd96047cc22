/// The file formats a render can produce. PNG, WebP and JPEG are pixels (`ceil(width × scale)` ×
/// `ceil(height × scale)`); SVG and PDF are vector pages of `width` × `height` points, drawn by the
/// same painter through Cairo's vector surfaces.
public enum OutputFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG, lossless: Feedshot's own encoder (see `RenderOptions.compressionLevel`).
    case png
    /// SVG 1.1: shapes as paths, text as glyph outlines, images embedded.
    case svg
    /// PDF, one page: shapes as paths, text as text in fonts Cairo subsets and embeds, images embedded.
    case pdf
    /// WebP: lossless by Feedshot's own encoder (the PNG's pixels exactly), or lossy through
    /// libwebp when `RenderOptions.quality` is set.
    case webp
    /// JPEG through libjpeg-turbo at `RenderOptions.quality` (90 by default), on an opaque background.
    case jpeg

    /// The name used on the command line and in `?format=`.
    public var description: String { rawValue }

    /// The media type of the bytes, e.g. `image/svg+xml`.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .webp: "image/webp"
        case .jpeg: "image/jpeg"
        }
    }

    /// The file extension written by default, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// Whether the format is pixels (PNG, WebP, JPEG) rather than a vector page (SVG, PDF).
    public var isRaster: Bool {
        switch self {
        case .png, .webp, .jpeg: true
        case .svg, .pdf: false
        }
    }

    /// Whether `RenderOptions.quality` applies (WebP and JPEG).
    public var isLossy: Bool { self == .webp || self == .jpeg }

    /// The format a name gives (`png`, `svg`, `pdf`, `webp`, `jpeg` or `jpg`; any case), or nil.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "jpg" {
            self = .jpeg
        } else {
            self.init(rawValue: lowered)
        }
    }

    /// The format a file's extension names (`.png`, `.svg`, `.pdf`, `.webp`, `.jpg`, `.jpeg`; any
    /// case), or nil for any other extension.
    public init?(fileExtension: String) {
        self.init(name: fileExtension)
    }

    /// The names `init(name:)` accepts, for messages: `png, svg, pdf, webp, jpeg`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The quality of a lossy encoding (WebP, JPEG): 1 (smallest) to 100 (best). Values outside
/// cannot be made.
public struct ImageQuality: Sendable, Hashable, CustomStringConvertible {
    /// 1 … 100.
    public let value: Int

    /// A quality, or nil when `value` is not from 1 to 100.
    public init?(_ value: Int) {
        guard (1...100).contains(value) else { return nil }
        self.value = value
    }

    /// JPEG's default when no quality is given.
    public static let jpegDefault = ImageQuality(90)!

    /// The number, e.g. `80`.
    public var description: String { String(value) }
}
