import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// Swift users give a custom post type its cells through `PostComposable`.
struct PostComposableTests {
    struct PollComposer: PostComposable {
        func components(for post: Post) -> [PostComponent] {
            [
                .header,
                .custom(
                    CustomPostComponent(
                        id: "question", height: nil, text: "Poll: \(post.text ?? "")", font: .title, color: nil,
                        background: Color(hex: "#F1F5FE"), image: nil, padding: 16)), .footer,
            ]
        }
    }

    static let json = Data(
        #"{"kind": "post", "now": "2026-11-29T12:00:00Z", "post": {"id": "q", "dataType": "quiz", "text": "Pizza or sushi?", "author": {"id": "u2", "displayName": "Ann"}, "createdAt": "2026-11-29T11:00:00Z"}}"#
            .utf8)

    @Test func aRegisteredComposerDrawsTheCustomType() throws {
        var options = RenderOptions()
        options.postComposers = PostComposers(["quiz": PollComposer()])
        let document = try Feedshot.decode(Self.json, options: options)
        let layout = try Feedshot.layout(document, options: options)
        #expect(layout.items.map(\.id) == ["q.header", "q.question", "q.footer"])
        #expect(try Feedshot.render(document, options: options).count > 1000)
    }

    @Test func withoutAComposerTheUnknownTypeIsTheKitsPlaceholder() throws {
        let layout = try Feedshot.layout(Feedshot.decode(Self.json))
        #expect(layout.items.map(\.id) == ["q.placeholder"])
    }
}
