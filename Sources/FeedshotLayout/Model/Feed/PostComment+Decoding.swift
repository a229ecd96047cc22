import Foundation

/// Where a comment object sits in a post, which decides the fields it may have: a preview comment
/// under a feed post, a comment of the post detail's list, or one of its replies.
enum CommentPlacement: Sendable {
    case preview, list, reply

    /// The fields a comment may have here: a reply has no replies or reply count, only the
    /// post detail's comments have `replies` and `shownReplies`, and only its rows are ever drawn
    /// deleted.
    var fields: [PostComment.Key] {
        let shared: [PostComment.Key] = [
            .id, .author, .text, .createdAt, .editedAt, .likes, .isLiked, .isModerator, .isExpanded, .mentions,
        ]
        switch self {
        case .preview: return shared + [.replyCount]
        case .list: return shared + [.replyCount, .isDeleted, .replies, .shownReplies]
        case .reply: return shared + [.isDeleted]
        }
    }
}

extension CommentPlacement {
    /// Why `field`, a comment field of another placement, is not read here.
    func misplaced(_ field: PostComment.Key) -> String {
        switch self {
        case .preview: "a preview comment has no \"\(field.rawValue)\" (only a post detail's comments, in \"commentList\", do)"
        case .list: "unknown field"
        case .reply: "a reply has no \"\(field.rawValue)\" (only the comments of \"commentList\" do)"
        }
    }
}

extension PostComment {
    enum Key: String, CodingKey, CaseIterable {
        case id, author, text, createdAt, editedAt, likes, isLiked, isModerator, replyCount, isDeleted, isExpanded, mentions
        case replies, shownReplies
    }

    /// Decodes the comment `decoder` holds, placed at `placement`; `defaultId` when it has no `id`.
    init(from decoder: any Decoder, placement: CommentPlacement, defaultId: String) throws {
        let misplaced = try PostComment.checkPlacement(decoder, placement)
        try decoder.checkFields(known: placement.fields.map(\.rawValue) + misplaced)
        let c = try decoder.container(keyedBy: Key.self)
        id = try c.decodeIfPresent(String.self, forKey: .id) ?? defaultId
        isDeleted = try c.decodeIfPresent(Bool.self, forKey: .isDeleted) ?? false
        // A deleted comment is drawn without its author, text or time.
        if isDeleted, !c.contains(.author) {
            author = PostUser(id: "", displayName: "")
        } else {
            author = try c.decode(PostUserDecoding.self, forKey: .author).user
        }
        if let text = try c.decodeText(.text, in: decoder) {
            self.text = text
        } else if isDeleted {
            text = ""
        } else {
            throw c.error(at: .text, "is required")
        }
        if isDeleted {
            createdAt = try c.decodeDateIfPresent(.createdAt) ?? .distantPast
        } else {
            createdAt = try c.decodeDate(.createdAt)
        }
        editedAt = try c.decodeDateIfPresent(.editedAt)
        likes = try c.decodeCount(.likes) ?? 0
        isLiked = try c.decodeIfPresent(Bool.self, forKey: .isLiked) ?? false
        isModerator = try c.decodeIfPresent(Bool.self, forKey: .isModerator) ?? false
        isExpanded = try c.decodeIfPresent(Bool.self, forKey: .isExpanded) ?? false
        mentions = try Mention.decodeList(c, .mentions, in: text)
        let id = id
        replies = try PostComment.decodeList(c, .replies, placement: .reply, in: decoder) { "\(id).r\($0)" }
        let shown = replies.filter { !$0.isDeleted }.count
        replyCount = try c.decodeCount(.replyCount) ?? shown
        if replyCount < shown {
            throw c.error(at: .replyCount, "is \(replyCount), fewer than the \(shown) replies given that are not deleted")
        }
        shownReplies = try c.decodeCount(.shownReplies, max: 1e6) ?? PostComment.initialShownReplies
        if shownReplies < 1 { throw c.error(at: .shownReplies, "must be at least 1 (got 0)") }
    }

    /// Comment fields that belong elsewhere, refused (or, decoding leniently, reported and
    /// returned, to be ignored) saying where they belong.
    static func checkPlacement(_ decoder: any Decoder, _ placement: CommentPlacement) throws -> [String] {
        let object = try decoder.container(keyedBy: AnyKey.self)
        var reported: [String] = []
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            guard let field = Key(rawValue: key.stringValue), !placement.fields.contains(field) else { continue }
            let error = object.error(at: key, placement.misplaced(field))
            switch decoder.context.options.unknownFields {
            case .refuse: throw error
            case .warn: decoder.context.warn(error.description)
            }
            reported.append(field.rawValue)
        }
        return reported
    }

    /// The comments at `key` (none when absent), each decoded for `placement`, at most the
    /// document's item limit; `defaultId(index)` names those without an `id`.
    static func decodeList<K: CodingKey>(
        _ c: KeyedDecodingContainer<K>, _ key: K, placement: CommentPlacement, in decoder: any Decoder,
        defaultId: (Int) -> String
    ) throws -> [PostComment] {
        guard c.contains(key) else { return [] }
        var list = try c.nestedUnkeyedContainer(forKey: key)
        let limit = decoder.limits.maxItems
        if let count = list.count, count > limit {
            throw c.error(at: key, "has \(count) comments, more than the limit of \(limit) (raise it with --max-items)")
        }
        var comments: [PostComment] = []
        while !list.isAtEnd {
            let element = try list.superDecoder()
            comments.append(try PostComment(from: element, placement: placement, defaultId: defaultId(comments.count)))
        }
        // Replies are checked across their post (`PostDecoding`): their rows are the post's.
        if placement != .reply {
            try decoder.context.checkUnique(comments.map(\.id)) { index, earlier, id in
                DocumentError.repeatedID(id, at: c.codingPath + [key], index, earlier)
            }
        }
        return comments
    }
}
