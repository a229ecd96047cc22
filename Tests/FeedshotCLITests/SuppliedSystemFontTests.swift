import Foundation
import Testing

/// SF Pro supplied with `--font-dir` draws as the system font the way iOS sizes it: SF Pro Text
/// below 20 points, SF Pro Display from 20, each with the tracking of its own `trak` table at the
/// point size, linear between the sizes the table lists (as CoreText applies it). Apple's fonts
/// cannot ship here, so the test writes two stand-ins with fontTools: Feedshot Inter renamed "SF
/// Pro Text" and "SF Pro Display", each with a `trak` table of known values in place of the
/// stand-in's own. Their glyphs are Inter's, so every width difference from the bundled stand-in
/// is the difference of the two tables' tracking.
struct SuppliedSystemFontTests {
    let cli = CLITests()

    /// Writes `family` as Feedshot Inter renamed, with a normal track of `values` (size: units).
    static let makeFont = #"""
        import sys
        from fontTools.ttLib import TTFont, newTable
        from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
        src, out, family, values = sys.argv[1], sys.argv[2], sys.argv[3], eval(sys.argv[4])
        font = TTFont(src)
        names = font['name']
        for record in names.names:
            if record.nameID in (1, 16): record.string = family
            elif record.nameID == 4: record.string = family + " Regular"
            elif record.nameID == 6: record.string = family.replace(" ", "") + "-Regular"
        top = font['CFF '].cff.topDictIndex[0]
        top.FamilyName, top.FullName = family, family + " Regular"
        font['CFF '].cff.fontNames = [family.replace(" ", "") + "-Regular"]
        trak = newTable('trak')
        trak.version, trak.format = 1.0, 0
        trak.horizData = TrackData({0.0: TrackTableEntry(values, nameIndex=names.addName("Normal"))})
        trak.vertData = TrackData()
        font['trak'] = trak
        font.save(out)
        """#

    /// The two stand-ins' folder: SF Pro Text tracks +25 units at 10 pt, 0 at 12, −53 at 17 and
    /// −40 at 20; SF Pro Display +41 from 20 to 30 (2048 units to the em).
    static func fonts() throws -> URL {
        let dir = TestScratch.root.appendingPathComponent("sf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let inter = CLITests.root.appendingPathComponent("fonts/FeedshotInter-Regular.otf").path
        for (file, family, values) in [
            ("SFProText-Regular.otf", "SF Pro Text", "{10.0: 25, 12.0: 0, 17.0: -53, 20.0: -40}"),
            ("SFProDisplay-Regular.otf", "SF Pro Display", "{20.0: 41, 30.0: 41}"),
        ] {
            let result = try python(["-c", makeFont, inter, dir.appendingPathComponent(file).path, family, values])
            try #require(result.status == 0, "\(result.output)")
        }
        return dir
    }

    /// The bundled stand-in's own tracking at `size`, in units of its 2048-unit em: its `trak`
    /// table's normal track read by fontTools, linear between the sizes listed, held beyond.
    static func standInTracking(at size: Double) throws -> Double {
        let inter = CLITests.root.appendingPathComponent("fonts/FeedshotInter-Regular.otf").path
        let result = try python([
            "-c",
            "import sys; from fontTools.ttLib import TTFont; t = TTFont(sys.argv[1]); "
                + "print(' '.join(f'{k}:{v}' for k, v in sorted(t['trak'].horizData[0.0].items())))",
            inter,
        ])
        try #require(result.status == 0, "\(result.output)")
        let pairs = result.output.split(whereSeparator: \.isWhitespace).map { $0.split(separator: ":").compactMap { Double($0) } }
        let points = pairs.filter { $0.count == 2 }.map { (size: $0[0], value: $0[1]) }
        let first = try #require(points.first), last = try #require(points.last)
        if size <= first.size { return first.value }
        if size >= last.size { return last.value }
        let upper = try #require(points.firstIndex { $0.size >= size })
        let (low, high) = (points[upper - 1], points[upper])
        return low.value + (high.value - low.value) * (size - low.size) / (high.size - low.size)
    }

    /// An outgoing text of twenty "i" in the body font at `size`.
    static func document(size: Double) -> Data {
        Data(
            #"""
            {"kind": "chat", "width": 375, "me": "u1", "now": "2026-11-29T12:00:00Z", "typography": {"body": {"size": \#(size)}},
             "users": {"u1": {"displayName": "Me"}},
             "messages": [{"id": "m1", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "iiiiiiiiiiiiiiiiiiii"}]}
            """#.utf8)
    }

    /// The message text's width and the family and stand-in of the body font, from `feedshot layout`.
    func layout(size: Double, fontDir: URL?) throws -> (width: Double, family: String, standsInFor: String?) {
        let (layout, text) = try cli.layout(Self.document(size: size), fontDir: fontDir)
        let width = try #require((text["frame"] as? [String: Any])?["width"] as? Double)
        let fonts = try #require(layout["fonts"] as? [[String: Any]])
        let body = try #require(fonts.first { $0["role"] as? String == "text" && $0["size"] as? Double == size })
        return (width, try #require(body["family"] as? String), body["standsInFor"] as? String)
    }

    @Test(
        .needsFontTools,
        arguments: [
            // 15 pt: SF Pro Text, −53 × 3/5 units (between 12 and 17) per character.
            (15.0, "SF Pro Text", -53.0 * 3 / 5),
            // 17 pt: the listed value.
            (17.0, "SF Pro Text", -53.0),
            // 22 pt: SF Pro Display and its own table.
            (22.0, "SF Pro Display", 41.0),
        ])
    func suppliedSFProDrawsAtItsOpticalSizeWithItsTracking(size: Double, family: String, units: Double) throws {
        let fonts = try Self.fonts()
        let standIn = try layout(size: size, fontDir: nil)
        let supplied = try layout(size: size, fontDir: fonts)
        #expect(standIn.family == "Feedshot Inter" && standIn.standsInFor == "SF Pro")
        #expect(supplied.family == family && supplied.standsInFor == nil)
        // Twenty characters, each tracked by units / 2048 em in place of the stand-in's own
        // tracking at that size; the frames are whole points (ceil).
        let expected = 20 * (units - (try Self.standInTracking(at: size))) / 2048 * size
        #expect(abs((supplied.width - standIn.width) - expected) <= 1, "\(standIn.width) → \(supplied.width), expected \(expected)")
        // --strict-fonts accepts the supplied face.
        let dir = try cli.temporaryDirectory()
        let file = dir.appendingPathComponent("doc.json")
        try Self.document(size: size).write(to: file)
        #expect(try cli.run(["layout", file.path, "--font-dir", fonts.path, "--strict-fonts"]).status == 0)
    }

    /// `--font-dir` given twice uses both folders (only the last was read: SF Pro in the first was
    /// not found, and `--strict-fonts` refused).
    @Test(.needsFontTools)
    func fontDirGivenTwiceUsesBothFolders() throws {
        let fonts = try Self.fonts()
        let dir = try cli.temporaryDirectory()
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLITests.root.appendingPathComponent("fonts/NotoSansHebrew-Regular.ttf"),
            to: other.appendingPathComponent("NotoSansHebrew-Regular.ttf"))
        let file = dir.appendingPathComponent("doc.json")
        try Self.document(size: 17).write(to: file)
        let result = try cli.run(["layout", file.path, "--font-dir", fonts.path, "--font-dir", other.path, "--strict-fonts"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// `FEEDSHOT_EXTRA_FONT_DIRS` adds folders as `--font-dir` does, and refuses the same folders
    /// (exit 2, naming the variable): a misspelt one was skipped in silence.
    @Test(.needsFontTools)
    func theEnvironmentsFontFoldersAreUsedAndCheckedAsFontDirIs() throws {
        let fonts = try Self.fonts()
        let dir = try cli.temporaryDirectory()
        let file = dir.appendingPathComponent("doc.json")
        try Self.document(size: 17).write(to: file)
        #expect(try cli.run(["layout", file.path, "--strict-fonts"], environment: ["FEEDSHOT_EXTRA_FONT_DIRS": fonts.path]).status == 0)
        for (folder, reason) in [(dir.appendingPathComponent("nope").path, "no such folder"), (dir.path, "no font files in it")] {
            let refused = try cli.run(["layout", file.path], environment: ["FEEDSHOT_EXTRA_FONT_DIRS": "\(fonts.path):\(folder)"])
            #expect(
                refused.status == 2 && refused.stderr.contains("FEEDSHOT_EXTRA_FONT_DIRS: font directory \(folder): \(reason)"),
                "\(refused.stderr)")
        }
    }
}

extension CLITests {
    /// `feedshot layout` of `document` with the fonts of `fontDir` added: the layout tree, and
    /// the text element of message "m1".
    func layout(_ document: Data, fontDir: URL?) throws -> (layout: [String: Any], text: [String: Any]) {
        let file = try temporaryDirectory().appendingPathComponent("doc.json")
        try document.write(to: file)
        let run = try run(["layout", file.path] + (fontDir.map { ["--font-dir", $0.path] } ?? []))
        try #require(run.status == 0, "\(run.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let items = try #require(layout["items"] as? [[String: Any]])
        let message = try #require(items.first { $0["id"] as? String == "m1" })
        let text = try #require((message["elements"] as? [[String: Any]])?.first { $0["role"] as? String == "text" })
        return (layout, text)
    }
}

/// `python3` with `arguments`: its exit status and its standard output and error together.
func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// Whether `python3` has fontTools (Debian's python3-fonttools; scripts/install-deps --test).
enum TypographyFontTools {
    static let available: Bool = { (try? python(["-c", "import fontTools.ttLib"]))?.status == 0 }()
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where `python3` has fontTools (`TypographyFontTools.available`), saying why not.
    static var needsFontTools: Self {
        .enabled(if: TypographyFontTools.available, "skipped: fontTools is not installed (scripts/install-deps --test)")
    }
}
