import FeedshotRender
import Foundation

/// `feedshot layout IN.json [-o OUT.json]`
enum LayoutCommand {
    static let help = """
        USAGE: feedshot layout IN.json [-o OUT.json]

        Prints the layout tree the renderer draws, as JSON: width, height, scale, pixel size, items
        (id, type, frame) with their elements (role, frame, lines of text) and actions (event,
        arguments, tappable frame), and warnings. Frames are in points, in canvas coordinates.

        OPTIONS:
          -o, --output FILE      write the JSON to FILE instead of standard output
          --quiet                accepted for symmetry with render (warnings are in the JSON), as is
                                 --compression, which sets nothing here
        \(SharedOptions.help.split(separator: "\n").filter { !$0.contains("--compression") }.joined(separator: "\n"))
          -h, --help             show this help

        EXIT: 0 success; 1 failure; 2 bad usage or invalid input (the message names the JSON path).
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(
            words, valueOptions: SharedOptions.valueOptions.union(["-o", "--output"]),
            flagOptions: SharedOptions.flagOptions.union(["-h", "--help", "--quiet"]))
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard arguments.positional.count == 1 else {
            throw .usage("layout takes one input document (a .json file, or - for standard input)")
        }
        let input = arguments.positional[0]
        let output = arguments.value("-o") ?? "-"
        if output != "-", input != "-", RenderCommand.sameFile(output, input) {
            throw .usage("\(output): the layout would replace its own input document; name another output with -o")
        }
        let options = try SharedOptions.renderOptions(arguments, inputFile: input)
        let json = try SharedOptions.read(input, maxInputBytes: SharedOptions.maxInputBytes(arguments))
        do {
            let layout = try Feedshot.layout(Feedshot.decode(json, options: options), options: options)
            var tree = layout.jsonData()
            tree.append(0x0A)
            try SharedOptions.write(tree, to: output)
        } catch let error as RenderError {
            throw CLIError(error, file: input == "-" ? nil : input)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
    }
}
