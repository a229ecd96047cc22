import FeedshotLayout

/// Why a render failed. The CLI turns it into a message and an exit code, the server into a status.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// The document is invalid (exit 2 / HTTP 400).
    case document(DocumentError)
    /// A configured limit was exceeded (exit 2 / HTTP 422).
    case limit(String)
    /// Fonts could not be set up.
    case fonts(String)
    /// Cairo reported an error.
    case cairo(String)
    /// Encoding the image (PNG, WebP, JPEG) failed.
    case encoding(String)
    /// The render passed its deadline, or was cancelled, and was abandoned (HTTP 503).
    case deadlineExceeded
    /// An internal check failed: a bug in Feedshot, reported instead of a wrong image (HTTP 500).
    case invariant(String)
    /// A server-wide resource (the decode budget) had no room in time (HTTP 503, retry later).
    case busy(String)

    /// One line saying what failed, as the CLI prints it.
    public var description: String {
        switch self {
        case .document(let error): error.description
        case .limit(let message): message
        case .fonts(let message): "fonts: \(message)"
        case .cairo(let message): "cairo: \(message)"
        case .encoding(let message): "encoding: \(message)"
        case .deadlineExceeded: "the render took longer than its deadline and was abandoned"
        case .invariant(let message): "internal error: \(message)"
        case .busy(let message): message
        }
    }

    /// Whether the input is at fault (exit 2), rather than the renderer (exit 1).
    public var isInputError: Bool {
        switch self {
        case .document, .limit: true
        case .fonts, .cairo, .encoding, .deadlineExceeded, .invariant, .busy: false
        }
    }
}
