import Foundation

/// What decoding a document carries through `Decoder.userInfo`: its options and the warnings it
/// collects. One context per `Document.decode` call, used on that call's thread only — which is
/// why it may travel in `userInfo` (whose values must be `Sendable`) unchecked.
final class DecodingContext: @unchecked Sendable {
    let options: DecodingOptions
    private(set) var warnings: [String] = []
    /// The profile of the chat being decoded: which fields its messages may have.
    var chatStyle = ChatProfile.Style.amity

    init(options: DecodingOptions) {
        self.options = options
    }

    func warn(_ warning: String) {
        warnings.append(warning)
    }

    /// Refuses what would otherwise be ignored in silence (an unknown field, content a message's
    /// type does not draw), or, decoding leniently, warns of it.
    func refuseOrWarn(_ error: DocumentError) throws {
        switch options.unknownFields {
        case .refuse: throw error
        case .warn: warn(error.description)
        }
    }

    /// A value of `values` that repeats an earlier one — two messages, posts, comments or poll
    /// answers with one id would be two cells with one identity (a tap, a snapshot's item, a UIKit
    /// diffable data source all key on it: tapping one answer would vote for the other) — refused
    /// as `repeated(index, earlier index, value)` says, or warned (`--lenient`).
    func checkUnique(_ values: [String], repeated: (Int, Int, String) -> DocumentError) throws {
        var first: [String: Int] = [:]
        for (index, id) in values.enumerated() {
            if let earlier = first[id] {
                try refuseOrWarn(repeated(index, earlier, id))
            } else {
                first[id] = index
            }
        }
    }

    static let key = CodingUserInfoKey(rawValue: "feedshot.decodingContext")!
}

extension Decoder {
    /// The context `Document.decode` set; a fresh default one when decoding started elsewhere.
    var context: DecodingContext {
        userInfo[DecodingContext.key] as? DecodingContext ?? DecodingContext(options: DecodingOptions())
    }

    /// The document's limits.
    var limits: DocumentLimits { context.options.limits }
}
