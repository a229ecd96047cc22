import Foundation
import Testing

/// docs/cli.md is "every command and flag": each command `feedshot --help` lists, and each option
/// its `--help` lists, is named there, so a new flag cannot ship undocumented.
struct CLIReferenceTests {
    let cli = CLITests()

    /// The commands of `feedshot --help`, from its COMMANDS block.
    func commands() throws -> [String] {
        let help = String(decoding: try cli.run(["--help"]).stdout, as: UTF8.self)
        let block = try #require(help.components(separatedBy: "COMMANDS:\n").last)
        return block.split(separator: "\n").prefix { !$0.isEmpty }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }

    /// Where docs/cli.md documents `command`'s options: the shared table (before "## The other
    /// commands' options") for the commands that take it, and the command's own paragraph (from
    /// "**`command" to the next "**`").
    static func sections(for command: String, in reference: String) -> String {
        let parts = reference.components(separatedBy: "## The other commands' options")
        let shared = parts[0], others = parts.count > 1 ? parts[1] : ""
        var own = ""
        if let start = others.range(of: "**`\(command)") {
            let rest = others[start.upperBound...]
            own = String(rest[..<(rest.range(of: "**`")?.lowerBound ?? rest.endIndex)])
        }
        switch command {
        case "render", "layout": return shared
        case "preview", "compare": return shared + own
        default: return own
        }
    }

    @Test func everyCommandAndEveryOptionIsInTheReference() throws {
        let reference = try String(contentsOf: CLITests.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let commands = try commands()
        #expect(commands == ["render", "layout", "diff", "compare", "preview", "accept", "serve", "sign", "bench"])
        var checked = 0
        for command in commands {
            let shown = reference.contains("feedshot \(command)")
            #expect(shown, "docs/cli.md does not show `feedshot \(command)`")
            let section = Self.sections(for: command, in: reference)
            let help = try cli.run([command, "--help"])
            #expect(help.status == 0)
            // Option lines: two or more spaces, then `--name` or `-x, --name`.
            let options = String(decoding: help.stdout, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                guard let match = line.firstMatch(of: /^ {2,}(?:-[a-zA-Z], )?(--[a-z0-9-]+)/) else { return nil }
                return String(match.1)
            }
            #expect(!options.isEmpty, "\(command) --help lists no options")
            // `--help` is every command's, shown once (`feedshot <command> --help`).
            for option in options where option != "--help" {
                checked += 1
                // In backticks, alone or after its short form (`-o, --output FILE`), where the command's options are.
                let named = section.contains("`\(option)") || section.contains(", \(option)")
                #expect(named, "docs/cli.md does not name \(command)'s \(option) where \(command)'s options are")
            }
        }
        #expect(checked > 90)
    }

    /// Every flag a command's `--help` lists is one it takes: `compare --help` listed `--lenient`
    /// and `--strict-fonts`, and `compare` refused both as unknown options.
    @Test func everyFlagAHelpListsIsAccepted() throws {
        var checked = 0
        // `serve` would serve and `bench` measure: their flags are checked by their own tests.
        for command in try commands() where !["serve", "bench"].contains(command) {
            let help = String(decoding: try cli.run([command, "--help"]).stdout, as: UTF8.self)
            for line in help.split(separator: "\n") {
                // A flag: its name, then two spaces or the end of the line (no value placeholder).
                guard let match = line.firstMatch(of: /^ {2,}(?:-[a-zA-Z], )?(--[a-z0-9-]+)(?: {2,}|$)/), match.1 != "--help",
                    match.1 != "--watch"
                else { continue }
                let result = try cli.run([command, String(match.1)])
                #expect(!result.stderr.contains("unknown option"), "\(command) \(match.1): \(result.stderr)")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    /// docs/server.md's configuration table says "every setting is a flag and an environment
    /// variable": each option of `feedshot serve --help` has its row there, with the environment
    /// variable the help names.
    @Test func theServersConfigurationTableHasEverySetting() throws {
        let page = try String(contentsOf: CLITests.root.appendingPathComponent("docs/server.md"), encoding: .utf8)
        let table = page.split(separator: "\n").filter { $0.hasPrefix("| `--") }
        let help = String(decoding: try cli.run(["serve", "--help"]).stdout, as: UTF8.self)
        var checked = 0
        for line in help.split(separator: "\n") {
            guard let match = line.firstMatch(of: /^ {2}(--[a-z0-9-]+)(?: [A-Z]+)? +(FEEDSHOT_[A-Z_]+)?/), match.1 != "--help" else {
                continue
            }
            checked += 1
            let row = table.first { $0.hasPrefix("| `\(match.1)` |") }
            #expect(row != nil, "docs/server.md's configuration table has no row for \(match.1)")
            if let row, let variable = match.2 {
                #expect(row.contains("| `\(variable)` |"), "docs/server.md names another variable for \(match.1): \(row)")
            }
        }
        #expect(checked > 30)
    }
}
