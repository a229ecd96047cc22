import Foundation

/// A poll post's poll (`AmityPostModel.Poll`).
public struct PostPoll: Sendable, Hashable {
    /// One answer.
    public struct Answer: Sendable, Hashable {
        /// The answer's id (`pollAnswerDidTap`'s argument).
        public var id: String
        /// What it says.
        public var text: String
        /// How many votes it has.
        public var votes: Int
        /// Whether the viewer voted for it: a bar on its left edge and a primary border.
        public var isVotedByMe: Bool
        /// Selected before "Submit vote" (the kit's local selection): its radio button is on.
        public var isSelected: Bool

        /// An answer.
        public init(id: String, text: String, votes: Int = 0, isVotedByMe: Bool = false, isSelected: Bool = false) {
            self.id = id
            self.text = text
            self.votes = votes
            self.isVotedByMe = isVotedByMe
            self.isSelected = isSelected
        }
    }

    /// The question.
    public var question: String
    /// The answers, at least two.
    public var answers: [Answer]
    /// Several answers may be chosen: check boxes instead of radio buttons.
    public var isMultipleChoice: Bool
    /// Closed: the results and "Final results".
    public var isClosed: Bool
    /// When it closes by itself: "Poll ends in …" until then.
    public var closesAt: Date?
    /// The poll's vote count (the SDK's `voteCount`): "N votes", and the bars' denominator.
    public var totalVotes: Int
    /// The viewer has voted: the results instead of the choices.
    public var isVoted: Bool

    /// A poll; `totalVotes` defaults to the answers' sum and `isVoted` to any answer voted by the viewer.
    public init(
        question: String, answers: [Answer], isMultipleChoice: Bool = false, isClosed: Bool = false, closesAt: Date? = nil,
        totalVotes: Int? = nil, isVoted: Bool? = nil
    ) {
        self.question = question
        self.answers = answers
        self.isMultipleChoice = isMultipleChoice
        self.isClosed = isClosed
        self.closesAt = closesAt
        self.totalVotes = totalVotes ?? answers.reduce(0) { $0 + $1.votes }
        self.isVoted = isVoted ?? answers.contains { $0.isVotedByMe }
    }

    /// Whether the results show instead of the choices.
    public var showsResults: Bool { isClosed || isVoted }
}
