import FeedshotLayout
import FeedshotRender
import FeedshotSnapshot
import Foundation

/// `feedshot preview IN.json… --out DIR` and `feedshot preview --report ARTIFACTS --out DIR`
enum PreviewCommand {
    static let help = """
        USAGE: feedshot preview IN.json… --out DIR [--widths 320,375,414] [--scales 2] [--themes light,dark] [--text-sizes large]
               feedshot preview --report ARTIFACTS_DIR --out DIR

        Writes DIR/index.html: a static gallery of every document in every combination of the chosen
        widths, scales, themes and text sizes. Each image carries an image map of its actions: hover a
        tappable region to see the event it fires and its arguments. Open it in any browser.

        With --report, writes DIR/report.html for a failed snapshot run instead: for each failure in
        ARTIFACTS_DIR (the <name>.reference/failure/difference.png files assertSnapshot writes to
        $SNAPSHOT_ARTIFACTS), the three images side by side and a slider between reference and failure.

        OPTIONS:
          --out DIR              where to write the page and its images (required)
          --widths LIST          canvas widths in points (default 320,375,414)
          --scales LIST          1, 2 and/or 3 (default 2)
          --themes LIST          light, dark and/or document (the document's own theme) (default light,dark)
          --text-sizes LIST      content size categories (default large)
          --report DIR           build the failure report from an artifacts folder
        \(SharedOptions.help)
          -h, --help             show this help

        EXIT: 0 written; 1 could not write; 2 bad usage (a document that fails to render is shown on the page with its error).
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words,
            valueOptions: SharedOptions.valueOptions.union(["--out", "--widths", "--scales", "--themes", "--text-sizes", "--report"]),
            flagOptions: SharedOptions.flagOptions.union(["-h", "--help"]))
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard let out = arguments.value("--out") else { throw .usage("preview needs --out DIR") }
        let outURL = URL(fileURLWithPath: out)
        if let report = arguments.value("--report") {
            do {
                let names = try FailureReport.write(artifacts: URL(fileURLWithPath: report), to: outURL)
                print("Wrote \(outURL.appendingPathComponent("report.html").path) (\(names.count) failures)")
            } catch {
                throw .failure("could not write the report: \(error.localizedDescription)")
            }
            return
        }
        guard !arguments.positional.isEmpty else { throw .usage("preview needs input documents (or --report DIR)") }
        var gallery = PreviewGallery(options: try SharedOptions.renderOptions(arguments, inputFile: arguments.positional[0]))
        gallery.widths = try list(arguments, "--widths", default: gallery.widths) { Double($0).flatMap { $0 > 0 && $0 <= 4096 ? $0 : nil } }
        gallery.scales = try list(arguments, "--scales", default: gallery.scales) { Int($0).flatMap { (1...3).contains($0) ? $0 : nil } }
        gallery.themes = try list(arguments, "--themes", default: gallery.themes) { ["light", "dark", "document"].contains($0) ? $0 : nil }
        gallery.textSizes = try list(arguments, "--text-sizes", default: gallery.textSizes) { ContentSizeCategory(rawValue: $0) }
        var documents: [(name: String, json: Data)] = []
        for input in arguments.positional {
            documents.append(
                (
                    URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent,
                    try SharedOptions.read(input, maxInputBytes: SharedOptions.maxInputBytes(arguments))
                ))
        }
        do {
            let count = try gallery.write(documents: documents, to: outURL)
            print(
                "Wrote \(outURL.appendingPathComponent("index.html").path) (\(count) images, \(documents.count) documents × \(gallery.variants.count) variants)"
            )
        } catch {
            throw .failure("could not write the gallery: \(error.localizedDescription)")
        }
    }

    /// A comma-separated option parsed item by item.
    static func list<T>(_ arguments: Arguments, _ name: String, default value: [T], _ parse: (String) -> T?) throws(CLIError) -> [T] {
        guard let text = arguments.value(name) else { return value }
        var items: [T] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let item = parse(part) else { throw .usage("\(name): \"\(part)\" is not a valid value") }
            items.append(item)
        }
        guard !items.isEmpty else { throw .usage("\(name) needs at least one value") }
        return items
    }
}
