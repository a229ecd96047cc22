import Foundation

/// A snapshot run's artifacts folder (`.build/feedshot-snapshots`, or `SNAPSHOT_ARTIFACTS`): what
/// `feedshot preview --report` and `feedshot accept` read.
package enum ArtifactsFolder {
    /// There is no folder where one was named. Every snapshot assertion leaves a marker there (failed,
    /// recorded or passed), so a missing folder is a wrong path or a run that asserted nothing — never
    /// a run without failures.
    package struct Missing: Error, LocalizedError, CustomStringConvertible {
        /// The folder's path, absolute (as the command resolved it).
        package let path: String

        package var description: String {
            "no artifacts folder at \(path): a snapshot run writes one (by default .build/feedshot-snapshots of the package "
                + "that holds the tests, or $SNAPSHOT_ARTIFACTS) once it has asserted a snapshot"
        }
        package var errorDescription: String? { description }
    }

    /// Every file below `folder`, as paths relative to it.
    /// - Throws: `Missing` when `folder` is not a directory. (Foundation's enumerator on Linux yields
    ///   nothing for a missing folder, which read as a run with no failures.)
    package static func files(in folder: URL) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
            let walker = FileManager.default.enumerator(atPath: folder.path)
        else { throw Missing(path: folder.path) }
        return walker.compactMap { $0 as? String }
    }
}
