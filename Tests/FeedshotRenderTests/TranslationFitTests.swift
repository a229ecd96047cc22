import Foundation
import Testing

@testable import FeedshotLayout
@testable import FeedshotRender

/// Feedshot's translations fit where the kit's English fits: a one-line label the kit shows
/// (`lineBreakMode="tailTruncation"`, one line) is cut in no bundled language at a width where the
/// English is whole — measured by Pango, as the render draws it.
struct TranslationFitTests {
    /// Goldens whose cells show the kit's one-line UI strings: the footer's "join community"
    /// warning (`AmityPostFooterTableViewCell.xib`, label `Kp8-xl-VFI`), Like/Comment/Share and
    /// counts, the poll's rows, the share sheet, comments' actions, chat states.
    /// Each at its own width; the chats also at 320 points, the narrowest iPhone's, where the
    /// metadata rows ("Message deleted • 11:01 AM") have least room.
    static let documents = [
        "post-join-community", "post-footer-counts", "post-poll", "post-files-1-7", "share-myFeed", "share-privateCommunity",
        "comments-preview-more", "chat-states", "chat-states@320", "chat-deleted@320", "message-types@320",
    ]

    /// The elements whose text ends in "…" in `name` (`golden@width`) drawn in `locale`, by item
    /// and position.
    static func cutLabels(_ name: String, locale: String) throws -> [String: String] {
        let parts = name.split(separator: "@")
        let file = packageRoot.appendingPathComponent("goldens/\(parts[0]).json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        object["locale"] = locale
        if parts.count > 1 { object["width"] = Double(parts[1]) }
        let layout = try Feedshot.layout(Feedshot.decode(JSONSerialization.data(withJSONObject: object)))
        var cut: [String: String] = [:]
        // A row with shares written in full (the kit's `bug-unabbreviated-shares`: "3200000 Mal
        // geteilt") can outgrow the row in any language; its cut is the kit's, not a translation's.
        for item in layout.items where !item.kitBehaviours.contains(.unabbreviatedShares) {
            for (index, element) in item.elements.enumerated() {
                if case .text(let text, _) = element.content, text.string.hasSuffix(TextBlock.ellipsis) {
                    cut["\(item.id)[\(index)]"] = text.string
                }
            }
        }
        return cut
    }

    @Test(arguments: documents)
    func noTranslationIsCutWhereTheEnglishIsWhole(name: String) throws {
        let english = try Self.cutLabels(name, locale: "en_US")
        for language in StringCatalog.tables.keys.sorted() {
            let cut = try Self.cutLabels(name, locale: language).filter { english[$0.key] == nil }
            #expect(cut.isEmpty, "\(name) in \(language): \(cut.sorted { $0.key < $1.key })")
        }
    }
}
