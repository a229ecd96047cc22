import Foundation
import Testing

/// A bundled font's tables read independently of Pango, by fontTools (Debian's python3-fonttools;
/// scripts/install-deps --test installs it): what the font tests compare Feedshot's layouts with.
enum FontTables {
    /// Whether `python3` has fontTools.
    static let available: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import fontTools.ttLib"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The hhea ascender, |descender| and line gap of the bundled `file` (a collection's first
    /// face), in ems.
    static func hhea(_ file: String) throws -> (ascent: Double, descent: Double, lineGap: Double) {
        let path = packageRoot.appendingPathComponent("fonts/\(file)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys; from fontTools.ttLib import TTFont; t = TTFont(sys.argv[1], fontNumber=0); h = t['hhea']; u = t['head'].unitsPerEm; "
                + "print(h.ascent / u, abs(h.descent) / u, h.lineGap / u)",
            path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        try #require(numbers.count == 3, "fontTools read \(file) as \(numbers)")
        return (numbers[0], numbers[1], numbers[2])
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where `python3` has fontTools (`FontTables.available`), saying why not.
    static var needsFontTools: Self {
        .enabled(if: FontTables.available, "skipped: fontTools is not installed (scripts/install-deps --test)")
    }
}
