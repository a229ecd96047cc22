import Foundation
import Testing

/// docs/ARCHITECTURE.md, "Caches" (state in the layout layer): FeedshotLayout imports only
/// Foundation, its only locks are the two caches the document names, and it holds no unsafe
/// pointer.
struct LayoutPurityTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FeedshotLayout")

    /// Every Swift file of FeedshotLayout, by its path below the module, with its text.
    static func files() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func theLayerImportsOnlyFoundation() throws {
        let files = try Self.files()
        #expect(files.count > 50)
        for (path, text) in files {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
            #expect(imports.allSatisfy { $0.hasSuffix("import Foundation") }, "\(path): \(imports)")
        }
    }

    @Test func theOnlySharedStateIsTheDocumentedCaches() throws {
        let locked = try Self.files().filter { $0.text.contains("NSLock") || $0.text.contains("Mutex<") }.map(\.path)
        #expect(locked == ["AmityChat/ChatFormatting.swift", "Localization/Strings.swift"])
        let unsafe = try Self.files().filter { $0.text.contains("nonisolated(unsafe)") }.map(\.path)
        #expect(unsafe.isEmpty)
    }

    /// Unsafe pointers live only in the rendering layer, at the C boundary and in the encoders'
    /// loops (docs/ARCHITECTURE.md, "Unsafe pointers only at the C boundary"): the layout layer
    /// reads bytes through `Span`.
    @Test func theLayerHasNoUnsafePointers() throws {
        for (path, text) in try Self.files() {
            for word in ["Unsafe", "withUTF8", "withContiguousStorage", "unsafeBitCast", "unsafeDowncast", "utf8Start"] {
                #expect(!text.contains(word), "\(path) uses \(word)")
            }
        }
    }
}
