import FeedshotLayout
import FeedshotRender
import FeedshotSnapshot
import Foundation

/// The options every rendering command shares: assets, fonts and limits.
enum SharedOptions {
    /// The flags every rendering command shares.
    static let flagOptions: Set<String> = ["--lenient", "--strict-fonts"]

    static let valueOptions: Set<String> = [
        "--assets", "--font-dir", "--max-pixels", "--max-items", "--max-text-length", "--max-width", "--compression",
        "--allow-image-hosts", "--max-input-bytes", "--strings", "--max-image-pixels", "--max-string-length", "--max-document-image-pixels",
        "--typography",
    ]

    /// The largest input document `read` accepts unless `--max-input-bytes` says otherwise.
    static let defaultMaxInputBytes = 64 << 20

    static let help = """
          --assets DIR           folder image paths are relative to (default: the input file's folder;
                                 the current folder for standard input)
          --font-dir DIR         also use the fonts in DIR (after the bundled ones; repeatable, as FEEDSHOT_EXTRA_FONT_DIRS)
          --max-pixels N         largest output image in pixels (default 50000000)
          --max-items N          most messages in one document (default 10000)
          --max-text-length N    longest text (messages, posts, comments) in Unicode scalars (default 100000)
          --max-string-length N  longest other string (names, ids, labels) in Unicode scalars (default 1000)
          --max-width N          widest canvas in points (default 4096)
          --max-input-bytes N    largest input document in bytes (default 67108864)
          --max-image-pixels N   largest image to decode, in pixels (default 40000000)
          --max-document-image-pixels N
                                 pixels all of a document's images may decode to (default 64000000)
          --allow-image-hosts H  comma-separated hosts whose http(s) image URLs may be fetched: host (any
                                 port) or host:port (that port only) (default: none)
          --compression N        PNG compression level 0 (stored) to 12 (smallest) (default 1)
          --lenient              warn about unknown fields in a document instead of refusing it
          --strict-fonts         refuse (exit 1) to draw with a stand-in font: SF Pro, the kits' system
                                 font, must be among the fonts (--font-dir); otherwise Feedshot Inter stands in
          --strings FILE         UI strings over the bundled ones and under each document's `strings`: an
                                 app's AmityLocalizable.strings ("key" = "value";); unknown keys are ignored
          --typography FILE      an app's fonts under each Amity document's `typography`: a JSON object of
                                 the same shape ({"body": {"family": "Lato", "size": 16}, …})
        """

    /// Where a document's relative image paths are read from without `--assets`: its file's
    /// folder, or the working directory for standard input.
    static func defaultAssetRoot(for inputFile: String?) -> URL {
        guard let inputFile, inputFile != "-" else { return URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
        return URL(fileURLWithPath: inputFile).deletingLastPathComponent()
    }

    /// Render options from the parsed words; `inputFile` decides the default asset root.
    static func renderOptions(_ arguments: Arguments, inputFile: String?) throws(CLIError) -> RenderOptions {
        var options = RenderOptions()
        for dir in arguments.values("--font-dir") {
            do throws(RenderError) {
                try Feedshot.addFontDirectory(dir)
            } catch .fonts(let message) {
                throw .usage("--font-dir: \(message)")
            } catch {
                throw .usage("--font-dir: \(error)")
            }
        }
        if let assets = arguments.value("--assets") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .usage("--assets: no folder at \(assets)")
            }
            options.images.assetRoot = URL(fileURLWithPath: assets)
        } else {
            options.images.assetRoot = defaultAssetRoot(for: inputFile)
        }
        options.maxPixelArea = try arguments.integer("--max-pixels", default: options.maxPixelArea, in: 1...1_000_000_000)
        options.limits.maxItems = try arguments.integer("--max-items", default: options.limits.maxItems, in: 1...10_000_000)
        options.limits.maxTextLength = try arguments.integer(
            "--max-text-length", default: options.limits.maxTextLength, in: 1...100_000_000)
        options.limits.maxStringLength = try arguments.integer(
            "--max-string-length", default: options.limits.maxStringLength, in: 1...100_000_000)
        options.maxDocumentImagePixels = try arguments.integer(
            "--max-document-image-pixels", default: options.maxDocumentImagePixels, in: 1...10_000_000_000)
        options.limits.maxWidth = Double(try arguments.integer("--max-width", default: Int(options.limits.maxWidth), in: 1...100_000))
        options.compressionLevel = try arguments.integer("--compression", default: options.compressionLevel, in: 0...12)
        if arguments.has("--lenient") { options.unknownFields = .warn }
        options.strictFonts = arguments.has("--strict-fonts")
        if let path = arguments.value("--strings") {
            let data = try contents(of: path, for: "--strings")
            do {
                options.strings = try StringsFile.parse(data)
            } catch {
                throw .input("--strings: \(path), \(error)")
            }
            if let problem = options.decoding.stringsProblem
                ?? StringCatalog.lengthProblem(in: options.strings, limit: options.limits.maxStringLength)
            {
                throw .input("--strings: \(path), \(problem)")
            }
        }
        if let path = arguments.value("--typography") { options.typography = try typography(at: path) }
        options.images.maxPixels = try arguments.integer("--max-image-pixels", default: options.images.maxPixels, in: 1...1_000_000_000)
        if let hosts = arguments.value("--allow-image-hosts") {
            do throws(ImageSource.HostEntryError) {
                let entries = hosts.split(separator: ",").filter { !$0.allSatisfy(\.isWhitespace) }
                options.images.allowedHosts = Set(
                    try entries.map { entry throws(ImageSource.HostEntryError) in try ImageSource.allowedHost(String(entry)) })
            } catch {
                throw .usage("--allow-image-hosts: \(error)")
            }
        }
        return options
    }

    /// The typography in the JSON file at `path`, each family checked against the loaded fonts
    /// (so `--font-dir` must come first): refused naming the file and the role's path.
    static func typography(at path: String) throws(CLIError) -> Typography {
        let data = try contents(of: path, for: "--typography")
        let typography: Typography
        do throws(DocumentError) {
            typography = try Typography.decode(data)
        } catch {
            throw .input("--typography: \(path): \(error)")
        }
        do throws(RenderError) {
            try Feedshot.checkFamilies(of: typography)
        } catch {
            throw .input("--typography: \(path): \(error)")
        }
        return typography
    }

    /// The largest input document, from `--max-input-bytes`.
    static func maxInputBytes(_ arguments: Arguments) throws(CLIError) -> Int {
        try arguments.integer("--max-input-bytes", default: defaultMaxInputBytes, in: 1...(1 << 34))
    }

    /// The bytes of the file at `path`, or an input error saying why not — no such file, a
    /// folder, not readable, or (read from a pipe: `<(…)`, a named FIFO, which Foundation's
    /// `contents(atPath:)` refuses) more than `limit` bytes — after `option` ("--typography: ")
    /// when a flag named the file; `raising` says how to raise the limit.
    static func contents(of path: String, for option: String?, limit: Int = defaultMaxInputBytes, raising: String = "")
        throws(CLIError) -> Data
    {
        let name = (option.map { "\($0): " } ?? "") + path
        var info = stat()
        let type = stat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
        if type != 0, type != S_IFREG, type != S_IFDIR, let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            let data = try readToEnd(handle, limit: limit, name: name)
            guard data.count <= limit else { throw .input("\(name): more than the limit of \(limit) bytes\(raising)") }
            return data
        }
        if let data = FileManager.default.contents(atPath: path) { return data }
        var isFolder: ObjCBool = false
        let why =
            !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            ? "no such file" : isFolder.boolValue ? "is a folder, not a file" : "cannot be read (permissions?)"
        throw .input("\(name): \(why)")
    }

    /// What `handle` (standard input, a pipe) holds, read to its end or to one byte past `limit`,
    /// so an endless stream cannot exhaust memory; a read that fails is an input error naming `name`.
    static func readToEnd(_ handle: FileHandle, limit: Int, name: String) throws(CLIError) -> Data {
        var buffer = Data()
        while buffer.count <= limit {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - buffer.count))
            } catch {
                throw .input("\(name): cannot be read (\(error.localizedDescription))")
            }
            guard let chunk, !chunk.isEmpty else { break }
            buffer.append(chunk)
        }
        return buffer
    }

    /// The bytes of `path`, or standard input for `-`, refused when over `maxInputBytes`.
    static func read(_ path: String, maxInputBytes: Int = defaultMaxInputBytes) throws(CLIError) -> Data {
        let raising = " (raise it with --max-input-bytes)"
        let data: Data
        if path == "-" {
            data = try readToEnd(FileHandle.standardInput, limit: maxInputBytes, name: "standard input")
        } else {
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxInputBytes {
                throw .input("\(path): the document is \(size) bytes, more than the limit of \(maxInputBytes) bytes\(raising)")
            }
            data = try contents(of: path, for: nil, limit: maxInputBytes, raising: raising)
        }
        guard data.count <= maxInputBytes else {
            throw .input(
                "\(path == "-" ? "standard input" : path): the document is more than the limit of \(maxInputBytes) bytes\(raising)")
        }
        return data
    }

    /// Writes `data` to `path`, or standard output for `-`: a file is replaced whole, so a failed
    /// run leaves no half file; a device or pipe (`/dev/null`, `/dev/stdout`) is written into
    /// (`OutputFile`).
    static func write(_ data: Data, to path: String) throws(CLIError) {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do throws(OutputFile.Failure) {
            try OutputFile.write(data, to: path)
        } catch {
            throw .failure("\(path): could not write (\(writeFailure(path, error)))")
        }
    }

    /// Why `path` could not be written, in words: Foundation's errors read "NSCocoaErrorDomain
    /// error 512" on Linux, so the usual causes are looked for first.
    static func writeFailure(_ path: String, _ error: any Error) -> String {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a directory"
        }
        let folder = url.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            // A folder that could not be made: say so of the nearest one that exists, when that is why.
            var ancestor = url.deletingLastPathComponent()
            while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" { ancestor.deleteLastPathComponent() }
            if !FileManager.default.isWritableFile(atPath: ancestor.path) { return "\(ancestor.path) is not writable" }
            return "no folder \(folder)"
        }
        if !isDirectory.boolValue { return "\(folder) is not a folder" }
        if !FileManager.default.isWritableFile(atPath: folder) { return "\(folder) is not writable" }
        if let failure = error as? OutputFile.Failure { return failure.reason }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return error.localizedDescription
    }
}
