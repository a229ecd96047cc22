import FeedshotRender
import Foundation
import Testing

/// Tools that did not write the files decode them: librsvg (`rsvg-convert`) for SVG, poppler
/// (`pdftoppm`, `pdftotext`, `pdfinfo`, `pdffonts`) for PDF, libwebp's `dwebp` for WebP and
/// libjpeg-turbo's `djpeg` for JPEG. `scripts/install-deps --test` installs them (librsvg2-bin,
/// poppler-utils, webp, libjpeg-turbo-progs); a test that needs a missing one fails, saying so.
enum IndependentDecoders {
    struct Missing: Error, CustomStringConvertible {
        var tool: String
        var description: String { "\(tool) is not installed: run scripts/install-deps --test" }
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `/usr/bin/<tool>` with `arguments`; its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing(tool: tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(
                description:
                    "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: errData, as: UTF8.self))"
            )
        }
        return output
    }

    /// `body` of a file holding `data`, in a new temporary folder removed when `body` returns.
    static func withFile<T>(_ data: Data, named name: String, _ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-decoders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return try body(url)
    }

    /// An SVG rasterized by librsvg at exactly `width` × `height` pixels.
    static func svg(_ data: Data, width: Int, height: Int) throws -> RGBAImage {
        try withFile(data, named: "image.svg") { input in
            let output = input.deletingLastPathComponent().appendingPathComponent("svg.png")
            try run(
                "rsvg-convert", ["--width", "\(width)", "--height", "\(height)", "--format", "png", "--output", output.path, input.path])
            return try RGBAImage(png: Data(contentsOf: output))
        }
    }

    /// A PDF's first page rasterized by poppler at exactly `width` × `height` pixels.
    static func pdf(_ data: Data, width: Int, height: Int) throws -> RGBAImage {
        try withFile(data, named: "image.pdf") { input in
            let prefix = input.deletingLastPathComponent().appendingPathComponent("page")
            try run("pdftoppm", ["-png", "-singlefile", "-scale-to-x", "\(width)", "-scale-to-y", "\(height)", input.path, prefix.path])
            return try RGBAImage(png: Data(contentsOf: prefix.appendingPathExtension("png")))
        }
    }

    /// The text poppler extracts from a PDF, in reading order.
    static func pdfText(_ data: Data) throws -> String {
        try withFile(data, named: "text.pdf") { String(decoding: try run("pdftotext", ["-layout", $0.path, "-"]), as: UTF8.self) }
    }

    /// `pdfinfo`'s fields ("Pages" → "1", "Page size" → "375 x 986 pts"…).
    static func pdfInfo(_ data: Data) throws -> [String: String] {
        var fields: [String: String] = [:]
        let output = try withFile(data, named: "info.pdf") { try run("pdfinfo", [$0.path]) }
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// `pdffonts`' table rows: name, type, encoding, embedded, subset, unicode map.
    static func pdfFonts(_ data: Data) throws -> [[String]] {
        let output = try withFile(data, named: "fonts.pdf") { try run("pdffonts", [$0.path]) }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        return lines.dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    /// A WebP decoded by libwebp's `dwebp` (RGBA when the file has alpha).
    static func webp(_ data: Data) throws -> RGBAImage {
        try withFile(data, named: "image.webp") { input in
            let output = input.deletingLastPathComponent().appendingPathComponent("webp.png")
            try run("dwebp", ["-quiet", input.path, "-o", output.path])
            return try RGBAImage(png: Data(contentsOf: output))
        }
    }

    /// A JPEG decoded by libjpeg-turbo's `djpeg` into a binary PPM, read here.
    static func jpeg(_ data: Data) throws -> RGBAImage {
        try ppm(withFile(data, named: "image.jpg") { try run("djpeg", ["-pnm", $0.path]) })
    }

    /// A binary PPM (`P6`, 8 bits) as opaque RGBA.
    static func ppm(_ data: Data) throws -> RGBAImage {
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw Failed(description: "not a binary PPM") }
        while fields.count < 3 {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1  // the single whitespace after the maximum value
        let (width, height) = (fields[0], fields[1])
        guard fields[2] == 255, bytes.count - index >= width * height * 3 else { throw Failed(description: "unexpected PPM layout") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            for channel in 0..<3 { pixels[pixel * 4 + channel] = bytes[index + pixel * 3 + channel] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
