import Foundation

/// `{"question": …, "answers": [{"id", "text", "votes", "isVotedByMe", "isSelected"}], …}`.
struct PollDecoding: Decodable {
    var poll: PostPoll
    enum Key: String, CodingKey, CaseIterable { case question, answers, isMultipleChoice, isClosed, closesAt, totalVotes, isVoted }
    enum AnswerKey: String, CodingKey, CaseIterable { case id, text, votes, isVotedByMe, isSelected }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        let answers = try c.decodeObjects(.answers, AnswerKey.self) { a, index in
            PostPoll.Answer(
                id: try a.decodeIfPresent(String.self, forKey: .id) ?? "a\(index)", text: try a.decodeText(.text, in: decoder) ?? "",
                votes: try a.decodeCount(.votes) ?? 0, isVotedByMe: try a.decodeIfPresent(Bool.self, forKey: .isVotedByMe) ?? false,
                isSelected: try a.decodeIfPresent(Bool.self, forKey: .isSelected) ?? false)
        }
        try decoder.context.checkUnique(answers.map(\.id)) { index, earlier, id in
            DocumentError.repeatedID(id, at: c.codingPath + [Key.answers], index, earlier)
        }
        // The kit's composer asks for at least two answers ("Create at least 2 options").
        guard answers.count >= 2 else { throw c.error(at: .answers, "a poll needs at least 2 answers (got \(answers.count))") }
        guard answers.count <= decoder.limits.maxItems else {
            throw c.error(at: .answers, "has \(answers.count) answers, more than the limit of \(decoder.limits.maxItems)")
        }
        poll = PostPoll(
            question: try c.decodeText(.question, in: decoder) ?? "", answers: answers,
            isMultipleChoice: try c.decodeIfPresent(Bool.self, forKey: .isMultipleChoice) ?? false,
            isClosed: try c.decodeIfPresent(Bool.self, forKey: .isClosed) ?? false, closesAt: try c.decodeDateIfPresent(.closesAt),
            totalVotes: try c.decodeCount(.totalVotes), isVoted: try c.decodeIfPresent(Bool.self, forKey: .isVoted))
        if !poll.isMultipleChoice, !poll.showsResults, answers.filter(\.isSelected).count > 1 {
            throw c.error(at: .answers, "a single-choice poll has at most one selected answer")
        }
    }
}

/// `{"status": "live", "thumbnail": …, "streamId": …}`.
struct LiveStreamDecoding: Decodable {
    var stream: PostLiveStream
    enum Key: String, CodingKey, CaseIterable { case status, thumbnail, streamId }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        guard let status = try c.decodeEnum(PostLiveStream.Status.self, .status) else { throw c.error(at: .status, "is required") }
        stream = PostLiveStream(
            status: status, thumbnail: try c.decodeIfPresent(String.self, forKey: .thumbnail),
            streamId: try c.decodeIfPresent(String.self, forKey: .streamId))
    }
}

/// `{"state": "loaded", "title": …, "image": …, "url": …}`.
struct LinkPreviewDecoding: Decodable {
    var preview: PostLinkPreview
    enum Key: String, CodingKey, CaseIterable { case state, title, image, url }

    init(from decoder: any Decoder) throws {
        let c = try decoder.checkedContainer(keyedBy: Key.self)
        preview = PostLinkPreview(
            state: try c.decodeEnum(PostLinkPreview.State.self, .state) ?? .loaded, title: try c.decodeText(.title, in: decoder),
            image: try c.decodeIfPresent(String.self, forKey: .image), url: try c.decodeIfPresent(String.self, forKey: .url))
        if let url = preview.url, LinkDetector.host(of: url) == nil {
            throw c.error(at: .url, "is not a link with a host (got \"\(url)\")")
        }
    }
}
