import CPangoCairo
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
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var instance: FontLibrary?
    nonisolated(unsafe) private static var extraDirectories: [String] = []

    /// Adds a font directory searched after the bundled fonts. Call before the first render.
    static func addDirectory(_ path: String) {
        lock.withLock { extraDirectories.append(path) }
    }

    /// The process's font library, created on first use.
    static func shared() throws(RenderError) -> FontLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let library = try FontLibrary(directories: bundledDirectories() + extraDirectories + environmentDirectories())
        instance = library
        return library
    }

    /// Where the bundled fonts are: `$FEEDSHOT_FONT_DIR`, else `share/feedshot/fonts` beside the
    /// executable's folder, else the source checkout's `fonts/`.
    static func bundledDirectories() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        if let dir = environment["FEEDSHOT_FONT_DIR"], !dir.isEmpty { return [dir] }
        var candidates: [String] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(
            executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/feedshot/fonts").path)
        // Sources/FeedshotRender/Text/FontLibrary.swift → the package root's fonts/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent("fonts").path)
        return [candidates.first { FileManager.default.fileExists(atPath: $0 + "/Inter-Regular.otf") } ?? candidates.last!]
    }

    /// `$FEEDSHOT_EXTRA_FONT_DIRS`, colon-separated.
    static func environmentDirectories() -> [String] {
        (ProcessInfo.processInfo.environment["FEEDSHOT_EXTRA_FONT_DIRS"] ?? "").split(separator: ":").map(String.init)
    }

    /// The colour emoji face, forced for emoji-presentation characters.
    static let emojiFamily = "Noto Color Emoji"

    static let fontExtensions: Set = ["ttf", "otf", "ttc", "otc"]

    /// The families Pango is asked for, in fallback order: Inter for UI text, then the script faces.
    static let familyList = "Inter, Noto Sans Arabic UI, Noto Sans Hebrew, Noto Sans Thai, WenQuanYi Micro Hei, Noto Color Emoji"
}
