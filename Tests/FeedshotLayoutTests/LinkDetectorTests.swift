import Testing

@testable import FeedshotLayout

/// The links the chat and posts colour and underline (the kit asks `NSDataDetector` for `.link`).
struct LinkDetectorTests {
    func links(_ text: String) -> [String] {
        LinkDetector.links(in: text).map(\.range).map { range in
            String(decoding: Array(text.utf8)[range], as: UTF8.self)
        }
    }

    @Test func urlsWithASchemeWwwAndKnownDomains() {
        #expect(links("See https://amity.co/docs?x=1#top, then") == ["https://amity.co/docs?x=1#top"])
        #expect(links("www.example.org/a and ftp://files.example.net") == ["www.example.org/a", "ftp://files.example.net"])
        #expect(links("go to amity.co.") == ["amity.co"])
        #expect(links("Mail ann@example.com!") == ["ann@example.com"])
    }

    @Test func punctuationAroundALinkIsNotPartOfIt() {
        #expect(links("(see https://example.com/a)") == ["https://example.com/a"])
        #expect(links("https://en.wikipedia.org/wiki/Swift_(language)") == ["https://en.wikipedia.org/wiki/Swift_(language)"])
        #expect(links(#""www.apple.com""#) == ["www.apple.com"])
        // Runs of it: all dropped, but a ")" stays where the word opens a bracket.
        #expect(links("see b.io/x)).!? and (c.io/y_(z)).") == ["b.io/x", "c.io/y_(z))"])
        #expect(links("a.com" + String(repeating: ")", count: 5_000) + " " + String(repeating: ".", count: 5_000)) == ["a.com"])
    }

    @Test func timesVersionsAndFileNamesAreNotLinks() {
        #expect(links("Yes! See you at 12:30. Bring v3.19.0, e.g. notes.txt or report.pdf") == [])
        #expect(links("no dots here") == [])
    }

    @Test func offsetsAreUTF8Bytes() {
        #expect(LinkDetector.links(in: "🎉 www.a.com").map(\.range) == [5..<14])
    }
}
