import Foundation

/// Finds a data file a target ships in its `Resources/` folder (Package.swift copies each such
/// folder into the target's resource bundle, `Feedshot_<Target>.resources`).
///
/// SwiftPM's own `Bundle.module` stops the process when the bundle is not beside the executable,
/// so an installed or copied `feedshot` would crash; this lookup instead tries, in order:
/// `$FEEDSHOT_RESOURCES/Feedshot_<Target>.resources`, the bundle beside the executable (a build
/// folder), `../share/feedshot/Feedshot_<Target>.resources` beside the executable's folder (an
/// install: the Dockerfile's layout, as for the fonts), and the source checkout's
/// `Sources/<Target>/` — and throws `BundledResource.Missing`, naming every place it looked.
package enum BundledResource {
    /// A resource none of the places held.
    package struct Missing: Error, CustomStringConvertible {
        package let file: String
        package let searched: [String]

        package var description: String {
            "Feedshot's data file \(file) is missing (looked in \(searched.joined(separator: ", "))); install the "
                + "Feedshot_*.resources folders beside the feedshot binary or in ../share/feedshot, or set FEEDSHOT_RESOURCES "
                + "to the folder holding them"
        }
    }

    /// The running program's file, symlinks resolved: `/proc/self/exe` where there is one (Linux),
    /// else Foundation's answer. Never `argv[0]`, which is what the user typed (`feedshot`, run
    /// from PATH, would resolve against the working directory).
    package static let executable: URL = {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")).resolvingSymlinksInPath()
    }()

    /// The folders that may hold `target`'s resources, most specific first.
    package static func candidateFolders(target: String) -> [URL] {
        let bundle = "Feedshot_\(target).resources"
        var folders: [URL] = []
        if let override = ProcessInfo.processInfo.environment["FEEDSHOT_RESOURCES"], !override.isEmpty {
            folders.append(URL(fileURLWithPath: override).appendingPathComponent(bundle))
        }
        let executableFolder = executable.deletingLastPathComponent()
        folders.append(executableFolder.appendingPathComponent(bundle))
        folders.append(executableFolder.deletingLastPathComponent().appendingPathComponent("share/feedshot/\(bundle)"))
        // Sources/FeedshotLayout/Support/BundledResource.swift → Sources/<target>.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        folders.append(sources.appendingPathComponent(target))
        return folders
    }

    /// The URL of `path` (e.g. `Resources/openapi.yaml`) in `target`'s resources.
    /// - Throws: `Missing` when no candidate folder holds it.
    package static func url(_ path: String, target: String) throws -> URL {
        let candidates = candidateFolders(target: target).map { $0.appendingPathComponent(path) }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
        throw Missing(file: path, searched: candidates.map(\.path))
    }

    /// The contents of `path` in `target`'s resources, as UTF-8 text.
    /// - Throws: `Missing`, or the error reading the file.
    package static func text(_ path: String, target: String) throws -> String {
        try String(contentsOf: url(path, target: target), encoding: .utf8)
    }
}

extension BundledResource {
    /// A resource that was found but could not be read as what it should hold.
    package struct Malformed: Error, CustomStringConvertible {
        package let file: String
        package let reason: String

        package init(file: String, reason: String) {
            self.file = file
            self.reason = reason
        }

        package var description: String { "Feedshot's data file \(file) is malformed: \(reason)" }
    }
}
