import FeedshotLayout
import FeedshotRender
import Foundation
import Testing

/// docs/library.md's example, as a user pastes it into their code: it compiles and renders here,
/// and the page shows exactly these lines (between the markers, less this file's indentation).
struct LibraryExampleTests {
    @Test func theLibraryPagesExampleRunsAsShown() throws {
        let jsonData = try Data(contentsOf: packageRoot.appendingPathComponent("examples/chat.json"))
        // docs/library.md begins
        var options = RenderOptions()
        options.images.assetRoot = URL(fileURLWithPath: "Fixtures")

        let document = try Feedshot.decode(jsonData, options: options)  // throws RenderError.document(DocumentError)
        let layout = try Feedshot.layout(document, options: options)  // Layout: items, frames, lines, actions, warnings
        let png = try Feedshot.render(document, options: options)  // PNG bytes of exactly that layout
        options.format = .pdf  // or .svg, .webp, .jpeg (OutputFormat)
        let pdf = try Feedshot.render(document, options: options)  // one page, text as text
        options.format = .webp
        options.quality = ImageQuality(80)  // lossy; nil (the default) is lossless
        let webp = try Feedshot.render(document, options: options)
        print(layout.items.map { ($0.id, $0.frame.height) })
        // docs/library.md ends
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && pdf.starts(with: Array("%PDF".utf8)))
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp.dropFirst(8).starts(with: Array("WEBPVP8 ".utf8)), "a lossy WebP")
        #expect(layout.items.count == 10)  // two day headers, seven messages, the typing line

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let shown = try #require(source.firstMatch(of: /\/\/ docs\/library.md begins\n((?:.|\n)*?)        \/\/ docs\/library.md ends/)).1
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
        // The page's block is a main.swift: these lines after the imports they need and the data
        // they read (it showed `URL` and `jsonData` without them: "cannot find 'URL' in scope").
        let header = """
            import FeedshotLayout
            import FeedshotRender
            import Foundation

            let jsonData = try Data(contentsOf: URL(fileURLWithPath: "chat.json"))


            """
        let shownAsTested = page.contains(header + lines.joined(separator: "\n") + "```")
        #expect(shownAsTested, "docs/library.md shows another example")
    }

    /// Every Swift block the README and the reference pages show as a file (it starts with its
    /// imports) imports Foundation when it uses Foundation's types: Feedshot's modules do not
    /// re-export it, and both examples used `URL` without it.
    @Test func everyExampleFileImportsWhatItUses() throws {
        let docs = packageRoot.appendingPathComponent("docs")
        let pages =
            [packageRoot.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.map {
                docs.appendingPathComponent($0)
            }
        var files = 0
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for block in text.matches(of: /```swift\n((?:.|\n)*?)```/) {
                let code = String(block.1)
                let lines = code.split(separator: "\n").filter { !$0.hasPrefix("//") }
                guard lines.first?.hasPrefix("import ") == true else { continue }
                files += 1
                let usesFoundation = code.contains(/\b(URL|Data|Date|FileManager)\(/)
                let importsFoundation = lines.contains { $0.hasPrefix("import Foundation") }
                #expect(!usesFoundation || importsFoundation, "\(page.lastPathComponent): a block uses Foundation without importing it")
            }
        }
        #expect(files >= 3)
    }
}
