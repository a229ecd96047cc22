import FeedshotRender
import Foundation

/// Entry point: dispatches the command and turns every error into a message and exit code here only.

let usage = """
    feedshot — feed posts and chat conversations (JSON) to pixel-exact images: PNG, SVG, PDF, WebP, JPEG.

    USAGE: feedshot <command> [options]

    COMMANDS:
      render    render documents to PNG, SVG, PDF, WebP or JPEG
      layout    print a document's layout tree as JSON
      diff      compare two PNG images perceptually
      compare   render two versions of documents and write the before/after review page
      preview   write an HTML gallery (or PDF contact sheet) of documents in many variants, watch
                them for changes, or write a snapshot failure report
      accept    make failed snapshots' new versions their references
      serve     run the HTTP rendering server
      sign      print a signed, cacheable render URL for a document
      bench     measure layout and rendering speed (use a release build)

    Run `feedshot <command> --help` for a command's options; `feedshot --version` prints the version.
    """

// Render-sized buffers stay in the heap between renders (see MemoryTuning): the program's choice.
MemoryTuning.apply()

let commands = ["render", "layout", "diff", "compare", "preview", "accept", "serve", "sign", "bench", "help"]

var words = Array(CommandLine.arguments.dropFirst())
var command = words.isEmpty ? "--help" : words.removeFirst()
// `feedshot help render` is `feedshot render --help`.
if command == "help", let topic = words.first, commands.contains(topic), topic != "help" {
    (command, words) = (topic, ["--help"])
}

do {
    // The string tables and icons are data files (BundledResource): without them, refuse to
    // start, saying where they were looked for, rather than stop at the first render.
    if ["render", "layout", "compare", "preview", "serve", "bench"].contains(command) {
        do { try BundledData.check() } catch { throw CLIError.failure("\(error)") }
        // A font folder named in the environment is checked as --font-dir checks its own: exit 2.
        do throws(RenderError) {
            try Feedshot.checkEnvironmentFontDirectories()
        } catch .fonts(let message) {
            throw CLIError.input(message)
        } catch {
            throw CLIError.input(error.description)
        }
    }
    switch command {
    case "render": try RenderCommand.run(words)
    case "layout": try LayoutCommand.run(words)
    case "diff": try DiffCommand.run(words)
    case "preview": try PreviewCommand.run(words)
    case "compare": try CompareCommand.run(words)
    case "accept": try AcceptCommand.run(words)
    case "serve": try ServeCommand.run(words)
    case "render-worker": try ServeCommand.runWorker(words)
    case "bench": try BenchCommand.run(words)
    case "sign": try SignCommand.run(words)
    case "-h", "--help", "help": print(usage)
    case "--version", "-V", "version": print("feedshot \(Feedshot.version)")
    default: throw CLIError.usage("unknown command \"\(command)\"\(Suggestion.hint(for: command, in: commands))")
    }
} catch let error as CLIError {
    switch error {
    case .usage(let message):
        StandardError.writeLine("feedshot: \(message)")
        StandardError.writeLine(
            "Run `feedshot \(command == "--help" || !commands.contains(command) ? "" : command + " ")--help` for usage.")
    case .input(let message), .failure(let message):
        StandardError.writeLine("feedshot: \(message)")
    case .reported:
        break
    }
    exit(error.exitCode)
} catch {
    StandardError.writeLine("feedshot: \(error)")
    exit(1)
}
