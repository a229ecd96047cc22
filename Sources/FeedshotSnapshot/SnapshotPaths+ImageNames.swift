import FeedshotRender
import Foundation

extension SnapshotPaths {
    /// The stem of the image files of the document `name` on a preview or comparison page: the
    /// name itself when it is already a file-name slug (letters, digits, `-`, `_`: `chat`,
    /// `a-b`), else its sanitized form and the first 8 hex digits of the SHA-256 of the name
    /// (`a b` → `a-b-1f0c…`), so two names that sanitize alike never share, and overwrite, an
    /// image.
    package static func imageStem(_ name: String) -> String {
        let slug = sanitize(name)
        guard slug != name else { return slug }
        return slug + "-" + String(Digest.hex(Digest.sha256(Array(name.utf8))).prefix(8))
    }
}
