import CPangoCairo
import FeedshotLayout
import Foundation

/// The fonts Feedshot draws with: a private fontconfig configuration holding only the bundled
/// fonts (and directories the user adds), so output does not depend on the machine's fonts.
///
/// One per process, created on first use from `FontLibrary.directories` and never destroyed
/// (every thread's Pango font map points at it).
final class FontLibrary: @unchecked Sendable {
    /// Owned: destroyed never, since it lives as long as the process.
    let config: OpaquePointer

    private init(directories: [String]) throws(RenderError) {
        guard let config = FcConfigCreate() else { throw RenderError.fonts("fontconfig could not create a configuration") }
        // The bundled rules (bitmap emoji scaling), from the first directory that has them.
        if let rules = directories.map({ ($0 as NSString).appendingPathComponent("fonts.conf") }).first(
            where: FileManager.default.fileExists(atPath:))
        {
            guard FcConfigParseAndLoad(config, rules, 1) != 0 else {
                FcConfigDestroy(config)
                throw RenderError.fonts("could not load \(rules)")
            }
        }
        // Files one by one: adding a whole directory makes fontconfig look for a cache folder to write.
        var loaded = 0
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() where FontLibrary.fontExtensions.contains((name as NSString).pathExtension.lowercased()) {
                if FcConfigAppFontAddFile(config, (directory as NSString).appendingPathComponent(name)) != 0 { loaded += 1 }
            }
        }
        guard loaded > 0 else {
            FcConfigDestroy(config)
            throw RenderError.fonts(
                "no fonts found (looked in \(directories.joined(separator: ", "))); set FEEDSHOT_FONT_DIR to the fonts/ folder")
        }
        self.config = config
        self.coverage = FontLibrary.coverage(of: config)
        self.families = FontLibrary.families(of: config)
    }

    /// The family names of the loaded fonts (each font's every name), for checking the families a
    /// document names.
    let families: Set<String>

    private static func families(of config: OpaquePointer) -> Set<String> {
        var names = Set<String>()
        guard let fonts = FcConfigGetFonts(config, FcSetApplication) else { return names }
        for index in 0..<Int(fonts.pointee.nfont) {
            var n: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(fonts.pointee.fonts[index], "family", n, &value) == FcResultMatch, let value {
                names.insert(String(cString: value))
                n += 1
            }
        }
        return names
    }

    /// Refuses a family no loaded font has, naming `path` and the families there are.
    func checkFamily(_ family: String, at path: String) throws(RenderError) {
        guard !families.contains(family) else { return }
        let installed = families.subtracting([FontLibrary.emojiFamily]).sorted().joined(separator: ", ")
        throw RenderError.document(
            DocumentError(
                path: path,
                message:
                    "font family \"\(family)\" is not installed\(DidYouMean.nearest(to: family, in: families).map { "; did you mean \"\($0)\"?" } ?? ""); add its font files with --font-dir DIR (installed: \(installed))"
            ))
    }

    /// Every character some loaded font has a glyph for (the union of their fontconfig charsets).
    /// Owned: destroyed never, like `config`.
    let coverage: OpaquePointer

    /// The union of the charsets of the fonts `config` holds. Fontconfig reads a file's character
    /// map when the file is added; its glyphs are loaded only when Pango first draws with it.
    private static func coverage(of config: OpaquePointer) -> OpaquePointer {
        let union = FcCharSetCreate()!
        guard let fonts = FcConfigGetFonts(config, FcSetApplication) else { return union }
        for index in 0..<Int(fonts.pointee.nfont) {
            var charset: OpaquePointer?
            if FcPatternGetCharSet(fonts.pointee.fonts[index], "charset", 0, &charset) == FcResultMatch, let charset {
                FcCharSetMerge(union, charset, nil)
            }
        }
        return union
    }

    /// Whether some loaded font has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FcCharSetHasChar(coverage, scalar.value) != 0
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var instance: FontLibrary?
    nonisolated(unsafe) private static var extraDirectories: [String] = []

    /// Adds a font directory searched after the bundled fonts. Refused, saying why, when `path` is
    /// not a folder holding a font file (`fontExtensions`), or when the library already exists: every
    /// thread's Pango font map was made from it, so a later folder would be used by none of them.
    /// Adding a folder already added does nothing.
    static func addDirectory(_ path: String) throws(RenderError) {
        try checkDirectory(path)
        lock.lock()
        defer { lock.unlock() }
        if extraDirectories.contains(path) { return }
        guard instance == nil else {
            throw .fonts("font directory \(path): added after the first render; add fonts before rendering")
        }
        extraDirectories.append(path)
    }

    /// Refuses `path` unless it is a folder holding a font file (`fontExtensions`).
    static func checkDirectory(_ path: String) throws(RenderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .fonts("font directory \(path): no such folder")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard names.contains(where: { fontExtensions.contains(($0 as NSString).pathExtension.lowercased()) }) else {
            throw .fonts("font directory \(path): no font files in it (.ttf, .otf, .ttc, .otc)")
        }
    }

    /// The process's font library, created on first use.
    static func shared() throws(RenderError) -> FontLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let library = try FontLibrary(directories: bundledDirectories() + extraDirectories + (try environmentDirectories()))
        instance = library
        return library
    }

    /// Where the bundled fonts are: `$FEEDSHOT_FONT_DIR`, else `share/feedshot/fonts` beside the
    /// executable's folder, else the source checkout's `fonts/`.
    static func bundledDirectories() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        if let dir = environment["FEEDSHOT_FONT_DIR"], !dir.isEmpty { return [dir] }
        var candidates: [String] = []
        candidates.append(
            BundledResource.executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "share/feedshot/fonts"
            ).path)
        // Sources/FeedshotRender/Text/FontLibrary.swift → the package root's fonts/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent("fonts").path)
        return [candidates.first { FileManager.default.fileExists(atPath: $0 + "/FeedshotInter-Regular.otf") } ?? candidates.last!]
    }

    /// `$FEEDSHOT_EXTRA_FONT_DIRS`, colon-separated, each refused as `addDirectory` refuses a
    /// folder (a misspelt path was skipped in silence, and the app's fonts were simply not used).
    static func environmentDirectories() throws(RenderError) -> [String] {
        let paths = (ProcessInfo.processInfo.environment["FEEDSHOT_EXTRA_FONT_DIRS"] ?? "").split(separator: ":").map(String.init)
        for path in paths {
            do throws(RenderError) {
                try checkDirectory(path)
            } catch .fonts(let message) {
                throw .fonts("FEEDSHOT_EXTRA_FONT_DIRS: \(message)")
            } catch {
                throw error
            }
        }
        return paths
    }

    /// The families that are SF Pro itself, and the bundled stand-in for it.
    static let systemFamilies: Set = ["SF Pro", "SF Pro Text", "SF Pro Display"]
    static let standInFamily = "Feedshot Inter"

    /// The Chinese, Japanese and Korean face every cascade ends with (`FontCascade`), and the
    /// standard cascade's only bundled one.
    static let fallbackHanFamily = "WenQuanYi Micro Hei"

    /// The colour emoji face, forced for emoji-presentation characters.
    static let emojiFamily = "Noto Color Emoji"

    /// The iPhone's own faces for Hangul (in every language; for Chinese characters too in Korean:
    /// `FontCascade.korean`) and for emoji. Apple's fonts cannot be bundled; where a team adds
    /// their files (`--font-dir`) they draw before the bundled faces that stand in for them.
    static let appleHangulFamily = "Apple SD Gothic Neo"
    static let appleEmojiFamily = "Apple Color Emoji"

    /// The families an emoji run asks for, with Pango's fallback off (`PangoThreadContext`):
    /// Apple's where supplied, else the bundled one.
    static let emojiFamilies = "\(appleEmojiFamily), \(emojiFamily)"

    static let fontExtensions: Set = ["ttf", "otf", "ttc", "otc"]

    /// The scripts of the bundled `NotoSans<Script>-{Regular,Bold}.ttf` (Debian's fonts-noto-core):
    /// the Indic, Caucasian, Ethiopic and Southeast Asian scripts an iPhone draws.
    static let scriptFamilies = [
        "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Georgian", "Armenian",
        "Ethiopic", "Khmer", "Lao", "Myanmar",
    ]
}
