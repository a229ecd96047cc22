import Foundation
import Testing

@testable import FeedshotLayout

/// The chat states' input: `isDeleted`, `audio.playback` and `audio.elapsed`, each bad value
/// refused naming its field (docs/documents.md).
struct AmityChatDecodingTests {
    func json(_ fields: String) -> Data {
        Data(#"{"kind": "chat", "me": "u1", "messages": [{"id": "m", "from": "u1", "sentAt": "2026-11-29T11:00:00Z", \#(fields)}]}"#.utf8)
    }

    func decode(_ fields: String) throws -> ChatMessage {
        guard case .chat(let chat) = try Document.decode(json(fields)).content else { throw DocumentError(path: "", message: "") }
        return try #require(chat.messages.first)
    }

    func error(_ fields: String) -> String? {
        do {
            _ = try Document.decode(json(fields))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func deletedIsAStateOfAnyTypeAndNeedsNoContent() throws {
        #expect(try decode(#""type": "image", "isDeleted": true"#).isShownDeleted)
        #expect(try decode(#""type": "audio", "isDeleted": true"#).isShownDeleted)
        #expect(try decode(#""type": "deleted""#).isShownDeleted)
        #expect(try !decode(#""type": "text", "text": "x", "isDeleted": false"#).isShownDeleted)
    }

    @Test func audioStatesDecode() throws {
        let message = try decode(#""type": "audio", "audio": {"duration": 9, "playback": "playing", "elapsed": 4}"#)
        #expect(message.audioPlayback == .playing && message.audioElapsed == 4 && message.audioDuration == 9)
        #expect(try decode(#""type": "audio", "audio": {}"#).audioPlayback == .idle)
    }

    @Test(arguments: [
        (#""type": "text", "text": "x", "isDeleted": "yes""#, "messages[0].isDeleted: must be true or false"),
        (
            #""type": "deleted", "isDeleted": false"#,
            #"messages[0].isDeleted: a message of type "deleted" is deleted (leave isDeleted out, or set it to true)"#
        ),
        (
            #""type": "audio", "audio": {"playback": "paused"}"#,
            #"messages[0].audio.playback: unknown value "paused" (use idle, loading, playing)"#
        ),
        (
            #""type": "audio", "audio": {"elapsed": 3}"#,
            #"messages[0].audio.elapsed: is shown only while the message plays ("playback": "playing")"#
        ),
        (
            #""type": "audio", "audio": {"playback": "playing", "elapsed": -1}"#,
            "messages[0].audio.elapsed: must be zero or more (got -1)"
        ),
        (
            #""type": "audio", "state": "syncing", "audio": {"playback": "playing"}"#,
            #"messages[0].audio.playback: the kit plays a voice message only once it is sent (state "synced"; this one is "syncing")"#
        ),
        (
            #""type": "audio", "isDeleted": true, "audio": {"playback": "loading"}"#,
            "messages[0].audio.playback: a deleted message has no player (the kit hides it)"
        ),
        (
            #""type": "text", "text": "x", "audio": {"playback": "playing"}"#,
            #"messages[0].audio.playback: only audio messages have a player (this one is "text")"#
        ),
        (#""type": "audio", "audio": {"playbak": "idle"}"#, #"messages[0].audio.playbak: unknown field; did you mean "playback"?"#),
        (#""type": "text", "text": "x", "isDeletd": true"#, #"messages[0].isDeletd: unknown field; did you mean "isDeleted"?"#),
    ])
    func badStatesAreRefusedNamingTheField(fields: String, expected: String) {
        #expect(error(fields) == expected)
    }
}
