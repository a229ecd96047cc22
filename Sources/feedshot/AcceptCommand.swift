import FeedshotSnapshot
import Foundation

/// `feedshot accept ARTIFACTS [NAME…]`
enum AcceptCommand {
    static let help = """
        USAGE: feedshot accept ARTIFACTS_DIR [NAME…] [--list] [--snapshot-directory DIR]

        Accepts failed snapshots: each failure's new version (<name>.failure.png, .json or .txt in
        ARTIFACTS_DIR, as assertSnapshot leaves them in .build/feedshot-snapshots) replaces its
        reference file, atomically, and its failure files are removed. With NAMEs, only the
        failures whose name ends with one of them (`conversation.light`,
        `ChatTests/ChatTests.conversation.light`); without, every failure.
        A reference is only written where assertSnapshot keeps one: __Snapshots__/<folder>/<name>.<ext>,
        or in a --snapshot-directory, named as its failure is, links resolved. A failure whose
        marker names any other file is refused (--list marks it), and nothing is written.

        OPTIONS:
          --list                     print the failures and their references; change nothing
          --snapshot-directory DIR   also write references under DIR (a test's own
                                     snapshotDirectory); repeatable
          -h, --help                 show this help

        EXIT: 0 accepted (or listed); 1 a reference could not be written; 2 bad usage, no folder at
        ARTIFACTS_DIR, a NAME matches no failure, or a marker names a file outside the references.
        """

    static func run(_ words: [String]) throws(CLIError) {
        let arguments = try Arguments(words, valueOptions: ["--snapshot-directory"], flagOptions: ["--list", "-h", "--help"])
        if arguments.has("-h") || arguments.has("--help") {
            print(help)
            return
        }
        guard let folder = arguments.positional.first else { throw .usage("accept needs the artifacts folder") }
        let names = Array(arguments.positional.dropFirst())
        let failures: [AcceptedSnapshots.Failure]
        do {
            failures = try AcceptedSnapshots.failures(in: URL(fileURLWithPath: folder))
        } catch let missing as ArtifactsFolder.Missing {
            throw .input("\(missing)")
        } catch {
            throw .input("\(folder): could not read the artifacts folder (\(error.localizedDescription))")
        }
        func matches(_ failure: AcceptedSnapshots.Failure, _ name: String) -> Bool {
            failure.name == name || failure.name.hasSuffix("/" + name) || failure.name.hasSuffix("." + name)
        }
        for name in names where !failures.contains(where: { matches($0, name) }) {
            let known = failures.map(\.name).joined(separator: ", ")
            throw .input("no failed snapshot named \"\(name)\" in \(folder) (failures: \(known.isEmpty ? "none" : known))")
        }
        let chosen = names.isEmpty ? failures : failures.filter { failure in names.contains { matches(failure, $0) } }
        // Printed with control characters escaped: a name or a path from a marker could hide the
        // rest of the line from a terminal.
        let directories = arguments.values("--snapshot-directory").map { URL(fileURLWithPath: $0) }
        let here = packageRoot(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let destinations = chosen.map { AcceptedSnapshots.destination(of: $0, snapshotDirectories: directories, localPackage: here) }
        let name = { (failure: AcceptedSnapshots.Failure) in StandardError.escaped(failure.name) }
        if arguments.has("--list") {
            for (failure, destination) in zip(chosen, destinations) {
                switch destination {
                case .success(let reference): print("\(name(failure)) → \(StandardError.escaped(reference.path))")
                case .failure(let refusal): print("\(name(failure)) refused: \(StandardError.escaped(refusal.description))")
                }
            }
            // Said on standard error, so the listing stays one line per failure for scripts.
            if chosen.isEmpty { FileHandle.standardError.write(Data("no failed snapshots in \(folder)\n".utf8)) }
            return
        }
        let refused = zip(chosen, destinations).compactMap { failure, destination -> String? in
            guard case .failure(let refusal) = destination else { return nil }
            return "\(name(failure)): \(StandardError.escaped(refusal.description))"
        }
        guard refused.isEmpty else {
            throw .input("accepted nothing: " + refused.joined(separator: "; "))
        }
        for (failure, destination) in zip(chosen, destinations) {
            guard case .success(let reference) = destination else { continue }
            let path = StandardError.escaped(reference.path)
            do {
                try AcceptedSnapshots.accept(failure, into: reference)
            } catch {
                throw .failure("could not accept \(name(failure)) into \(path): \(error.localizedDescription)")
            }
            print("Accepted \(name(failure)): \(path)")
        }
        print("Accepted \(chosen.count) of \(failures.count) failed snapshots.")
    }
}
