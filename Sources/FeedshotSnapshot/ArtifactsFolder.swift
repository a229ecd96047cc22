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

    /// A report's images folder that is the artifacts folder, or inside it, or holds it: copying
    /// a file onto itself removed it, and copies inside the folder were found again on the next
    /// run as failures of their own.
    package struct Overlap: Error, LocalizedError, CustomStringConvertible {
        package let report: String, artifacts: String

        package var description: String {
            "the report's images folder \(report) and the artifacts folder \(artifacts) overlap: write the report somewhere else"
        }
        package var errorDescription: String? { description }
    }

    /// Throws `Overlap` when `report` and `artifacts` are one folder, or one is inside the other.
    package static func checkApart(report: URL, artifacts: URL) throws {
        let a = report.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let b = artifacts.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let shorter = min(a.count, b.count)
        if Array(a.prefix(shorter)) == Array(b.prefix(shorter)) { throw Overlap(report: report.path, artifacts: artifacts.path) }
    }

    /// The first `limit` bytes of the file at `url`, and whether there was more; nil when it cannot
    /// be read. A marker is a line of JSON and a listing a few pages: a 3 GB file among them took
    /// 3 GB to read whole.
    package static func prefix(of url: URL, limit: Int) -> (data: Data, isCut: Bool)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { return nil }
        return data.count > limit ? (data.prefix(limit), true) : (data, false)
    }

    /// The longest marker (`<name>.snapshot.json`, `.passed.json`, `.recorded.json`) read.
    package static let maxMarkerBytes = 64 << 10

    /// The reference a marker at `url` names, or nil when it is not a marker (unreadable, not
    /// JSON, longer than `maxMarkerBytes`).
    package static func markedReference(at url: URL) -> URL? { marker(at: url)?.reference }

    /// The reference a marker at `url` names and the package it was recorded in (markers written
    /// before packages were named have none), or nil when it is not a marker.
    package static func marker(at url: URL) -> (reference: URL, package: URL?)? {
        guard let (data, isCut) = prefix(of: url, limit: maxMarkerBytes), !isCut,
            let fields = try? JSONDecoder().decode([String: String].self, from: data), let path = fields["reference"]
        else { return nil }
        return (URL(fileURLWithPath: path), fields["package"].map { URL(fileURLWithPath: $0) })
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
