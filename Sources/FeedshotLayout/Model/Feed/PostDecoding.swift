import Foundation

/// One post: its fields, checked; the content its data type needs, refused naming the field when
/// it is missing or does not belong.
struct PostDecoding: Decodable {
    var post: Post

    enum Key: String, CodingKey, CaseIterable {
        case id, dataType, origin, author, community, createdAt, editedAt, text, mentions, images, files, poll, liveStream
        case linkPreview, likes, comments, shares, isLiked, isModerator, previewComments, isExpanded, isPending, canReview
        case components, commentList
    }
    enum CommunityKey: String, CodingKey, CaseIterable { case id, name, isOfficial, isPublic, isJoined }
    enum ImageKey: String, CodingKey, CaseIterable { case src, width, height }
    enum FileKey: String, CodingKey, CaseIterable { case name, size, `extension` }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        let dataType = try c.decodeIfPresent(String.self, forKey: .dataType) ?? "text"
        let origin = try c.decodeEnum(PostOrigin.self, .origin) ?? .myFeed
        func count(_ key: Key) throws -> Int { try c.decodeCount(key) ?? 0 }
        func flag(_ key: Key) throws -> Bool { try c.decodeIfPresent(Bool.self, forKey: key) ?? false }
        var post = Post(
            id: try c.decode(String.self, forKey: .id), dataType: dataType, origin: origin,
            author: try c.decode(PostUserDecoding.self, forKey: .author).user,
            community: try PostDecoding.community(c, origin: origin, in: decoder),
            createdAt: try c.decodeDate(.createdAt), editedAt: try c.decodeDateIfPresent(.editedAt),
            text: try c.decodeText(.text, in: decoder),
            images: try c.decodeObjects(.images, ImageKey.self) { i, _ in
                ChatMessage.Image(
                    src: try i.decodeIfPresent(String.self, forKey: .src) ?? "", width: try i.decodePositive(.width, max: 100_000),
                    height: try i.decodePositive(.height, max: 100_000))
            },
            files: try c.decodeObjects(.files, FileKey.self) { f, _ in
                PostFile(
                    name: try f.decode(String.self, forKey: .name), size: try f.decodeNonNegative(.size, max: 1e18),
                    fileExtension: try f.decodeIfPresent(String.self, forKey: .extension))
            },
            likes: try count(.likes), comments: try count(.comments), shares: try count(.shares), isLiked: try flag(.isLiked),
            isModerator: try flag(.isModerator),
            previewComments: try PostComment.decodeList(c, .previewComments, placement: .preview, in: decoder) { "c\($0)" },
            isExpanded: try flag(.isExpanded))
        post.poll = try c.decodeIfPresent(PollDecoding.self, forKey: .poll)?.poll
        post.liveStream = try c.decodeIfPresent(LiveStreamDecoding.self, forKey: .liveStream)?.stream
        post.linkPreview = try c.decodeIfPresent(LinkPreviewDecoding.self, forKey: .linkPreview)?.preview
        if c.contains(.commentList) {
            let comments = try PostComment.decodeList(c, .commentList, placement: .list, in: decoder) { "c\($0)" }
            // A reply's row is the post's ("p1.reply.r1"), whichever comment it answers.
            let replies = comments.enumerated().flatMap { comment, element in
                element.replies.indices.map { (id: element.replies[$0].id, path: "commentList[\(comment)].replies[\($0)]") }
            }
            try decoder.context.checkUnique(replies.map(\.id)) { index, earlier, id in
                func path(_ reply: Int) -> String { DocumentError.format(c.codingPath + [AnyKey(replies[reply].path)]) }
                return DocumentError(
                    path: path(index) + ".id", message: "\"\(id)\" is already the id of \(path(earlier)); a post's replies' ids must differ"
                )
            }
            post.commentList = comments
        }
        post.isPending = try flag(.isPending)
        post.canReview = try flag(.canReview)
        if c.contains(.components) {
            post.components = try c.decode([ComponentDecoding].self, forKey: .components).map(\.component)
        }
        post.mentions = try PostDecoding.mentions(c, in: post)
        try PostDecoding.checkComponents(of: post, c)
        let composed = decoder.context.options.composedPostTypes.contains(dataType)
        if post.components.isEmpty, !composed { try PostDecoding.checkContent(of: post, c, context: decoder.context) }
        self.post = post
    }

    static func community(_ c: KeyedDecodingContainer<Key>, origin: PostOrigin, in decoder: any Decoder) throws -> Community? {
        try c.checkFields(CommunityKey.self, at: .community, in: decoder)
        guard c.contains(.community) else { return nil }
        let k = try c.nestedContainer(keyedBy: CommunityKey.self, forKey: .community)
        return Community(
            id: try k.decodeIfPresent(String.self, forKey: .id), name: try k.decode(String.self, forKey: .name),
            isOfficial: try k.decodeIfPresent(Bool.self, forKey: .isOfficial) ?? false,
            isPublic: try k.decodeIfPresent(Bool.self, forKey: .isPublic) ?? (origin != .privateCommunity),
            isJoined: try k.decodeIfPresent(Bool.self, forKey: .isJoined) ?? true)
    }

    /// The mentions, each inside the text it marks (a poll's question, else the text).
    static func mentions(_ c: KeyedDecodingContainer<Key>, in post: Post) throws -> [Mention] {
        try Mention.decodeList(
            c, .mentions, in: post.poll?.question ?? post.text ?? "", marked: post.poll == nil ? "text" : "poll's question")
    }

    /// Refuses listed cells whose content the post does not have.
    static func checkComponents(of post: Post, _ c: KeyedDecodingContainer<Key>) throws {
        for (index, component) in post.components.enumerated() {
            let missing: String? =
                switch component {
                case .poll where post.poll == nil: "a \"poll\" cell needs the post's \"poll\""
                case .liveStream where post.liveStream == nil: "a \"liveStream\" cell needs the post's \"liveStream\""
                case .linkPreview where LinkDetector.firstLink(in: post.text ?? "") == nil && post.linkPreview?.url == nil:
                    "a \"linkPreview\" cell needs a link in the post's text (or \"linkPreview\": {\"url\": …})"
                default: nil
                }
            if let missing { throw DocumentError(codingPath: c.codingPath + [Key.components, ArrayIndex(index)], message: missing) }
        }
    }

    /// Refuses a built-in post without the content its data type draws, or with content it does not.
    static func checkContent(of post: Post, _ c: KeyedDecodingContainer<Key>, context: DecodingContext) throws {
        let type = post.dataType
        if !post.images.isEmpty, !post.files.isEmpty { throw c.error(at: .files, "a post has images or files, not both") }
        if type == "image" || type == "video", post.images.isEmpty {
            throw c.error(at: .images, "an \(type) post needs at least one image")
        }
        if type == "file", post.files.isEmpty { throw c.error(at: .files, "a file post needs at least one file") }
        if type == "poll", post.poll == nil { throw c.error(at: .poll, "is required for a poll post") }
        if type == "liveStream", post.liveStream == nil { throw c.error(at: .liveStream, "is required for a liveStream post") }
        if post.poll != nil, type != "poll" { throw c.error(at: .poll, "only a poll post has a poll (dataType \"poll\")") }
        if post.liveStream != nil, type != "liveStream" {
            throw c.error(at: .liveStream, "only a liveStream post has a stream (dataType \"liveStream\")")
        }
        // A poll's or a stream's cells draw no images or files, and a poll's none of its text:
        // refused, or with --lenient warned of, as an unknown field is.
        if post.kind == .poll || post.kind == .liveStream {
            let content = post.kind == .poll ? "its poll" : "its stream and text"
            if !post.images.isEmpty {
                try context.refuseOrWarn(c.error(at: .images, "a \(type) post draws \(content), not images; leave them out"))
            }
            if !post.files.isEmpty {
                try context.refuseOrWarn(c.error(at: .files, "a \(type) post draws \(content), not files; leave them out"))
            }
            if post.kind == .poll, !(post.text ?? "").isEmpty {
                try context.refuseOrWarn(
                    c.error(
                        at: .text,
                        "a poll post draws its poll's question, not its text (the kit's cells: header, poll, footer); leave it out, or list a \"text\" cell in \"components\""
                    ))
            }
        }
        if post.linkPreview != nil, !(post.kind == .text && post.hasLinkPreview) {
            throw c.error(at: .linkPreview, "only a text post with a link in its text (or a \"url\") has a link preview")
        }
        if post.canReview, !post.isPending { throw c.error(at: .canReview, "applies to a pending post (\"isPending\": true)") }
    }
}

struct PostUserDecoding: Decodable {
    var user: PostUser
    enum Key: String, CodingKey, CaseIterable { case id, displayName, avatar, isGlobalBanned }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        user = PostUser(
            id: try c.decodeUserID(.id, of: "the author's"), displayName: try c.decodeIfPresent(String.self, forKey: .displayName),
            avatar: try c.decodeIfPresent(String.self, forKey: .avatar),
            isGlobalBanned: try c.decodeIfPresent(Bool.self, forKey: .isGlobalBanned) ?? false)
    }
}

/// An array index in a coding path (`components[1]`).
struct ArrayIndex: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
