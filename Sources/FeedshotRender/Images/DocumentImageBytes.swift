import Foundation

/// The bytes one render may read for its document's images, all together — files, fetched
/// bodies (as they arrive, on the fetching threads too), `data:` URIs and bodies reused from the
/// thread's cache alike — so that a document naming a thousand large images reads a bounded
/// amount, whatever each image turns out to be (`RenderOptions.maxDocumentImageBytes`). Bytes
/// taken are never given back: it bounds what is read, not what is held.
final class DocumentImageBytes: @unchecked Sendable {
    /// Bytes the document's images may take.
    let limit: Int
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var used = 0

    /// A budget of `limit` bytes.
    init(limit: Int) { self.limit = max(0, limit) }

    /// Bytes taken so far.
    var taken: Int { lock.withLock { used } }

    /// Bytes left.
    var remaining: Int { lock.withLock { limit - used } }

    /// Takes `bytes` if they fit, else takes nothing and says no.
    func take(_ bytes: Int) -> Bool {
        lock.withLock {
            guard bytes <= limit - used else { return false }
            used += bytes
            return true
        }
    }

    /// Why an image is not read once the budget is spent: a placeholder's warning.
    var refusal: ImageLoadError {
        ImageLoadError(
            "the document's images would take more than \(limit) bytes to read (4 for each pixel of --max-document-image-pixels; raise it with --max-document-image-pixels)"
        )
    }
}
