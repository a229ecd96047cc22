import Testing

@testable import FeedshotLayout

/// One "did you mean" rule for documents and the command line.
struct DidYouMeanTests {
    @Test(arguments: [
        ("knid", "kind"), ("redner", "render"), ("Thme", "theme"), ("--prot", "--port"), ("widht", "width"),
    ])
    func aSlipFindsItsName(typed: String, meant: String) {
        #expect(DidYouMean.nearest(to: typed, in: ["kind", "render", "theme", "--port", "width", "layout"]) == meant)
    }

    @Test func aFarWordFindsNothing() {
        #expect(DidYouMean.nearest(to: "colour", in: ["kind", "width", "scale"]) == nil)
        #expect(DidYouMean.nearest(to: "x", in: [String]()) == nil)
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(DidYouMean.editDistance("ab", "ba") == 1)
        #expect(DidYouMean.editDistance("kitten", "sitting") == 3)
        #expect(DidYouMean.editDistance("", "abc") == 3)
    }
}
