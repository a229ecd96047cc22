import Foundation
import Testing

@testable import FeedshotLayout

struct FormattingTests {
    let formatting = ChatFormatting(
        now: ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!, locale: Locale(identifier: "en_US"),
        timeZone: TimeZone(identifier: "UTC")!, strings: Strings(locale: Locale(identifier: "en_US")))

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func dateHeadersAreTodayYesterdayOrTheFullDate() {
        #expect(formatting.dateHeader(date("2026-11-29T00:01:00Z")) == "Today")
        #expect(formatting.dateHeader(date("2026-11-28T23:59:00Z")) == "Yesterday")
        #expect(formatting.dateHeader(date("2026-11-05T10:00:00Z")) == "November 05, 2026")
    }

    /// The kit's formatter has the Gregorian calendar whatever the locale
    /// (`AmityDateFormatter.swift:32-36,59`): the locale's month names and digits, the Gregorian
    /// year — not the Hijri year of Saudi Arabia's or the Buddhist year of Thailand's calendar.
    @Test(arguments: [("ar_SA", "نوفمبر ٠٥, ٢٠٢٦"), ("th_TH", "พฤศจิกายน 05, 2026"), ("en_US@calendar=japanese", "November 05, 2026")])
    func theDatePillIsInTheGregorianCalendar(identifier: String, pill: String) {
        var local = formatting
        local.locale = Locale(identifier: identifier)
        #expect(local.dateHeader(date("2026-11-05T10:00:00Z")) == pill)
    }

    @Test func daysFollowTheDocumentsTimeZone() {
        var tokyo = formatting
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        // 20:00 UTC on the 28th is 05:00 on the 29th in Tokyo, where "now" is 21:00 on the 29th.
        #expect(tokyo.dateHeader(date("2026-11-28T20:00:00Z")) == "Today")
        #expect(formatting.dateHeader(date("2026-11-28T20:00:00Z")) == "Yesterday")
    }

    @Test func timesAndMetadata() {
        #expect(formatting.time(date("2026-11-29T11:58:00Z")) == "11:58 AM")
        #expect(formatting.time(date("2026-11-29T15:05:00Z")) == "3:05 PM")
    }

    /// `AmityMessageTableViewCell.setMetadata`: deleted, else edited (with the edit's time), else
    /// — own messages only — "Sending..." while syncing, else the time.
    @Test func metadataFollowsTheKitsPrecedence() {
        var message = ChatMessage(id: "m", from: "u", sentAt: date("2026-11-29T11:58:00Z"), type: .text, text: "x")
        #expect(formatting.metadata(for: message, isIncoming: false) == "11:58 AM")
        message.state = .syncing
        #expect(formatting.metadata(for: message, isIncoming: false) == "Sending...")
        #expect(formatting.metadata(for: message, isIncoming: true) == "11:58 AM")
        message.editedAt = date("2026-11-29T12:04:00Z")
        #expect(formatting.metadata(for: message, isIncoming: false) == "Edited • 12:04 PM")
        message.isDeleted = true
        #expect(formatting.metadata(for: message, isIncoming: false) == "Message deleted • 12:04 PM")
        message.editedAt = nil
        #expect(formatting.metadata(for: message, isIncoming: true) == "Message deleted • 11:58 AM")
    }

    /// `AmityDateFormatter.Message.getDate`: a day after today is "Today" too.
    @Test func aFutureDayIsToday() {
        #expect(formatting.dateHeader(date("2026-12-03T10:00:00Z")) == "Today")
    }

    /// `AmityAudioPlayer.displayDuration`: `%01i:%02i`, minutes modulo 60.
    @Test func elapsedAudioTime() {
        #expect(ChatFormatting.elapsed(0) == "0:00")
        #expect(ChatFormatting.elapsed(7.9) == "0:07")
        #expect(ChatFormatting.elapsed(205) == "3:25")
        #expect(ChatFormatting.elapsed(3723) == "2:03")
    }

    @Test func sizesDurationsAndTyping() {
        // The kit's rule (1,000 bytes a KB), as the feed's file rows.
        #expect(formatting.fileSize(512) == "512 bytes")
        #expect(formatting.fileSize(1536) == "2 KB")
        #expect(formatting.fileSize(3_565_158) == "3.6 MB")
        #expect(ChatFormatting.duration(7) == "0:07")
        #expect(ChatFormatting.duration(205) == "3:25")
        #expect(ChatFormatting.duration(3723) == "1:02:03")
        #expect(formatting.typing(["Ann"]) == "Ann is typing...")
        #expect(formatting.typing(["Ann", "Bob"]) == "Ann and Bob are typing...")
        #expect(formatting.typing(["A", "B", "C"]) == "3 people are typing...")
        // An Arabic name first: a left-to-right mark keeps the English line left to right (it
        // read "...is typing أحمد", the dots first); a Latin name first needs none.
        #expect(formatting.typing(["أحمد"]) == "\u{200E}أحمد is typing...")
        #expect(formatting.typing(["Ann", "أحمد"]) == "Ann and أحمد are typing...")
    }
}

struct ThemeTests {
    @Test func amityShadesMatchTheKit() {
        let theme = Theme.amityLight
        #expect((1...4).map { theme.shade(theme.base, $0).hex } == ["#636779", "#898E9F", "#A5A9B6", "#EBECEF"])
        #expect((1...4).map { theme.shade(theme.primary, $0).hex } == ["#79A3F6", "#C1D4FB", "#F1F5FE", "#FFFFFF"])
    }

    @Test func hexParsing() {
        #expect(Color(hex: "#1054DE") == Color(red: 0x10, green: 0x54, blue: 0xDE))
        #expect(Color(hex: "#fff") == .white)
        #expect(Color(hex: "#00000080")?.alpha == 0x80)
        #expect(Color(hex: "1054DE") == nil)
        #expect(Color(hex: "#12345") == nil)
    }

    @Test func documentThemesAreNamedOrOverridden() throws {
        let dark = try Document.decode(Data(#"{"kind": "chat", "theme": "dark", "messages": []}"#.utf8))
        #expect(dark.theme == .amityDark)
        let custom = try Document.decode(
            Data(##"{"kind": "chat", "theme": {"theme": "dark", "primary": "#FF0000"}, "messages": []}"##.utf8))
        #expect(custom.theme.primary == Color(hex: "#FF0000"))
        #expect(custom.theme.background == Theme.amityDark.background)
    }
}
