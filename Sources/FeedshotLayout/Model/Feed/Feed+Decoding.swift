import Foundation

extension Feed {
    enum Key: String, CodingKey, CaseIterable { case viewer, sharing, posts, post, screenHeight, communityFeed, display }

    /// The fields of a `feed` document (`posts`) or a `post` document (`post`, and `display`);
    /// `sharedFields` are the ones every kind has.
    init(from decoder: any Decoder, sharedFields: [String], single: Bool) throws {
        let own: [Key] = [.viewer, .sharing, .screenHeight, .communityFeed] + (single ? [.post, .display] : [.posts])
        try decoder.checkFields(known: sharedFields + own.map(\.rawValue))
        let c = try decoder.container(keyedBy: Key.self)
        viewer = try c.decodeViewerID(.viewer) ?? ""
        sharing = try c.decodeIfPresent(SharingDecoding.self, forKey: .sharing)?.settings ?? .defaults
        screenHeight = try c.decodePositive(.screenHeight, max: 10_000) ?? 812
        communityFeed = try c.decodeIfPresent(String.self, forKey: .communityFeed)
        if communityFeed?.isEmpty == true { throw c.error(at: .communityFeed, "is empty (give the community's id, or leave it out)") }
        if single {
            var post = try c.decode(PostDecoding.self, forKey: .post).post
            // A comment list is the post detail's (`AmityPostDetailViewController`): the feed
            // never shows it, and the detail has no option button and a white background.
            let display = try c.decodeEnum(PostDisplay.self, .display)
            if display == .feed, post.commentList != nil {
                throw c.error(
                    at: .display,
                    #"is "feed", but the post has a "commentList": a post detail's comments show only on the detail screen ("display": "detail", the default with a commentList)"#
                )
            }
            post.display = display ?? (post.commentList == nil ? .feed : .detail)
            if post.display == .detail, communityFeed != nil {
                throw c.error(
                    at: .communityFeed,
                    "applies to a feed, and this is a post detail, which shows the post's community whatever feed it was opened from (the kit's detail screen loads the post afresh)"
                )
            }
            posts = [post]
        } else {
            var list = try c.nestedUnkeyedContainer(forKey: .posts)
            if let count = list.count, count > decoder.limits.maxItems {
                throw c.error(
                    at: .posts, "has \(count) posts, more than the limit of \(decoder.limits.maxItems) (raise it with --max-items)")
            }
            var decoded: [Post] = []
            while !list.isAtEnd {
                let post = try list.decode(PostDecoding.self).post
                if post.commentList != nil {
                    throw DocumentError(
                        path: "posts[\(decoded.count)].commentList",
                        message:
                            #"a post detail's comments, which the feed never shows (use "kind": "post"; the feed's are "previewComments")"#)
                }
                decoded.append(post)
            }
            try decoder.context.checkUnique(decoded.map(\.id)) { index, earlier, id in
                DocumentError.repeatedID(id, at: c.codingPath + [Key.posts], index, earlier)
            }
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

extension KeyedDecodingContainer {
    /// The objects of the array at `key` (none when absent), each checked against `Keys` and
    /// read by `read` with its index.
    func decodeObjects<Keys: CodingKey & CaseIterable, T>(
        _ key: Key, _ keys: Keys.Type, _ read: (KeyedDecodingContainer<Keys>, Int) throws -> T
    ) throws -> [T] {
        guard contains(key) else { return [] }
        var list = try nestedUnkeyedContainer(forKey: key)
        var checking = try nestedUnkeyedContainer(forKey: key)
        var result: [T] = []
        while !list.isAtEnd {
            _ = try checking.decode(FieldCheck<Keys>.self)
            result.append(try read(try list.nestedContainer(keyedBy: Keys.self), result.count))
        }
        return result
    }
}
