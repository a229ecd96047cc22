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
}
