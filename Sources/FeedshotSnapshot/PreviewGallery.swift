import FeedshotLayout
import FeedshotRender
import Foundation

/// A static HTML gallery of documents in chosen variants, each image with an image map of its
/// actions (hover shows the event and its arguments): `feedshot preview`.
package struct PreviewGallery {
    /// One combination of the knobs a designer turns.
    package struct Variant: Sendable, Hashable {
        package var width: Double
        package var scale: Int
        /// `light`, `dark`, or `document` (the document's own theme).
        package var theme: String
        package var textSize: ContentSizeCategory

        package init(width: Double, scale: Int, theme: String, textSize: ContentSizeCategory) {
            self.width = width
            self.scale = scale
            self.theme = theme
            self.textSize = textSize
        }

        /// `w375-s2-dark-large`
        package var slug: String { "w\(width.compactDescription)-s\(scale)-\(theme)-\(textSize.rawValue)" }
        package var caption: String { "\(width.compactDescription) pt @\(scale)x · \(theme) · \(textSize.rawValue)" }

        /// `document` with this variant's knobs applied.
        package func apply(to document: Document) -> Document {
            var document = document
            document.width = width
            document.scale = scale
            document.textSize = textSize
            switch theme {
            case "light": document.theme = .amityLight
            case "dark": document.theme = .amityDark
            default: break
            }
            return document
        }
    }

    /// The widths, scales, themes and text sizes to combine (every combination is rendered).
    package var widths: [Double] = [320, 375, 414]
    package var scales: [Int] = [2]
    package var themes: [String] = ["light", "dark"]
    package var textSizes: [ContentSizeCategory] = [.large]
    package var options: RenderOptions
    package var title = "Feedshot preview"

    package init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    package var variants: [Variant] {
        widths.flatMap { width in
            scales.flatMap { scale in
                themes.flatMap { theme in textSizes.map { Variant(width: width, scale: scale, theme: theme, textSize: $0) } }
            }
        }
    }

    /// One rendered variant of one document, or why it failed.
    struct Entry {
        var variant: Variant
        var image: String?
        var layout: Layout?
        var error: String?
    }

    /// Renders every document in every variant into `directory/images/` and writes `directory/index.html`.
    ///
    /// - Parameter documents: (name, JSON) pairs; a document that does not decode is shown with its error.
    /// - Returns: The number of images written.
    @discardableResult
    package func write(documents: [(name: String, json: Data)], to directory: URL) throws -> Int {
        let images = directory.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var sections: [(String, String?, [Entry])] = []
        var written = 0
        for (name, json) in documents {
            let base = SnapshotPaths.sanitize(name)
            let document: Document
            do {
                document = try Feedshot.decode(json, options: options)
            } catch {
                sections.append((name, error.description, []))
                continue
            }
            var entries: [Entry] = []
            for variant in variants {
                do {
                    let (png, layout) = try Feedshot.renderWithLayout(variant.apply(to: document), options: options)
                    let file = "\(base)-\(variant.slug).png"
                    try png.write(to: images.appendingPathComponent(file), options: .atomic)
                    entries.append(Entry(variant: variant, image: "images/\(file)", layout: layout))
                    written += 1
                } catch let error as RenderError {
                    entries.append(Entry(variant: variant, error: error.description))
                }
            }
            sections.append((name, nil, entries))
        }
        let html = PreviewHTML.page(
            title: title, body: sections.map { PreviewHTML.section(name: $0.0, error: $0.1, entries: $0.2) }.joined())
        try Data(html.utf8).write(to: directory.appendingPathComponent("index.html"), options: .atomic)
        return written
    }
}
