import FeedshotLayout
import FeedshotRender
import Foundation

/// What a snapshot of a document is and how two of them are compared: the PNG (`.image`), the
/// layout tree as JSON (`.layout`), the drawn text lines (`.lines`) or the tappable regions
/// (`.regions`). New strategies are made from old ones (`Snapshotting.text(_:from:)`), as in
/// swift-snapshot-testing.
public struct Snapshotting: Sendable {
    /// The reference file's extension (`png`, `json`, `txt`).
    public var pathExtension: String
    /// The strategy's name in a reference's file name when it is not the image (`layout`, `lines`,
    /// `regions`), so several strategies of one test keep separate references.
    public var name: String?
    /// The snapshot of a document.
    public var snapshot: @Sendable (Document, RenderOptions) throws(RenderError) -> Data
    /// How a snapshot is compared with its reference.
    public var diffing: Diffing
    /// Where in the document a mismatch begins, as a clause for its message ("in item "m7" …"),
    /// given the document and options the snapshot was made from; nil says nothing. The image
    /// strategies name the item at the first differing row (`ItemAtRow`) of the document laid out
    /// with those options: a strategy that draws otherwise (another theme) sets its own or nil.
    public var locate: (@Sendable (Document, RenderOptions, SnapshotMismatch) -> String?)?

    /// A strategy from its parts.
    public init(
        pathExtension: String, name: String?, diffing: Diffing,
        locate: (@Sendable (Document, RenderOptions, SnapshotMismatch) -> String?)? = nil,
        snapshot: @escaping @Sendable (Document, RenderOptions) throws(RenderError) -> Data
    ) {
        self.pathExtension = pathExtension
        self.name = name
        self.diffing = diffing
        self.locate = locate
        self.snapshot = snapshot
    }

    /// `locate` for the snapshot of `document` made with `options`, as `SnapshotVerifier.verify`
    /// takes it.
    package func locating(_ document: Document, options: RenderOptions) -> ((SnapshotMismatch) -> String?)? {
        locate.map { locate in { locate(document, options, $0) } }
    }

    /// The PNG, compared pixel by pixel within the default tolerance.
    public static var image: Snapshotting { .image(tolerance: SnapshotTolerance()) }

    /// The PNG, compared pixel by pixel within `tolerance` (`options.format` is ignored).
    public static func image(tolerance: SnapshotTolerance) -> Snapshotting {
        Snapshotting(
            pathExtension: "png", name: nil, diffing: .image(tolerance: tolerance),
            locate: { document, options, mismatch in
                guard let row = mismatch.firstDifferingRow, let layout = try? Feedshot.layout(document, options: options) else {
                    return nil
                }
                return ItemAtRow(layout: layout, row: row).description
            }
        ) { document, options throws(RenderError) in
            var options = options
            options.format = .png
            return try Feedshot.render(document, options: options)
        }
    }

    /// A text snapshot made from the layout tree: one text line per fact, compared line by line.
    public static func text(_ name: String, pathExtension: String = "txt", from describe: @escaping @Sendable (Layout) -> String)
        -> Snapshotting
    {
        Snapshotting(pathExtension: pathExtension, name: name, diffing: .lines) { document, options throws(RenderError) in
            Data(describe(try Feedshot.layout(document, options: options)).utf8)
        }
    }

    /// The layout tree as `feedshot layout` prints it: pretty, key-sorted JSON, reviewable in a diff.
    public static var layout: Snapshotting {
        text("layout", pathExtension: "json") { String(decoding: $0.jsonData(), as: UTF8.self) + "\n" }
    }

    /// Every line of text as drawn, one per line: `m1 text 2: "tomorrow? I booked the table "`
    /// (item id, element role, line number, the line as a JSON string so spaces show).
    public static var lines: Snapshotting {
        text("lines") { layout in
            var out = ""
            for item in layout.items {
                for element in item.elements {
                    guard case .text(_, let lines) = element.content else { continue }
                    for (index, line) in lines.enumerated() {
                        out += "\(item.id) \(element.role.rawValue) \(index + 1): \(jsonString(line))\n"
                    }
                }
            }
            return out
        }
    }

    /// Every tappable region, one per line: `m1 imageViewer messageId=m1 @ 60,47 240×180`
    /// (item id, event, arguments by name, frame in points to a thousandth: a sum's last bits,
    /// `51.980000000000004`, would fail a reference when only the order of the arithmetic changed).
    public static var regions: Snapshotting {
        text("regions") { layout in
            var out = ""
            func points(_ value: Double) -> String { ((value * 1000).rounded() / 1000).compactDescription }
            for item in layout.items {
                for action in item.actions {
                    let arguments = action.arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    let f = action.frame
                    let frame = "\(points(f.x)),\(points(f.y)) \(points(f.width))×\(points(f.height))"
                    out += ([item.id, action.event.rawValue] + arguments + ["@", frame]).joined(separator: " ") + "\n"
                }
            }
            return out
        }
    }
}

/// How a snapshot is compared with its reference.
public struct Diffing: Sendable {
    /// nil when `actual` matches `reference`, else what differs.
    public var compare: @Sendable (_ reference: Data, _ actual: Data) -> SnapshotMismatch?

    /// A comparison.
    public init(compare: @escaping @Sendable (_ reference: Data, _ actual: Data) -> SnapshotMismatch?) {
        self.compare = compare
    }
}

/// Why a snapshot does not match: a sentence, and a difference file when there is one.
public struct SnapshotMismatch: Sendable, Equatable {
    /// What differs, with the numbers (`57 of 361500 pixels (0.016 %) differ …`).
    public var summary: String
    /// A difference to look at (the red-and-yellow difference PNG, a line listing), written
    /// beside the failure as `<name>.difference.<differenceExtension>`.
    public var difference: Data?
    /// The difference file's extension: `png` or `diff`.
    public var differenceExtension: String
    /// For images: the top-most pixel row that differs, which the strategy's `locate` names the
    /// item of.
    public var firstDifferingRow: Int?

    /// A mismatch.
    public init(summary: String, difference: Data? = nil, differenceExtension: String = "png", firstDifferingRow: Int? = nil) {
        self.summary = summary
        self.difference = difference
        self.differenceExtension = differenceExtension
        self.firstDifferingRow = firstDifferingRow
    }
}

/// A string as a JSON string literal: `"a \"b\"\n"`.
func jsonString(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data()
    return String(decoding: data, as: UTF8.self)
}
