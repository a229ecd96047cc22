import Foundation

extension PreviewGallery {
    /// The list of the pictures the last page written into a folder showed, beside its page:
    /// what the next page may remove.
    static let imagesManifest = ".feedshot-preview-images"
    /// The longest list read (a page of a hundred thousand pictures' names).
    static let maxManifestBytes = 16 << 20

    /// Removes from `directory/images/` the pictures an earlier page written there showed and this
    /// one does not (`shown`: "images/<file>"), and records this page's: a second run into the same
    /// `--out` with other documents or variants left hundreds behind. Only files the gallery wrote
    /// go — those its list names, plain PNG files by a bare name in that folder, never a link,
    /// a folder or anything else a user keeps there. Best effort: what cannot be removed stays,
    /// unshown.
    static func removeUnshownImages(in directory: URL, shown: [String]) {
        let images = directory.appendingPathComponent("images")
        let manifest = directory.appendingPathComponent(imagesManifest)
        let names = shown.compactMap { $0.hasPrefix("images/") ? String($0.dropFirst("images/".count)) : nil }
        let kept = Set(names)
        // A list longer than any page writes is not the gallery's: nothing is removed by it.
        let earlier = ArtifactsFolder.prefix(of: manifest, limit: maxManifestBytes).flatMap { $0.isCut ? nil : $0.data } ?? Data()
        for name in String(decoding: earlier, as: UTF8.self).split(separator: "\n").map(String.init)
        where !kept.contains(name) && isGalleryImageName(name) {
            let path = images.appendingPathComponent(name).path
            guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
                type == .typeRegular
            else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
        try? Data((names.joined(separator: "\n") + "\n").utf8).write(to: manifest, options: .atomic)
    }

    /// A name the gallery gives a picture: a bare file name (no folder, not hidden) ending ".png".
    static func isGalleryImageName(_ name: String) -> Bool {
        name.hasSuffix(".png") && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }
}
