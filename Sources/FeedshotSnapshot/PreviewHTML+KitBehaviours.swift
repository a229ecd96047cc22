import FeedshotLayout
import Foundation

/// The gallery's kit-behaviour notes and the page they link to, `kit-behaviours.html`, written
/// beside `index.html`: every behaviour with its note and, where this source checkout's
/// conformance tables can be read, its row — what you see, why the kit does it, the kit's source
/// lines. The notes link into that page, so they work offline, from a shared folder and from the
/// server's `/gallery/` alike (they linked the Markdown table through `file://`, which opened raw
/// at its top, and only on the machine that wrote the page).
extension PreviewHTML {
    /// The file the notes link to, in the gallery's folder.
    static let kitBehavioursFile = "kit-behaviours.html"

    /// This source checkout's root when its conformance tables are there; nil for an installed
    /// binary.
    static let localCheckout: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = root.appendingPathComponent("docs/conformance/amity.md")
        return FileManager.default.fileExists(atPath: page.path) ? root : nil
    }()

    /// Under a variant: each thing the kit does that a designer would take for Feedshot's mistake
    /// ("1 more options", a word cut before "...Read more"), with its note, the items it applies
    /// to, and its row's place in the conformance tables, linked to its entry on
    /// `kit-behaviours.html`. Nothing when the layout reports none.
    static func kitBehaviourNotes(_ layout: Layout) -> String {
        let notes = layout.kitBehaviours
        guard !notes.isEmpty else { return "" }
        var html = "<ul class=\"kit\">"
        for behaviour in KitBehaviour.allCases {
            let items = notes.filter { $0.behaviour == behaviour }.map(\.itemId)
            guard !items.isEmpty else { continue }
            let reference = "<a href=\"\(kitBehavioursFile)#\(behaviour.id)\"><code>\(escape(behaviour.conformance))</code></a>"
            html +=
                "<li data-kit-behaviour=\"\(behaviour.id)\" data-items=\"\(escape(items.joined(separator: " ")))\"><strong>Kit behaviour</strong> (\(escape(items.joined(separator: ", ")))): \(escape(behaviour.note)) \(reference)</li>"
        }
        return html + "</ul>"
    }

    /// One row of a conformance table's "Kit behaviour that looks like a bug": its cells after the
    /// title, as Markdown.
    struct ConformanceRow: Equatable {
        var title: String
        var seen: String
        var why: String
        var source: String
    }

    /// This checkout's kit-behaviour rows, read once a process (`--watch` writes the page on
    /// every save).
    static let localConformanceRows = conformanceRows(in: localCheckout)

    /// The kit-behaviour rows of the conformance tables under `checkout`, by anchor; empty where
    /// they cannot be read.
    static func conformanceRows(in checkout: URL?) -> [String: ConformanceRow] {
        guard let checkout else { return [:] }
        var rows: [String: ConformanceRow] = [:]
        for file in ["amity", "messagekit"] {
            let url = checkout.appendingPathComponent("docs/conformance/\(file).md")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("| <a id=\"bug-") {
                let cells = tableCells(String(line))
                guard cells.count >= 4, let id = cells[0].firstMatch(of: /<a id="(bug-[a-z-]+)"><\/a>(.*)/) else { continue }
                rows[String(id.1)] = ConformanceRow(title: String(id.2), seen: cells[1], why: cells[2], source: cells[3])
            }
        }
        return rows
    }

    /// The cells of a Markdown table row, split at pipes that are not escaped (`\|`), trimmed.
    static func tableCells(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in line.dropFirst() {
            if character == "|" && !escaped {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        return cells
    }

    /// A table cell's Markdown as HTML: escaped, `code` spans as `<code>`, links as their text.
    static func inlineMarkdown(_ text: String) -> String {
        let unlinked = text.replacing(/\[([^\]]+)\]\([^)]*\)/) { String($0.1) }.replacingOccurrences(of: "\\|", with: "|")
        return escape(unlinked).replacing(/`([^`]+)`/) { "<code>\($0.1)</code>" }
    }

    /// `kit-behaviours.html`: every kit behaviour, anchored by its id, with its note and its
    /// conformance row (`rows`), the tables' path as text — a `file://` link to them opened raw
    /// Markdown at its top, was blocked from a page served over HTTP, and named a path only the
    /// machine that wrote the page had — and a link back to the gallery.
    static func kitBehavioursPage(rows: [String: ConformanceRow]) -> String {
        var body =
            "<p><a href=\"index.html\">← The gallery</a></p><p>What the kits do that looks like a mistake, and that Feedshot draws as they do. "
            + "Each is listed in the layout tree's <code>kitBehaviours</code> where it applies. The kit's source lines are "
            + "Amity's under <code>UpstraUIKit/UpstraUIKit/</code> in AmityCo/Amity-Social-Cloud-UIKit-iOS-OpenSource at 429fcec "
            + "and MessageKit's in MessageKit/MessageKit at b4493fe.</p>"
        for behaviour in KitBehaviour.allCases {
            let row = rows[behaviour.id]
            let title = row.map { inlineMarkdown($0.title) } ?? escape(behaviour.id)
            let place = escape(behaviour.conformance)
            let reference = "<code>\(place)</code>"
            body += "<article class=\"behaviour\" id=\"\(behaviour.id)\"><h2>\(title)</h2><p>\(escape(behaviour.note))</p>"
            if let row {
                body +=
                    "<dl><dt>What you see</dt><dd>\(inlineMarkdown(row.seen))</dd><dt>Why: the kit</dt><dd>\(inlineMarkdown(row.why))</dd>"
                body += "<dt>The kit's source</dt><dd>\(inlineMarkdown(row.source))</dd></dl>"
            }
            body += "<p class=\"row\">\(reference)</p></article>"
        }
        let style = """
            article.behaviour{background:#fff;border-left:3px solid #f5a623;border-radius:4px;padding:4px 16px 8px;margin:16px 0;max-width:900px}
            article.behaviour:target{box-shadow:0 0 0 2px #1054de}
            dt{font-weight:600;margin-top:6px}dd{margin:2px 0 0 16px}p.row{font-size:12px}
            """
        return page(title: "Kit behaviour that looks like a bug", body: body, style: style)
    }
}
