import Dispatch
import FeedshotLayout
import FeedshotRender
import FeedshotSnapshot
import Foundation

/// `feedshot preview --watch`: the gallery (and contact sheet) rendered again whenever an input
/// changes, until SIGINT or SIGTERM.
///
/// Inputs are polled (their modification time, size and file number, so an editor's save by
/// rename counts) every `interval`; only the documents that changed are rendered again. Each
/// rewrite bumps the page's version: the page is written first, then `version.js`, which the open
/// page polls and reloads itself on (`PreviewHTML.reloadScript`).
struct PreviewWatch {
    let gallery: PreviewGallery
    let inputs: [String]
    let out: URL
    let pdf: URL?
    let maxInputBytes: Int
    var interval: DispatchTimeInterval = .milliseconds(250)

    /// What identifies one version of a file on disk.
    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
        var fileNumber: Int?

        init(_ path: String) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            modified = attributes?[.modificationDate] as? Date
            size = attributes?[.size] as? Int
            fileNumber = attributes?[.systemFileNumber] as? Int
        }
    }

    func run() throws(CLIError) {
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let stopped = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        var stamps = inputs.map(Stamp.init)
        var sections = inputs.indices.map(section)
        var version = 1
        try write(sections, version: version)
        say(
            "Watching \(counted(inputs.count, "document")); \(out.appendingPathComponent("index.html").path) reloads itself on changes. Ctrl-C stops."
        )
        while stopped.wait(timeout: .now() + interval) == .timedOut {
            let now = inputs.map(Stamp.init)
            let changed = inputs.indices.filter { now[$0] != stamps[$0] }
            guard !changed.isEmpty else { continue }
            let started = ContinuousClock.now
            stamps = now
            for index in changed { sections[index] = section(index) }
            version += 1
            try write(sections, version: version)
            let seconds = FixedDecimal.text((ContinuousClock.now - started).seconds, digits: 2)
            for index in changed {
                if let problem = sections[index].problem {
                    say("Could not render \(inputs[index]): \(problem) (version \(version) shows it)")
                }
            }
            let rendered = changed.filter { sections[$0].problem == nil }.map { inputs[$0] }
            if !rendered.isEmpty { say("Rendered \(rendered.joined(separator: ", ")) again: version \(version) (\(seconds) s)") }
        }
        say("Stopped watching.")
    }

    /// A line on standard output, unbuffered, so a terminal (or a test) reading a pipe sees it at
    /// once; control characters a document's error quotes are escaped (`StandardError.escaped`).
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((StandardError.escaped(line) + "\n").utf8))
    }

    /// The document's section of the page; one that cannot be read shows why.
    func section(_ index: Int) -> PreviewGallery.Section {
        let input = inputs[index], name = PreviewCommand.names(of: inputs)[index]
        do {
            let json = try SharedOptions.read(input, maxInputBytes: maxInputBytes)
            return try gallery.render(name, json: json, into: out)
        } catch let error as CLIError {
            return PreviewGallery.Section(name: name, error: PreviewCommand.message(for: error))
        } catch {
            return PreviewGallery.Section(name: name, error: "\(error)")
        }
    }

    func write(_ sections: [PreviewGallery.Section], version: Int) throws(CLIError) {
        do {
            try gallery.writePage(sections, to: out, version: version)
        } catch {
            let page = out.appendingPathComponent("index.html").path
            throw .failure("could not write the gallery: \(SharedOptions.writeFailure(page, error))")
        }
        guard let pdf else { return }
        var documents: [(name: String, json: Data)] = []
        for (input, name) in zip(inputs, PreviewCommand.names(of: inputs)) {
            // A document that cannot be read now keeps its page out of the sheet until it can.
            if let json = try? SharedOptions.read(input, maxInputBytes: maxInputBytes) {
                documents.append((name, json))
            }
        }
        do {
            try gallery.writeContactSheet(documents: documents, to: pdf)
        } catch {
            throw .failure("could not write the contact sheet: \(SharedOptions.writeFailure(pdf.path, error))")
        }
    }
}
