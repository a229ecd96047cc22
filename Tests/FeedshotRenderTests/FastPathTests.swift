import FeedshotRender
import Foundation
import Testing

@testable import FeedshotLayout

/// Every fast path gives the same pixels as the plain path.
struct FastPathTests {
    static let assets = packageRoot.appendingPathComponent("examples")

    @Test(arguments: ["message-types", "emoji", "arabic", "text-read-more", "custom-cells"])
    func cachedAndUncachedRendersAreIdentical(name: String) throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent("goldens/\(name).json"))
        var plain = RenderOptions()
        plain.images.assetRoot = Self.assets
        plain.usesCaches = false
        var fast = plain
        fast.usesCaches = true
        let reference = try Feedshot.render(json: json, options: plain)
        // Twice with caches: the second render is served from them.
        #expect(try Feedshot.render(json: json, options: fast) == reference)
        #expect(try Feedshot.render(json: json, options: fast) == reference)
    }

    @Test func cachedMeasurementsEqualFreshOnes() {
        let texts = ["Hello", "Are we still on for lunch tomorrow? I booked the table by the window.", "مرحبا بالعالم", "🎉🥳"]
        for text in texts {
            for width in [80.0, 211, 263] {
                let styled = StyledText(text, font: AmityFont.body.spec)
                let fresh = PangoTextMeasurer(cached: false).measure(styled, width: width)
                _ = PangoTextMeasurer().measure(styled, width: width)
                #expect(PangoTextMeasurer().measure(styled, width: width) == fresh)
            }
        }
    }

    @Test func translucentImagesRoundTripThroughTheRGBAPath() throws {
        var pixels: [UInt8] = []
        for i in 0..<(40 * 30) { pixels += [UInt8(i % 256), UInt8((i * 7) % 256), 200, UInt8((i * 3) % 256)] }
        let image = RGBAImage(width: 40, height: 30, pixels: pixels)
        for level in [0, 1, 6, 12] {
            #expect(try RGBAImage(png: image.pngData(compressionLevel: level)) == image)
        }
    }

    /// Text, shapes and photographs: the default level stays within 1.5 × Cairo's writer.
    @Test(arguments: [
        "bench/bubble.json", "bench/chat-50.json", "bench/feed-20.json", "goldens/message-types.json", "goldens/post-gallery-3-4.json",
    ])
    func theEncoderIsAsSmallAsCairosWriterWithinHalfAgain(path: String) throws {
        let json = try Data(contentsOf: packageRoot.appendingPathComponent(path))
        var options = RenderOptions()
        options.images.assetRoot = Self.assets
        let stages = try RenderStages.measure(json: json, options: options)
        #expect(
            Double(stages.bytes) <= 1.5 * Double(stages.cairoPNGBytes), "\(stages.bytes) B against Cairo's \(stages.cairoPNGBytes) B")
    }
}

struct EncoderParityTests {
    /// Odd and even pixel heights, opaque and translucent backgrounds: the encoder's row buffers
    /// alternate, so both parities must decode to the surface's pixels.
    @Test func everyHeightParityDecodesToTheSamePixelsWithCairosReader() throws {
        var heights: Set<Int> = []
        for scale in [1, 2, 3] {
            for height in [33, 34] {
                for background in ["#FFFFFF", "#FFFFFF80"] {
                    // A static cell fixes the height: 33 pt is 33 or 99 pixels, odd.
                    let json = Data(
                        ##"{"kind": "message", "width": 151, "scale": \##(scale), "theme": {"background": "\##(background)"}, "me": "u1", "cells": {"text": {"layout": "static", "height": \##(height)}}, "message": {"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": "a b c 🎉"}}"##
                            .utf8)
                    let png = try Feedshot.render(json: json)
                    let ours = try RGBAImage(png: png)
                    heights.insert(ours.height % 2)
                    if background == "#FFFFFF" {
                        let cairo = try #require(ImageTests.decodeWithCairo(png))
                        #expect(cairo.width == ours.width && cairo.height == ours.height)
                    }
                }
            }
        }
        #expect(heights == [0, 1], "both odd and even pixel heights were encoded")
    }
}
