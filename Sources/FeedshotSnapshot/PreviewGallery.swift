import FeedshotLayout
import FeedshotRender
import Foundation

/// A static HTML gallery of documents in chosen variants, each image with an image map of its
/// actions (hover shows the event and its arguments): `feedshot preview`.
package struct PreviewGallery {
    /// One combination of the knobs a designer turns.
    package struct Variant: Sendable, Hashable {
        /// Canvas width in points.
        package var width: Double
        /// Pixels per point: 1, 2 or 3.
        package var scale: Int
        /// The named device the width and scale come from (`--devices`), or nil for a bare width.
        package var device: String?
        /// `light`, `dark`, or `document` (the document's own theme).
        package var theme: String
        /// The Dynamic Type size.
        package var textSize: ContentSizeCategory
        /// A locale identifier over the document's (`--locales`), or nil to keep its own.
        package var locale: String?
        /// A layout direction over the locale's (`--directions`), or nil to keep the document's.
        package var direction: LayoutDirection?

        /// One combination of the knobs.
        package init(
            width: Double, scale: Int, device: String? = nil, theme: String, textSize: ContentSizeCategory, locale: String? = nil,
            direction: LayoutDirection? = nil
        ) {
            self.width = width
            self.scale = scale
            self.device = device
            self.theme = theme
            self.textSize = textSize
            self.locale = locale
            self.direction = direction
        }

        /// `w375-s2-dark-large`; with a device, locale or direction: `iPhoneSE-dark-large-ar-rtl`.
        package var slug: String {
            let size = device ?? "w\(width.compactDescription)-s\(scale)"
            return ([size, theme, textSize.rawValue] + [locale, direction?.rawValue].compactMap { $0 }).joined(separator: "-")
        }
        /// `375 pt @2x · dark · large`, over the image in the gallery (`iPhoneSE 375 pt @2x · … · ar · rtl`).
        package var caption: String {
            let size = "\(width.compactDescription) pt @\(scale)x"
            return ([device.map { "\($0) \(size)" } ?? size, theme, textSize.rawValue] + [locale, direction?.rawValue].compactMap { $0 })
                .joined(separator: " · ")
        }

        /// `document` with this variant's knobs applied (a locale also sets its direction, unless
        /// `direction` is set).
        package func apply(to document: Document) -> Document {
            // `document` (or any other theme name) keeps the document's own theme.
            // A named device's screen height too (a feed's link preview card is 0.32 of it).
            let height = device.flatMap { name in SnapshotMatrix.Device.presets.first { $0.name == name }?.height }
            return SnapshotMatrix.Variant(
                device: SnapshotMatrix.Device(name: slug, width: width, scale: scale, height: height),
                theme: SnapshotMatrix.Appearance(rawValue: theme), textSize: textSize, locale: locale, direction: direction
            ).apply(to: document)
        }
    }

    /// The widths, scales, themes and text sizes to combine (every combination is rendered).
    package var widths: [Double] = [320, 375, 414]
    /// Pixels per point to render at (the gallery's images; the contact sheet uses the first).
    package var scales: [Int] = [2]
    /// Named devices; when set, they replace `widths` × `scales`.
    package var devices: [SnapshotMatrix.Device] = []
    /// `light`, `dark` and/or `document`.
    package var themes: [String] = ["light", "dark"]
    /// Dynamic Type sizes.
    package var textSizes: [ContentSizeCategory] = [.large]
    /// Locale identifiers; empty keeps each document's own.
    package var locales: [String] = []
    /// Layout directions; empty keeps each document's (or the chosen locale's).
    package var directions: [LayoutDirection] = []
    /// Images, limits and caches for every render (the format is chosen per output).
    package var options: RenderOptions
    /// The folder each document's relative image paths are read from, by its name (its own
    /// file's folder, as `render` reads them); a document not listed reads from `options`' asset root.
    package var assetRoots: [String: URL] = [:]
    /// The page's heading and the contact sheet's title.
    package var title = "Feedshot preview"

    /// A gallery of the default variants, rendering with `options`.
    package init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The sizes to render at, narrowest first as given: the devices, or every width at every scale.
    var sizes: [(width: Double, scale: Int, device: String?)] {
        devices.isEmpty
            ? widths.flatMap { width in scales.map { (width, $0, nil) } } : devices.map { ($0.width, $0.scale, $0.name) }
    }

    /// The locale × direction pairs, nil where the axis is not set.
    var languages: [(locale: String?, direction: LayoutDirection?)] {
        let locales: [String?] = self.locales.isEmpty ? [nil] : self.locales
        let directions: [LayoutDirection?] = self.directions.isEmpty ? [nil] : self.directions
        return locales.flatMap { locale in directions.map { (locale, $0) } }
    }

    /// Every combination of sizes (devices, or widths × scales), themes, text sizes, locales and
    /// directions, in the gallery's order.
    package var variants: [Variant] {
        sizes.flatMap { size in
            textSizes.flatMap { textSize in
                languages.flatMap { language in
                    // Themes innermost: a variant's light and dark sit side by side on the page.
                    themes.map {
                        Variant(
                            width: size.width, scale: size.scale, device: size.device, theme: $0, textSize: textSize,
                            locale: language.locale, direction: language.direction)
                    }
                }
            }
        }
    }

    /// One rendered variant of one document, or why it failed.
    package struct Entry {
        var variant: Variant
        var image: String?
        var layout: Layout?
        /// Whether the variant draws Amity's chat dark, which the kit never does (`feedshotOwnNotes`).
        var isDarkAmityChat = false
        /// The earlier text size whose variant, alike in every other knob, has the same PNG bytes
        /// (`PreviewHTML.sameAsNote`); nil when none has.
        var sameAsTextSize: ContentSizeCategory?
        /// Why the variant did not render.
        var failure: RenderError?
        var error: String? { failure?.description }
    }

    /// One document's part of the page: its variants, or the error that kept it from decoding.
    package struct Section {
        package var name: String
        /// The document's kind (`chat`, `post`, …), for the page's kind filter; nil when it did not decode.
        package var kind: String?
        /// The kit whose rules lay it out (`Amity`, `MessageKit`), for the page's kit filter; nil
        /// when it did not decode.
        package var kit: String?
        package var error: String?
        var entries: [Entry]
        /// The error that kept the document from decoding, or its first failing variant's.
        package var failure: RenderError? = nil
        /// Images written.
        package var count: Int { entries.filter { $0.image != nil }.count }
        /// The warnings of its variants' layouts, each once, in the order first met.
        package var warnings: [String] { PreviewGallery.warnings(of: entries) }
        /// Why the document did not decode, or why each failing variant did not render (after its
        /// caption), with whether it was the input's fault (`RenderError.isInputError`, which sets
        /// the command's exit code); empty when all rendered.
        package var failures: [(problem: String, isInputError: Bool)] {
            if let error { return [(error, failure?.isInputError ?? true)] }
            return entries.compactMap { entry in entry.failure.map { ("\(entry.variant.caption): \($0)", $0.isInputError) } }
        }
        /// Why the document, or its first failing variant, did not render, and how many more
        /// variants failed; nil when all did.
        package var problem: String? {
            let failures = failures
            guard let first = failures.first?.problem else { return nil }
            return failures.count == 1 ? first : "\(first) (and \(failures.count - 1) more variants)"
        }

        /// A document that could not be read.
        package init(name: String, error: String) {
            self.name = name
            self.error = error
            self.entries = []
        }

        init(name: String, kind: String? = nil, kit: String? = nil, error: String?, entries: [Entry], failure: RenderError?) {
            self.name = name
            self.kind = kind
            self.kit = kit
            self.error = error
            self.entries = entries
            self.failure = failure
        }
    }

    /// Renders every document in every variant into `directory/images/` and writes `directory/index.html`.
    ///
    /// - Parameter documents: (name, JSON) pairs; a document that does not decode is shown with its error.
    /// - Returns: Each document's section: its images and what failed.
    @discardableResult
    package func write(documents: [(name: String, json: Data)], to directory: URL) throws -> [Section] {
        let sections = try documents.map { try render($0.name, json: $0.json, into: directory) }
        try writePage(sections, to: directory)
        return sections
    }

    /// The style of `document`'s conversation; nil for a feed, a post or a share sheet.
    static func chatStyle(of document: Document) -> ChatProfile.Style? {
        switch document.content {
        case .chat(let chat), .message(let chat): chat.profile.style
        case .feed, .post, .shareSheet: nil
        }
    }

    /// The kit whose rules lay `document` out: MessageKit for a chat in its style, Amity for
    /// everything else.
    static func kit(of document: Document) -> String {
        chatStyle(of: document) == .messagekit ? messageKit : amity
    }

    /// The kits' names on the page (its kit filter, `Section.kit`).
    static let amity = "Amity", messageKit = "MessageKit"

    /// Whether `document` is an Amity chat or message drawn in a dark theme: the kit's chat is
    /// always light, so the dark one is Feedshot's own (docs/documents.md, "Feedshot's own").
    static func isDarkAmityChat(_ document: Document) -> Bool {
        chatStyle(of: document) == .amity && document.theme.appearance == .dark
    }

    /// The distinct warnings of `entries`' layouts, in the order first met: a missing image is
    /// missing in every variant, and said once.
    static func warnings(of entries: [Entry]) -> [String] {
        entries.flatMap { $0.layout?.warnings ?? [] }.uniqued()
    }

    /// The options document `name` renders with: `options`, reading its images from its own folder.
    func options(for name: String) -> RenderOptions {
        var options = self.options
        if let root = assetRoots[name] { options.images.assetRoot = root }
        return options
    }

    /// Renders one document's variants as PNGs into `directory/images/`.
    package func render(_ name: String, json: Data, into directory: URL) throws -> Section {
        let images = directory.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var options = options(for: name)
        options.format = .png
        let document: Document
        do {
            document = try Feedshot.decode(json, options: options)
        } catch {
            return Section(name: name, error: error.description, entries: [], failure: error)
        }
        let base = SnapshotPaths.imageStem(name)
        var entries: [Entry] = []
        var failure: RenderError?
        // Each variant's first text size's PNG, by the variant's other knobs.
        var firstSizes: [Variant: (size: ContentSizeCategory, png: Data)] = [:]
        for variant in variants {
            do {
                let shown = variant.apply(to: document)
                let (png, layout) = try Feedshot.renderWithLayout(shown, options: options)
                let file = "\(base)-\(variant.slug).png"
                try png.write(to: images.appendingPathComponent(file), options: .atomic)
                var sizeless = variant
                sizeless.textSize = .large
                var entry = Entry(variant: variant, image: "images/\(file)", layout: layout, isDarkAmityChat: Self.isDarkAmityChat(shown))
                if let first = firstSizes[sizeless] {
                    if first.size != variant.textSize, first.png == png { entry.sameAsTextSize = first.size }
                } else {
                    firstSizes[sizeless] = (variant.textSize, png)
                }
                entries.append(entry)
            } catch let error as RenderError {
                entries.append(Entry(variant: variant, failure: error))
                failure = failure ?? error
            }
        }
        return Section(
            name: name, kind: document.kind.rawValue, kit: Self.kit(of: document), error: nil, entries: entries, failure: failure)
    }

    /// Writes `directory/index.html` for `sections`. With a `version` (watch mode), every image
    /// URL carries it, so a reloaded page shows new images, and the page polls
    /// `directory/version.js` — written after the page — reloading itself when that names a
    /// later version: it works from a `file://` URL, with no server.
    package func writePage(_ sections: [Section], to directory: URL, version: Int? = nil) throws {
        let all = variants
        var body = PreviewHTML.filterBar(
            kinds: Array(Set(sections.compactMap(\.kind))).sorted(), kits: Array(Set(sections.compactMap(\.kit))).sorted(),
            axes: PreviewHTML.Axis.allCases.map { axis in (axis, all.compactMap { axis.value(of: $0) }.uniqued()) })
        var images = 0
        for section in sections {
            body += PreviewHTML.section(
                name: section.name, kind: section.kind, kit: section.kit, error: section.error, entries: section.entries, version: version,
                eagerImages: max(0, Self.eagerImages - images))
            images += section.entries.count
        }
        let script = PreviewHTML.filterScript + PreviewHTML.outlineScript + (version.map(PreviewHTML.reloadScript) ?? "")
        let html = PreviewHTML.page(title: title, body: body, script: script)
        try Data(html.utf8).write(to: directory.appendingPathComponent("index.html"), options: .atomic)
        let behaviours = PreviewHTML.kitBehavioursPage(rows: PreviewHTML.localConformanceRows)
        try Data(behaviours.utf8).write(to: directory.appendingPathComponent(PreviewHTML.kitBehavioursFile), options: .atomic)
        if let version {
            try Data(PreviewHTML.versionScript(version).utf8).write(to: directory.appendingPathComponent("version.js"), options: .atomic)
        }
        Self.removeUnshownImages(in: directory, shown: sections.flatMap { $0.entries.compactMap(\.image) })
    }

    /// Images loaded at once; later ones load as they are scrolled to.
    static let eagerImages = 24

    /// The variants a contact sheet shows, in its order (themes, text sizes, locales and
    /// directions down; devices or widths across): scale changes pixels, not a vector page, so
    /// only the first scale of bare widths.
    package var sheetVariants: [Variant] {
        let scale = scales.first ?? 2
        let across = devices.isEmpty ? widths.map { (width: $0, scale: scale, device: String?.none) } : sizes
        return themes.flatMap { theme in
            textSizes.flatMap { textSize in
                languages.flatMap { language in
                    across.map {
                        Variant(
                            width: $0.width, scale: $0.scale, device: $0.device, theme: theme, textSize: textSize, locale: language.locale,
                            direction: language.direction)
                    }
                }
            }
        }
    }

    /// Writes every document in every variant to one PDF at `url`: a page per document (more where
    /// its grid is taller than the 14,400 points a PDF page may be), its widths across and its
    /// themes × text sizes down, each captioned (scales aside: a page is in points). A document or
    /// variant that fails is shown with its error.
    ///
    /// - Returns: The number of pages, each variant that failed (its document's name, its
    ///   caption and the error), and each document's layout warnings, once a document.
    @discardableResult
    package func writeContactSheet(documents: [(name: String, json: Data)], to url: URL) throws -> (
        pages: Int, failures: [(name: String, caption: String, error: RenderError)], warnings: [(name: String, warning: String)]
    ) {
        var options = self.options
        options.format = .pdf
        let pages = documents.map { name, json in
            var documentOptions = self.options(for: name)
            documentOptions.format = .pdf
            let decoded: Result<Document, RenderError> = Result { () throws(RenderError) in
                try Feedshot.decode(json, options: documentOptions)
            }
            let cells = sheetVariants.map { variant in
                ContactSheet.Cell(caption: variant.sheetCaption, document: decoded.map { variant.apply(to: $0) })
            }
            return ContactSheet.Page(
                title: name, columns: devices.isEmpty ? widths.count : devices.count, cells: cells,
                assetRoot: documentOptions.images.assetRoot)
        }
        guard !pages.isEmpty else { return (0, [], []) }
        let pdf = try ContactSheet(title: title, options: options).pdf(pages)
        try OutputFile.write(pdf.data, to: url.path)
        return (
            pdf.pageCount, pdf.failures.map { (name: $0.title, caption: $0.caption, error: $0.error) },
            pdf.warnings.map { (name: $0.title, warning: $0.warning) }
        )
    }
}

extension PreviewGallery.Variant {
    /// `375 pt · dark · large`: the caption on a contact sheet, where scale does not apply.
    var sheetCaption: String {
        let size = "\(width.compactDescription) pt"
        return ([device.map { "\($0) \(size)" } ?? size, theme, textSize.rawValue] + [locale, direction?.rawValue].compactMap { $0 })
            .joined(separator: " · ")
    }
}
