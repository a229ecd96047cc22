import FeedshotRender
import FeedshotSnapshot
import Foundation

/// `feedshot compare OLD NEW --out DIR`
enum CompareCommand {
    static let help = """
        USAGE: feedshot compare OLD.json NEW.json --out DIR [--threshold T]
               feedshot compare OLD_DIR NEW_DIR --out DIR [--threshold T]

        Renders the old and the new version of documents and writes DIR/compare.html, the page a
        designer reviews a change on: for each document the two images side by side with the
        difference image (red: differs, yellow: anti-aliasing), a comparison that wipes from before
        to after with a slider, the differences laid over it, and a sentence with the numbers — the
        page `feedshot preview --report` writes for failed snapshots. With two folders, documents
        are paired by file name (*.json); one only in OLD or only in NEW is listed as removed or new.
        Images are read relative to each document's own folder unless --assets says otherwise.

        OPTIONS:
          --out DIR              where to write compare.html and its images (required)
          --threshold T          per-pixel YIQ threshold, 0 to 1 (default 0.1)
        \(SharedOptions.help)
          -h, --help             show this help

        EXIT: 0 written (whether or not anything changed); 1 could not write, or a version failed to
        render; 2 bad usage or input. A version that fails is shown on the page with its error and
        named on standard error; the other documents are still compared.
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words, valueOptions: SharedOptions.valueOptions.union(["--out", "--threshold"]),
            flagOptions: SharedOptions.flagOptions.union(["-h", "--help"]))
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard arguments.positional.count == 2 else { throw .usage("compare takes two documents or two folders: OLD NEW") }
        guard let out = arguments.value("--out") else { throw .usage("compare needs --out DIR") }
        let (old, new) = (arguments.positional[0], arguments.positional[1])
        let pairs: [(before: ComparisonReport.Version?, after: ComparisonReport.Version?)]
        // A file that cannot be read fails on the page; the others are compared all the same.
        func versionOrFailure(_ path: String) throws(CLIError) -> ComparisonReport.Version {
            do {
                return try version(path, arguments)
            } catch .input(let problem) {
                return ComparisonReport.Version(
                    name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, json: Data(),
                    options: RenderOptions(), unreadable: problem)
            }
        }
        switch (isFolder(old), isFolder(new)) {
        case (false, false):
            pairs = [(try versionOrFailure(old), try versionOrFailure(new))]
        case (true, true):
            let oldNames = try documents(in: old), newNames = try documents(in: new)
            var list: [(before: ComparisonReport.Version?, after: ComparisonReport.Version?)] = []
            for name in Set(oldNames).union(newNames).sorted() {
                list.append(
                    (
                        oldNames.contains(name) ? try versionOrFailure(folder(old, name)) : nil,
                        newNames.contains(name) ? try versionOrFailure(folder(new, name)) : nil
                    ))
            }
            guard !list.isEmpty else { throw .usage("no .json documents in \(old) or \(new)") }
            pairs = list
        default:
            throw .usage("compare takes two documents or two folders, not one of each")
        }
        var report = ComparisonReport()
        report.diff = ImageDiff(threshold: try arguments.number("--threshold", default: 0.1, in: 0...1))
        let outURL = URL(fileURLWithPath: out)
        let outcomes: [(name: String, outcome: ComparisonReport.Outcome, warnings: [String])]
        do {
            outcomes = try report.write(pairs: pairs, to: outURL)
        } catch {
            throw .failure(
                "could not write the comparison: \(SharedOptions.writeFailure(outURL.appendingPathComponent("compare.html").path, error))")
        }
        for (name, _, warnings) in outcomes {
            StandardError.writeWarnings(warnings, about: name)
        }
        let changed = outcomes.filter { $0.outcome != .identical }
        // The path as the user gave it ("review/compare.html"), not made absolute.
        print(
            "Wrote \(outURL.appendingPathComponent("compare.html").relativePath): \(changed.count) of \(outcomes.count) documents changed")
        for (name, outcome, _) in changed { print("  \(name): \(describe(outcome))") }
        try CLIError.endWith(
            outcomes.compactMap { name, outcome, _ in
                guard case .failed(let problem, let isInputError) = outcome else { return nil }
                return (name, problem, isInputError)
            })
    }

    static func describe(_ outcome: ComparisonReport.Outcome) -> String {
        switch outcome {
        case .identical: "identical"
        case .different(let pixels): "\(pixels) pixels differ"
        case .added: "new"
        case .removed: "removed"
        case .failed(let message, _): "failed: \(message)"
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func folder(_ folder: String, _ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// The `.json` file names in `folder`.
    static func documents(in folder: String) throws(CLIError) -> Set<String> {
        do {
            return Set(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") })
        } catch {
            throw .input("\(folder): could not list the folder (\(error.localizedDescription))")
        }
    }

    /// The document at `path`, named by its file, with its folder as the asset root unless `--assets`.
    static func version(_ path: String, _ arguments: Arguments) throws(CLIError) -> ComparisonReport.Version {
        ComparisonReport.Version(
            name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
            json: try SharedOptions.read(path, maxInputBytes: SharedOptions.maxInputBytes(arguments)),
            options: try SharedOptions.renderOptions(arguments, inputFile: path))
    }
}
