import FeedshotRender
import FeedshotSnapshot
import Foundation

/// `feedshot diff A.png B.png`
enum DiffCommand {
    static let help = """
        USAGE: feedshot diff A.png B.png [--threshold T] [--include-aa] [--search-radius R] [--allowed-pixels N]
                             [--allowed-ratio R] [--diff OUT.png] [--json]

        Compares two PNG images pixel by pixel, perceptually: a pixel differs when its YIQ colour
        distance exceeds the threshold (pixelmatch's convention). Pixels that only differ because an
        anti-aliased edge moved are reported apart and not counted, unless --include-aa.

        OPTIONS:
          --threshold T          per-pixel threshold, 0 (exact) to 1 (default 0.1)
          --include-aa           count anti-aliased pixels as differences
          --search-radius R      a pixel also matches a close enough pixel up to R pixels away in the other
                                 image, both ways (default 0; 1 for a rasterization by another engine)
          --allowed-pixels N     still a match with up to N differing pixels (default 0)
          --allowed-ratio R      … or up to this share of all pixels, e.g. 0.001 (default 0)
          --diff OUT.png         write the difference image (red: differs, yellow: anti-aliasing, grey: same)
          --json                 print the result as JSON
          -h, --help             show this help

        EXIT: 0 the images match; 1 they differ; 2 bad input (missing file, not a PNG, different sizes).
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words, valueOptions: ["--threshold", "--diff", "--allowed-pixels", "--allowed-ratio", "--search-radius"],
            flagOptions: ["--include-aa", "--json", "-h", "--help"])
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard arguments.positional.count == 2 else { throw .usage("diff takes two PNG files") }
        let threshold = try arguments.number("--threshold", default: 0.1, in: 0...1)
        var tolerance = SnapshotTolerance(
            threshold: threshold, includeAntiAliasing: arguments.has("--include-aa"),
            maxDifferingPixels: try arguments.integer("--allowed-pixels", default: 0, in: 0...Int(Int32.max)),
            maxDifferingRatio: try arguments.number("--allowed-ratio", default: 0, in: 0...1))
        tolerance.threshold = threshold
        let (a, b) = (try image(arguments.positional[0]), try image(arguments.positional[1]))
        let result: ImageDiff.Result
        let radius = try arguments.integer("--search-radius", default: 0, in: 0...8)
        do {
            result = try ImageDiff(threshold: threshold, includeAntiAliasing: tolerance.includeAntiAliasing, searchRadius: radius).compare(
                a, b)
        } catch {
            switch error {
            case .sizeMismatch(let first, let second):
                throw .input(
                    "the images differ in size: \(arguments.positional[0]) is \(first.0) × \(first.1) pixels, "
                        + "\(arguments.positional[1]) \(second.0) × \(second.1)")
            }
        }
        let matches = tolerance.accepts(result)
        if arguments.has("--json") {
            let object: [String: Any] = [
                "match": matches, "differingPixels": result.differingPixels, "antiAliasedPixels": result.antiAliasedPixels,
                "totalPixels": result.totalPixels, "threshold": threshold, "allowedPixels": tolerance.allowedPixels(of: result.totalPixels),
                "width": a.width, "height": a.height,
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            print((matches ? "match: " : "differ: ") + result.summary(threshold: threshold))
        }
        // After the verdict, so that a difference image that cannot be written is not read as a
        // difference: that is exit 2, as the other arguments' faults are.
        if let path = arguments.value("--diff") {
            do {
                try SharedOptions.write(try result.diffImage.pngData(), to: path)
            } catch let error as CLIError {
                throw .input(RenderCommand.message(for: error))
            } catch {
                throw .input("\(path): \(error)")
            }
        }
        if !matches { throw .reported(1) }
    }

    static func image(_ path: String) throws(CLIError) -> RGBAImage {
        let data = try SharedOptions.read(path)
        do {
            return try RGBAImage(png: data)
        } catch {
            throw .input("\(path): \(error.description)")
        }
    }
}
