import FeedshotRender
import Foundation

/// `--format` and `--quality`, and the output file's extension: which format a render writes.
enum FormatOptions {
    static let valueOptions: Set<String> = ["--format", "--quality"]

    static let help = """
          --format F             png, svg, pdf, webp or jpeg (default: from the output file's extension, else png)
          --quality N            1-100: lossy WebP at N (WebP is lossless without it); JPEG at N (default 90)
        """

    /// The format and quality of a render written to `output` (nil: not named yet; "-": standard
    /// output). The extension of a named file must name the format: `.png`, `.svg`, `.pdf`,
    /// `.webp`, `.jpg` or `.jpeg`; another extension, or one that contradicts `--format`, is
    /// refused — a file never holds one format under another's name. A file without an
    /// extension, standard output and a batch take `--format`, else PNG.
    ///
    /// - Throws: `CLIError.usage` (exit 2) naming what is wrong.
    static func resolve(_ arguments: Arguments, output: String?) throws(CLIError) -> (OutputFormat, ImageQuality?) {
        var format: OutputFormat?
        if let name = arguments.value("--format") {
            guard let named = OutputFormat(name: name) else {
                throw .usage("--format: unknown format \"\(name)\" (supported: \(OutputFormat.names))")
            }
            format = named
        }
        if let output, output != "-" {
            let ext = URL(fileURLWithPath: output).pathExtension
            if !ext.isEmpty {
                guard let byExtension = OutputFormat(fileExtension: ext) else {
                    throw .usage(
                        "\(output): unknown image extension \".\(ext)\"; name the file .png, .svg, .pdf, .webp, .jpg or .jpeg")
                }
                if let format, format != byExtension {
                    throw .usage("--format \(format) does not match \(output), whose extension names \(byExtension)")
                }
                format = byExtension
            }
        }
        let chosen = format ?? .png
        var quality: ImageQuality?
        if let text = arguments.value("--quality") {
            guard let number = Int(text), let value = ImageQuality(number) else {
                throw .usage("--quality takes a whole number from 1 to 100 (got \"\(text)\")")
            }
            guard chosen.isLossy else { throw .usage("--quality applies to webp and jpeg, not \(chosen)") }
            quality = value
        }
        if arguments.value("--compression") != nil, chosen != .png {
            throw .usage("--compression applies to png, not \(chosen)")
        }
        return (chosen, quality)
    }
}
