import Foundation

extension Feed {
    enum Key: String, CodingKey, CaseIterable { case viewer, sharing, posts, post }

    /// The fields of a `feed` document (`posts`) or a `post` document (`post`); `sharedFields`
    /// are the ones every kind has.
    init(from decoder: any Decoder, sharedFields: [String], single: Bool) throws {
        let own: [Key] = [.viewer, .sharing, single ? .post : .posts]
        try decoder.checkFields(known: sharedFields + own.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        viewer = try c.decodeIfPresent(String.self, forKey: .viewer) ?? ""
        sharing = try c.decodeIfPresent(SharingDecoding.self, forKey: .sharing)?.settings ?? .defaults
        if single {
            posts = [try c.decode(PostDecoding.self, forKey: .post).post]
        } else {
            var list = try c.nestedUnkeyedContainer(forKey: .posts)
            if let count = list.count, count > decoder.limits.maxItems {
                throw c.error(
                    at: .posts, "has \(count) posts, more than the limit of \(decoder.limits.maxItems) (raise it with --max-items)")
            }
            var decoded: [Post] = []
            while !list.isAtEnd { decoded.append(try list.decode(PostDecoding.self).post) }
            posts = decoded
        }
    }
}

/// `{"myFeed": ["myFeed", "external"], …}`: targets per origin over the defaults.
struct SharingDecoding: Decodable {
    var settings: SharingSettings

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        var overrides: [PostOrigin: [SharingTarget]] = [:]
        for key in c.allKeys {
            guard let origin = PostOrigin(rawValue: key.stringValue) else {
                throw c.error(at: key, "unknown origin (use \(PostOrigin.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            var list = try c.nestedUnkeyedContainer(forKey: key)
            var targets: [SharingTarget] = []
            while !list.isAtEnd {
                let name = try list.decode(String.self)
                guard let target = SharingTarget(rawValue: name) else {
                    throw DocumentError(
                        codingPath: c.codingPath + [key, AnyKey("[\(targets.count)]")],
                        message:
                            "unknown sharing target \"\(name)\" (use \(SharingTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                targets.append(target)
            }
            overrides[origin] = targets
        }
        settings = SharingSettings.defaults.overriding(overrides)
    }
}

struct PostUserDecoding: Decodable {
    var user: PostUser
    enum Key: String, CodingKey, CaseIterable { case id, displayName, avatar, isGlobalBanned }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Key.self)
        let c = try decoder.container(keyedBy: Key.self)
        let id = try c.decode(String.self, forKey: .id)
        user = PostUser(
            id: id, displayName: try c.decodeIfPresent(String.self, forKey: .displayName) ?? id,
            avatar: try c.decodeIfPresent(String.self, forKey: .avatar),
            isGlobalBanned: try c.decodeIfPresent(Bool.self, forKey: .isGlobalBanned) ?? false)
    }
}

struct PostDecoding: Decodable {
    var post: Post

    enum Key: String, CodingKey, CaseIterable {
        case id, dataType, origin, author, community, createdAt, editedAt, text, images, files, likes, comments, shares
        case isLiked, isModerator, previewComments, isExpanded, components
        case commentList
    }
    enum CommunityKey: String, CodingKey, CaseIterable { case name, isOfficial, isPublic }
    enum ImageKey: String, CodingKey, CaseIterable { case src, width, height }
    enum FileKey: String, CodingKey, CaseIterable { case name, size }

    init(from decoder: any Decoder) throws {
        try decoder.checkFields(Key.self)
        let c = try decoder.container(keyedBy: Key.self)
        let id = try c.decode(String.self, forKey: .id)
        let dataType = try c.decodeIfPresent(String.self, forKey: .dataType) ?? "text"
        let origin = try c.decodeEnum(PostOrigin.self, .origin) ?? .myFeed
        var community: Community?
        try c.checkFields(CommunityKey.self, at: .community, in: decoder)
        if c.contains(.community) {
            let k = try c.nestedContainer(keyedBy: CommunityKey.self, forKey: .community)
            community = Community(
                name: try k.decode(String.self, forKey: .name), isOfficial: try k.decodeIfPresent(Bool.self, forKey: .isOfficial) ?? false,
                isPublic: try k.decodeIfPresent(Bool.self, forKey: .isPublic) ?? (origin != .privateCommunity))
        }
        var images: [ChatMessage.Image] = []
        if c.contains(.images) {
            var list = try c.nestedUnkeyedContainer(forKey: .images)
            var checking = try c.nestedUnkeyedContainer(forKey: .images)
            while !list.isAtEnd {
                try checking.decode(FieldCheck<ImageKey>.self)
                let i = try list.nestedContainer(keyedBy: ImageKey.self)
                images.append(
                    ChatMessage.Image(
                        src: try i.decodeIfPresent(String.self, forKey: .src) ?? "", width: try i.decodePositive(.width, max: 100_000),
                        height: try i.decodePositive(.height, max: 100_000)))
            }
        }
        var files: [ChatMessage.File] = []
        if c.contains(.files) {
            var list = try c.nestedUnkeyedContainer(forKey: .files)
            var checking = try c.nestedUnkeyedContainer(forKey: .files)
            while !list.isAtEnd {
                try checking.decode(FieldCheck<FileKey>.self)
                let f = try list.nestedContainer(keyedBy: FileKey.self)
                files.append(
                    ChatMessage.File(name: try f.decode(String.self, forKey: .name), size: try f.decodeNonNegative(.size, max: 1e18)))
            }
        }
        let previewComments = try PostComment.decodeList(c, .previewComments, placement: .preview, in: decoder) { "c\($0)" }
        let commentList =
            c.contains(.commentList) ? try PostComment.decodeList(c, .commentList, placement: .list, in: decoder) { "c\($0)" } : nil
        func count(_ key: Key) throws -> Int { try c.decodeCount(key) ?? 0 }
        let text = try c.decodeText(.text, in: decoder)
        var post = Post(
            id: id, dataType: dataType, origin: origin, author: try c.decode(PostUserDecoding.self, forKey: .author).user,
            community: community,
            createdAt: try c.decodeDate(.createdAt), editedAt: try c.decodeDateIfPresent(.editedAt), text: text, images: images,
            files: files,
            likes: try count(.likes), comments: try count(.comments), shares: try count(.shares),
            isLiked: try c.decodeIfPresent(Bool.self, forKey: .isLiked) ?? false,
            isModerator: try c.decodeIfPresent(Bool.self, forKey: .isModerator) ?? false,
            previewComments: previewComments, isExpanded: try c.decodeIfPresent(Bool.self, forKey: .isExpanded) ?? false,
            components: [], commentList: commentList)
        if c.contains(.components) {
            post.components = try c.decode([ComponentDecoding].self, forKey: .components).map(\.component)
        } else if Post.builtInDataTypes.contains(dataType) {
            post.components = post.defaultComponents
        } else if decoder.context.options.composedPostTypes.contains(dataType) {
            post.components = []  // a PostComposable decides at layout time
        } else {
            throw c.error(
                at: .dataType,
                "custom post type \"\(dataType)\" needs \"components\" (built-in types: \(Post.builtInDataTypes.sorted().joined(separator: ", ")))"
            )
        }
        self.post = post
    }
}

/// `"header"`, or `{"type": "custom", "height": 80, "text": …, "background": …, "image": …}`.
struct ComponentDecoding: Decodable {
    var component: PostComponent

    enum Key: String, CodingKey, CaseIterable { case type, id, height, text, font, color, background, image, padding }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            component = try ComponentDecoding.builtIn(name, codingPath: decoder.codingPath)
            return
        }
        try decoder.checkFields(Key.self)
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        guard type == "custom" else {
            component = try ComponentDecoding.builtIn(type, codingPath: decoder.codingPath + [Key.type])
            return
        }
        let height = try c.decodePositive(.height, max: 10_000)
        let text = try c.decodeIfPresent(String.self, forKey: .text)
        let image = try c.decodeIfPresent(String.self, forKey: .image)
        guard height != nil || text != nil else { throw c.error(at: .type, "a custom component needs a \"height\" or a \"text\"") }
        component = .custom(
            CustomPostComponent(
                id: try c.decodeIfPresent(String.self, forKey: .id) ?? "custom", height: height, text: text,
                font: try c.decodeEnum(AmityFont.self, .font) ?? .body, color: try c.decodeIfPresent(Color.self, forKey: .color),
                background: try c.decodeIfPresent(Color.self, forKey: .background), image: image,
                padding: try c.decodeNonNegative(.padding, max: 500) ?? 16))
    }

    static func builtIn(_ name: String, codingPath: [any CodingKey]) throws -> PostComponent {
        switch name {
        case "header": return .header
        case "text": return .text
        case "gallery": return .gallery
        case "file": return .file
        case "footer": return .footer
        case "comments": return .comments
        default:
            throw DocumentError(
                codingPath: codingPath,
                message: "unknown component \"\(name)\" (use header, text, gallery, file, footer, comments or {\"type\": \"custom\", …})")
        }
    }
}
