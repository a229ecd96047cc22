import Dispatch
import FeedshotLayout
import FeedshotRender
import Foundation

/// `feedshot render IN.json… [-o OUT.png | --out-dir DIR] [--format F]`
enum RenderCommand {
    static let help = """
        USAGE: feedshot render IN.json [-o OUT.png|.svg|.pdf|.webp|.jpg] [--format F] [--quality N]
               feedshot render IN.json… --out-dir DIR [--format F]

        Renders each document. PNG, WebP and JPEG are ceil(width × scale) × ceil(height × scale)
        pixels; SVG and PDF one page of width × height points (text as text in the PDF).
        The format comes from --format or the output file's extension (.png, .svg, .pdf, .webp,
        .jpg, .jpeg); any other extension is refused. Standard output and files without an
        extension get PNG unless --format says otherwise.
        "-" reads the document from standard input / writes the image to standard output.
        Without -o, IN.json is written beside it as IN.png (or the --format's extension).
        With --out-dir, every input becomes DIR/<name>.<ext>; a bad document is reported and
        skipped, the rest still render (in parallel), and the exit code is the worst of them.

        OPTIONS:
          -o, --output FILE      where to write the image ("-" for standard output)
          --out-dir DIR          render many documents into DIR
        \(FormatOptions.help)
          --jobs N               documents rendered at once with --out-dir (default: the core count)
          --threads N            threads that may compress one image taller than a strip (about
                                 700 rows); the same bytes whatever N (default: the cores, at most
                                 4; 1 when --jobs renders several documents at once)
          --quiet                no warnings, progress or summary on standard error
        \(SharedOptions.help)
          -h, --help             show this help

        EXIT: 0 rendered; 1 rendering failed; 2 bad usage or invalid input (the message names the JSON path).
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words,
            valueOptions: SharedOptions.valueOptions.union(FormatOptions.valueOptions).union([
                "-o", "--output", "--out-dir", "--jobs", "--threads",
            ]),
            flagOptions: SharedOptions.flagOptions.union(["--quiet", "-h", "--help"]))
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        let inputs = arguments.positional
        guard !inputs.isEmpty else { throw .usage("render needs an input document (a .json file, or - for standard input)") }
        let quiet = arguments.has("--quiet")
        if let outDir = arguments.value("--out-dir") {
            guard arguments.value("-o") == nil, arguments.value("--output") == nil else {
                throw .usage("use either -o or --out-dir, not both")
            }
            let jobs = try arguments.integer("--jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
            try renderMany(inputs, outDir: outDir, jobs: jobs, arguments: arguments, quiet: quiet)
            return
        }
        guard arguments.value("--jobs") == nil else {
            throw .usage("--jobs goes with --out-dir: it is how many documents render at once")
        }
        guard inputs.count == 1 else { throw .usage("several inputs need --out-dir DIR") }
        let input = inputs[0]
        let named = arguments.value("-o") ?? arguments.value("--output")
        let (format, quality) = try FormatOptions.resolve(arguments, output: named)
        let output = named ?? defaultOutput(for: input, format: format)
        if output != "-", input != "-", sameFile(output, input) {
            throw .usage("\(output): the image would replace its own input document; name another output with -o")
        }
        var options = try SharedOptions.renderOptions(arguments, inputFile: input)
        options.format = format
        options.quality = quality
        options.encodingThreads = try encodingThreads(arguments, jobs: 1)
        let (image, layout) = try renderOne(input, options: options, maxInputBytes: SharedOptions.maxInputBytes(arguments))
        if !quiet { StandardError.writeWarnings(layout.warnings, about: input) }
        try SharedOptions.write(image, to: output)
    }

    /// `--threads`, or by default the cores (at most 4) for one document at a time and 1 when
    /// `jobs` documents render at once — they already keep the cores busy, as the server's workers do.
    static func encodingThreads(_ arguments: Arguments, jobs: Int) throws(CLIError) -> Int {
        try arguments.integer("--threads", default: jobs > 1 ? 1 : RenderOptions.defaultEncodingThreads, in: 1...64)
    }

    /// `IN.json` → `IN.<ext>` beside it; standard input → standard output.
    static func defaultOutput(for input: String, format: OutputFormat) -> String {
        guard input != "-" else { return "-" }
        let url = URL(fileURLWithPath: input)
        return url.deletingPathExtension().appendingPathExtension(format.fileExtension).path
    }

    /// Whether two paths name one file (after `..` and links).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        func resolved(_ path: String) -> URL { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath() }
        return resolved(a) == resolved(b)
    }

    static func renderOne(_ input: String, options: RenderOptions, maxInputBytes: Int) throws(CLIError) -> (Data, Layout) {
        let json = try SharedOptions.read(input, maxInputBytes: maxInputBytes)
        do {
            let document = try Feedshot.decode(json, options: options)
            return try Feedshot.renderWithLayout(document, options: options)
        } catch {
            throw CLIError(error, file: input == "-" ? nil : input)
        }
    }

    /// Renders every input into `outDir` on `jobs` threads; one failure does not stop the others.
    static func renderMany(_ inputs: [String], outDir: String, jobs: Int, arguments: Arguments, quiet: Bool) throws(CLIError) {
        let (format, quality) = try FormatOptions.resolve(arguments, output: nil)
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        } catch {
            throw .failure("\(outDir): could not create the folder (\(error.localizedDescription))")
        }
        let names = outputNames(for: inputs, extension: format.fileExtension)
        if !quiet {
            // Inputs of one file name ("a/chat.json", "b/chat.json") get their position: say which is which.
            for (input, name) in zip(inputs, names) where name != outputNames(for: [input], extension: format.fileExtension)[0] {
                FileHandle.standardError.write(
                    Data("\(input) → \((outDir as NSString).appendingPathComponent(name)) (another input has its name)\n".utf8))
            }
        }
        let started = Date()
        let progress = Progress(total: inputs.count, enabled: !quiet && isatty(STDERR_FILENO) != 0)
        let results = Results(count: inputs.count)
        let maxInputBytes = try SharedOptions.maxInputBytes(arguments)
        let threads = try encodingThreads(arguments, jobs: min(jobs, inputs.count))
        let optionsByInput: [Result<RenderOptions, CLIError>] = inputs.map { input in
            Result { () throws(CLIError) in
                var options = try SharedOptions.renderOptions(arguments, inputFile: input)
                options.format = format
                options.quality = quality
                options.encodingThreads = threads
                return options
            }
        }
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: min(jobs, inputs.count)) { _ in
            while let index = next.take(below: inputs.count) {
                let input = inputs[index]
                var code: Int32 = 0
                var messages: [String] = []
                do throws(CLIError) {
                    let options = try optionsByInput[index].get()
                    let (image, layout) = try renderOne(input, options: options, maxInputBytes: maxInputBytes)
                    messages = layout.warnings.map { StandardError.warning($0, about: input) }
                    try SharedOptions.write(image, to: (outDir as NSString).appendingPathComponent(names[index]))
                } catch {
                    code = error.exitCode
                    messages.append(message(for: error))
                }
                results.set(index, code: code)
                progress.advance(messages: quiet ? messages.filter { !$0.contains(": warning: ") } : messages)
            }
        }
        progress.finish()
        let codes = results.codes
        let failed = codes.filter { $0 != 0 }.count
        if !quiet {
            let seconds = FixedDecimal.text(Date().timeIntervalSince(started), digits: 2)
            let summary =
                "Rendered \(inputs.count - failed) of \(inputs.count) documents to \(outDir) in \(seconds) s"
                + (failed > 0 ? " (\(failed) failed)" : "")
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
        let worst = codes.max() ?? 0
        if worst != 0 { throw .reported(worst) }
    }

    /// `a/chat.json` → `chat.png` (or the format's extension); clashing names get the input's
    /// position appended (`chat-1.png`), and more (`chat-2-2.png`) where that is another
    /// output's name too (an input called `chat-2.json`), so no render overwrites another.
    static func outputNames(for inputs: [String], extension ext: String = "png") -> [String] {
        let bases = inputs.map { input in
            input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        }
        let uses = Dictionary(bases.map { ($0, 1) }, uniquingKeysWith: +)
        var taken = Set(bases.filter { uses[$0] == 1 })
        return bases.enumerated().map { index, base in
            guard uses[base]! > 1 else { return "\(base).\(ext)" }
            var name = "\(base)-\(index + 1)", again = 1
            while taken.contains(name) {
                again += 1
                name = "\(base)-\(index + 1)-\(again)"
            }
            taken.insert(name)
            return "\(name).\(ext)"
        }
    }

    static func message(for error: CLIError) -> String {
        switch error {
        case .usage(let text), .input(let text), .failure(let text): text
        case .reported: ""
        }
    }
}

/// Hands out indices to worker threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// Exit codes by input position, written from worker threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int32]

    init(count: Int) { storage = Array(repeating: 0, count: count) }

    func set(_ index: Int, code: Int32) { lock.withLock { storage[index] = code } }
    var codes: [Int32] { lock.withLock { storage } }
}
