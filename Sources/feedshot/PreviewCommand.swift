import FeedshotLayout
import FeedshotRender
import FeedshotSnapshot
import Foundation

/// `feedshot preview IN.json… --out DIR` and `feedshot preview --report ARTIFACTS --out DIR`
enum PreviewCommand {
    static let help = """
        USAGE: feedshot preview IN.json… --out DIR [--pdf SHEET.pdf] [--watch] [--widths 320,375,414] [--scales 2]
                 [--devices iPhoneSE,iPhone15] [--themes light,dark] [--text-sizes large] [--locales en_US,ar] [--directions ltr,rtl]
               feedshot preview IN.json… --pdf SHEET.pdf [variant options]
               feedshot preview --report ARTIFACTS_DIR --out DIR

        Writes DIR/index.html: a static gallery of every document in every combination of the chosen
        widths and scales (or devices), themes, text sizes, locales and directions, with a menu per
        axis to filter by (also from the address: index.html?device=iPhoneSE&locale=ar). Each image
        carries an image map of its actions: hover a tappable region to see the event it fires and
        its arguments. Open it in any browser.

        With --pdf, also (or only) writes one PDF contact sheet: a page per document, its widths across
        and its themes × text sizes down, each captioned, drawn as vectors with text as text (scales
        do not apply to a vector page).

        With --watch, keeps running: when an input document changes, it is rendered again, the page
        and the contact sheet are rewritten, and an open gallery page reloads itself (it polls
        DIR/version.js once a second; this works from a file:// URL, no server needed). Stop with Ctrl-C.

        With --report, writes DIR/report.html for a snapshot run instead, from ARTIFACTS_DIR (what
        assertSnapshot leaves in $SNAPSHOT_ARTIFACTS or the package's .build/feedshot-snapshots, a
        folder per test file): the counts, then each failure — reference and failure side by side
        with the difference, an overlay of the differences and a slider between the two (the page
        `feedshot compare` writes), or a text snapshot's line difference — then what the run
        recorded, then what passed.

        OPTIONS:
          --out DIR              where to write the page and its images
          --pdf FILE             write the contact sheet PDF to FILE
          --watch                re-render on every change to an input until stopped
          --widths LIST          canvas widths in points (default 320,375,414)
          --scales LIST          1, 2 and/or 3 (default 2)
          --devices LIST         named devices instead of widths and scales: \(SnapshotMatrix.Device.presets.map(\.name).joined(separator: ", "))
          --themes LIST          light, dark and/or document (the document's own theme) (default light,dark)
          --text-sizes LIST      content size categories (default large)
          --locales LIST         locale identifiers over each document's own (en_US, ar, ja_JP…): dates,
                                 UI strings, the direction and the glyph forms of Chinese characters
                                 (default: the document's)
          --directions LIST      ltr and/or rtl, over the locale's direction (default: the document's)
          --report DIR           build the failure report from an artifacts folder
        \(SharedOptions.help)
          -h, --help             show this help

        EXIT: 0 written (with --watch: stopped); 1 could not write, or a document failed to render;
        2 bad usage, a bad document, or no artifacts folder at --report's path. A document that fails
        is shown on the page with its error and named on standard error; the others are still drawn.
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words,
            valueOptions: SharedOptions.valueOptions.union([
                "--out", "--pdf", "--widths", "--scales", "--devices", "--themes", "--text-sizes", "--locales", "--directions", "--report",
            ]),
            flagOptions: SharedOptions.flagOptions.union(["--watch", "-h", "--help"]))
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        if let report = arguments.value("--report") {
            guard let out = arguments.value("--out") else { throw .usage("preview --report needs --out DIR") }
            // The report is drawn from the artifacts alone: documents and gallery options would be ignored in silence.
            if let first = arguments.positional.first { throw .usage("preview --report takes no documents (got \(first))") }
            if let option = ["--pdf", "--widths", "--scales", "--devices", "--themes", "--text-sizes", "--locales", "--directions"]
                .first(where: { arguments.value($0) != nil }) ?? (arguments.has("--watch") ? "--watch" : nil)
            {
                throw .usage("preview --report does not take \(option): it draws the report of a snapshot run, not a gallery")
            }
            let outURL = URL(fileURLWithPath: out)
            do {
                let names = try FailureReport.write(artifacts: URL(fileURLWithPath: report), to: outURL)
                print(
                    "Wrote \(outURL.appendingPathComponent("report.html").relativePath) (\(counted(names.count, "failure")))"
                )
            } catch let missing as ArtifactsFolder.Missing {
                throw .input("\(missing)")
            } catch let overlap as ArtifactsFolder.Overlap {
                throw .usage("\(overlap)")
            } catch {
                throw .failure(
                    "could not write the report: \(SharedOptions.writeFailure(outURL.appendingPathComponent("report.html").path, error))")
            }
            return
        }
        let out = arguments.value("--out").map { URL(fileURLWithPath: $0) }
        let pdf = arguments.value("--pdf").map { URL(fileURLWithPath: $0) }
        guard out != nil || pdf != nil else { throw .usage("preview needs --out DIR, --pdf FILE or both") }
        if let pdf, pdf.pathExtension.lowercased() != "pdf" { throw .usage("--pdf: \(pdf.path) must end in .pdf") }
        guard !arguments.positional.isEmpty else { throw .usage("preview needs input documents (or --report DIR)") }
        if arguments.has("--watch"), out == nil { throw .usage("--watch needs --out DIR (the page that reloads itself)") }
        var gallery = PreviewGallery(options: try SharedOptions.renderOptions(arguments, inputFile: arguments.positional[0]))
        gallery.widths = try list(arguments, "--widths", default: gallery.widths, range: "a width in points, over 0 and at most 4096") {
            Double($0).flatMap { $0 > 0 && $0 <= 4096 ? $0 : nil }
        }
        gallery.scales = try list(arguments, "--scales", default: gallery.scales, range: "1, 2 or 3") {
            Int($0).flatMap { (1...3).contains($0) ? $0 : nil }
        }
        let themes = ["light", "dark", "document"]
        gallery.themes = try list(arguments, "--themes", default: gallery.themes, choices: themes) { themes.contains($0) ? $0 : nil }
        gallery.textSizes = try list(
            arguments, "--text-sizes", default: gallery.textSizes, choices: ContentSizeCategory.allCases.map(\.rawValue)
        ) {
            ContentSizeCategory(rawValue: $0)
        }
        if arguments.value("--devices") != nil, arguments.value("--widths") != nil || arguments.value("--scales") != nil {
            throw .usage("--devices sets the widths and scales: give --devices or --widths/--scales, not both")
        }
        gallery.devices = try list(arguments, "--devices", default: []) { (name: String) throws(CLIError) in try device(named: name) }
        gallery.locales = try list(arguments, "--locales", default: []) { (name: String) throws(CLIError) in
            switch LocaleIdentifier.locale(name) {
            case .failure(let problem): throw .usage("--locales: \"\(name)\" \(problem)")
            case .success(let locale):
                // As a document's "locale" is warned about: drawn all the same, in English strings.
                if !LocaleIdentifier.namesKnownLanguage(locale) {
                    StandardError.writeLine(
                        "feedshot: warning: --locales: \"\(name)\" names no language ICU knows (codes like \"en_US\", \"de\" or \"zh-Hant\"): its variants' UI strings are English"
                    )
                }
            }
            return name
        }
        gallery.directions = try list(arguments, "--directions", default: [], choices: LayoutDirection.allCases.map(\.rawValue)) {
            LayoutDirection(rawValue: $0)
        }
        let maxInputBytes = try SharedOptions.maxInputBytes(arguments)
        let inputs = arguments.positional, names = names(of: inputs)
        if arguments.value("--assets") == nil {
            // Each document's images from its own folder, as `render` reads them (an input given
            // twice is one name).
            gallery.assetRoots = Dictionary(
                zip(names, inputs.map(SharedOptions.defaultAssetRoot(for:))), uniquingKeysWith: { first, _ in first })
        }
        if arguments.has("--watch"), let out {
            try PreviewWatch(gallery: gallery, inputs: inputs, out: out, pdf: pdf, maxInputBytes: maxInputBytes).run()
            return
        }
        // A file that cannot be read is a failed section of the page, as a document that does not
        // decode is (and is left out of the contact sheet, as `--watch` does).
        let read = zip(inputs, names).map { input, name in
            (name: name, json: Result { () throws(CLIError) in try SharedOptions.read(input, maxInputBytes: maxInputBytes) })
        }
        let documents = read.compactMap { document in (try? document.json.get()).map { (name: document.name, json: $0) } }
        var failures: [(name: String, problem: String, isInputError: Bool)] = read.compactMap { document in
            guard case .failure(let error) = document.json else { return nil }
            return (document.name, message(for: error), true)
        }
        if let out {
            do {
                let sections = try read.map { document in
                    switch document.json {
                    case .success(let json): try gallery.render(document.name, json: json, into: out)
                    case .failure(let error): PreviewGallery.Section(name: document.name, error: message(for: error))
                    }
                }
                try gallery.writePage(sections, to: out)
                let count = sections.map(\.count).reduce(0, +)
                print(
                    "Wrote \(out.appendingPathComponent("index.html").relativePath) (\(counted(count, "image")), \(counted(documents.count, "document")) × \(counted(gallery.variants.count, "variant")))"
                )
                failures = sections.flatMap { section in section.failures.map { (section.name, $0.problem, $0.isInputError) } }
                // As `render` says them, once a document (the page lists them too).
                for section in sections {
                    StandardError.writeWarnings(section.warnings, about: section.name)
                }
            } catch {
                let page = out.appendingPathComponent("index.html").path
                throw .failure("could not write the gallery: \(SharedOptions.writeFailure(page, error))")
            }
        }
        if let pdf {
            // The page said the warnings already; a sheet alone says them here.
            let sheetFailures = try writeContactSheet(gallery, documents: documents, to: pdf, sayingWarnings: out == nil)
            // The page already named a document that failed; the sheet adds only what it alone found.
            let named = Set(failures.map(\.name))
            failures += sheetFailures.filter { !named.contains($0.name) }
        }
        try CLIError.endWith(failures)
    }

    /// `a/chat.json` → `chat`.
    static func name(of input: String) -> String { URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent }

    /// Each input's name on the page: `name(of:)`, or the path as given (less `.json`) when
    /// another input has the same file name (`a/chat.json`, `b/chat.json`), so no two documents
    /// share a heading or image files.
    static func names(of inputs: [String]) -> [String] {
        let short = inputs.map(name(of:))
        let uses = Dictionary(short.map { ($0, 1) }, uniquingKeysWith: +)
        return zip(inputs, short).map { input, name in
            uses[name, default: 0] > 1 ? (input.hasSuffix(".json") ? String(input.dropLast(5)) : input) : name
        }
    }

    /// Writes the contact sheet and says so, and the documents' layout warnings when
    /// `sayingWarnings` (no page said them); returns each variant that failed on it (its error,
    /// after the variant's caption).
    static func writeContactSheet(
        _ gallery: PreviewGallery, documents: [(name: String, json: Data)], to pdf: URL, sayingWarnings: Bool
    ) throws(CLIError) -> [(name: String, problem: String, isInputError: Bool)] {
        do {
            let (pages, failures, warnings) = try gallery.writeContactSheet(documents: documents, to: pdf)
            print(
                "Wrote \(pdf.relativePath) (\(counted(pages, "page")) for \(counted(documents.count, "document")), \(counted(gallery.sheetVariants.count, "variant")) each)"
            )
            if sayingWarnings {
                for (name, warning) in warnings { StandardError.writeLine(StandardError.warning(warning, about: name)) }
            }
            return failures.map { ($0.name, "\($0.caption): \($0.error)", $0.error.isInputError) }
        } catch let error as RenderError {
            throw CLIError(error, file: nil)
        } catch {
            throw .failure("could not write the contact sheet: \(SharedOptions.writeFailure(pdf.path, error))")
        }
    }

    /// The preset named `name` (`iPhoneSE`; case does not matter), or a usage error listing them.
    static func device(named name: String) throws(CLIError) -> SnapshotMatrix.Device {
        let presets = SnapshotMatrix.Device.presets
        if let device = presets.first(where: { $0.name.lowercased() == name.lowercased() }) { return device }
        throw .usage(
            "--devices: \"\(name)\" is not a device\(Suggestion.hint(for: name, in: presets.map(\.name))) (devices: \(presets.map(\.name).joined(separator: ", ")))"
        )
    }

    /// The comma-separated values of option `name`, each parsed; a value that does not parse is
    /// refused naming it, and — where the option has a fixed set, `choices` — the nearest of them
    /// and all of them.
    static func list<T>(
        _ arguments: Arguments, _ name: String, default value: [T], choices: [String] = [], range: String? = nil,
        _ parse: (String) throws(CLIError) -> T?
    ) throws(CLIError) -> [T] {
        guard let text = arguments.value(name) else { return value }
        var items: [T] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let item = try parse(part) else {
                let listed = choices.isEmpty ? range.map { " (\($0))" } ?? "" : " (one of: \(choices.joined(separator: ", ")))"
                throw .usage("\(name): \"\(part)\" is not a valid value\(Suggestion.hint(for: part, in: choices))\(listed)")
            }
            items.append(item)
        }
        guard !items.isEmpty else { throw .usage("\(name) needs at least one value") }
        return items
    }

    /// The text of an error shown on the page.
    static func message(for error: CLIError) -> String { RenderCommand.message(for: error) }
}
