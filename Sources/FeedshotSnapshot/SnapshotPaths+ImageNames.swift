import FeedshotRender
import Foundation

extension SnapshotPaths {
    /// The stem of the image files of the document `name` on a preview or comparison page: the
    /// name itself when it is a lower-case file-name slug (ASCII letters, digits, `-`, `_`:
    /// `chat`, `a-b`), else its sanitized form, a dot and the first 8 hex digits of the SHA-256
    /// of the name (`a b` → `a-b.1f0c…`). A slug has no dot, so no name's stem is another's:
    /// `a-b-c8687a08`, a slug, once took the stem of `a b` and the page showed one document's
    /// pictures for both; nor do two differ only in case (`Chat`, `chat`: one file on macOS).
    /// Either is cut to a file name's room as a reference's is (`fitted`).
    package static func imageStem(_ name: String) -> String {
        let isSlug = !name.isEmpty && name.utf8.allSatisfy { "abcdefghijklmnopqrstuvwxyz0123456789-_".utf8.contains($0) }
        guard !isSlug else { return fitted(name) }
        return fitted(sanitize(name) + "." + String(Digest.hex(Digest.sha256(Array(name.utf8))).prefix(8)))
    }
}
