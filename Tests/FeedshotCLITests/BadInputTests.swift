import Foundation
import Testing

/// The bad-input table (docs/bad-input.md), row by row, through the CLI.
struct BadInputTests {
    let cli = CLITests()

    static func chat(_ messages: String, extra: String = "") -> String {
        #"{"kind": "chat", "me": "u1", "now": "2026-11-29T12:00:00Z"\#(extra), "messages": [\#(messages)]}"#
    }

    static func text(_ body: String) -> String {
        #"{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "text": \#(body)}"#
    }

    /// (row name, document bytes, exit status, the start of standard error)
    static let rows: [(String, Data, Int32, String)] = [
        ("malformed JSON", Data(#"{"kind": "chat", "#.utf8), 2, "feedshot: malformed JSON: Unexpected end of file"),
        ("invalid UTF-8", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]), 2, "feedshot: malformed JSON: Invalid UTF-8"),
        (
            "a missing comma, with its line and column", Data("{\"kind\": \"chat\",\n \"users\": {\"é\": {}} \"messages\": []}".utf8), 2,
            "feedshot: malformed JSON: Invalid value around character 38 (line 2, column 21)."
        ),
        (
            // Foundation names no place for a string's content: the string is named.
            "half a surrogate pair, with the string it is in",
            Data("{\"kind\": \"chat\",\n \"users\": {\"u1\": {\"displayName\": \"Me\\ud800\"}}}".utf8), 2,
            "feedshot: malformed JSON: Unexpected end of file during string parse (expected low-surrogate code point but did not find one), in the string around character 50 (line 2, column 34)."
        ),
        (
            "a low surrogate alone, in a key", Data(#"{"kind": "chat", "x\udc00": 1}"#.utf8), 2,
            "feedshot: malformed JSON: Unable to convert hex escape sequence (no high character) to UTF8-encoded character, in the string around character 17 (line 1, column 18)."
        ),
        ("empty document", Data(), 2, "feedshot: the document is empty"),
        ("empty object", Data("{}".utf8), 2, "feedshot: kind: is required"),
        (
            // Written as the JSON escape: the terminal reading the message gets no escape sequence, and one line.
            "control characters in a field's name", Data(#"{"kind": "chat", "\u001b[2J\nx": 1, "messages": []}"#.utf8), 2,
            #"feedshot: \u001B[2J\u000Ax: unknown field"#
        ),
        ("wrong type", Data(#"{"kind": "chat", "width": "wide", "messages": []}"#.utf8), 2, "feedshot: width: must be a number"),
        ("unknown kind", Data(#"{"kind": "poster"}"#.utf8), 2, #"feedshot: kind: unknown kind "poster""#),
        (
            "unknown message type", Data(chat(#"{"id": "m", "from": "u2", "type": "poll", "sentAt": "2026-11-29T11:00:00Z"}"#).utf8), 2,
            #"feedshot: messages[0].type: unknown message type "poll""#
        ),
        (
            "zero width", Data(#"{"kind": "chat", "width": 0, "messages": []}"#.utf8), 2,
            "feedshot: width: must be a positive number (got 0)"
        ),
        ("negative scale", Data(#"{"kind": "chat", "scale": -1, "messages": []}"#.utf8), 2, "feedshot: scale: must be 1, 2 or 3 (got -1)"),
        (
            "huge width", Data(#"{"kind": "chat", "width": 1e300, "messages": []}"#.utf8), 2,
            "feedshot: width: must be at most 4096 (got 1e+300; raise the limit with --max-width)"
        ),
        (
            "infinity", Data(#"{"kind": "chat", "width": 1e999, "messages": []}"#.utf8), 2,
            "feedshot: malformed JSON: Number 1e999 is not representable"
        ),
        ("NaN", Data(#"{"kind": "chat", "width": NaN, "messages": []}"#.utf8), 2, "feedshot: malformed JSON: Invalid value"),
        (
            "1 MB string", Data(chat(text("\"" + String(repeating: "a", count: 1_000_000) + "\"")).utf8), 2,
            "feedshot: messages[0].text: is 1000000 Unicode scalars, more than the limit of 100000 (raise it with --max-text-length)"
        ),
        (
            "100,000 messages", Data(chat(Array(repeating: text("\"x\""), count: 100_000).joined(separator: ",")).utf8), 2,
            "feedshot: messages: has 100000 messages, more than the limit of 10000 (raise it with --max-items)"
        ),
        (
            "1,000-deep nesting",
            Data(
                (#"{"kind": "chat", "x": "# + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
                    + #", "messages": []}"#).utf8), 2,
            "feedshot: malformed JSON: Too many nested arrays or dictionaries"
        ),
        (
            "image too large to draw",
            Data(
                chat(text("\"hi\""), extra: #", "width": 4000, "scale": 3, "cells": {"text": {"layout": "static", "height": 2000}}"#).utf8),
            2,
            "feedshot: the image would be 12000 × 6105 pixels, more than the limit of 50000000 (raise it with --max-pixels)"
        ),
        ("no messages", Data(chat("").utf8), 2, "feedshot: the layout is empty"),
        (
            "a misspelt field", Data(chat(text("\"hi\""), extra: #", "thme": "dark""#).utf8), 2,
            #"feedshot: thme: unknown field; did you mean "theme"?"#
        ),
        (
            "an unknown nested field",
            Data(chat(#"{"id": "m", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:00:00Z", "txt": "hi"}"#).utf8),
            2, #"feedshot: messages[0].txt: unknown field; did you mean "text"?"#
        ),
        (
            "a field of another kind", Data(#"{"kind": "feed", "messages": []}"#.utf8), 2,
            "feedshot: messages: unknown field (known: kind, width, scale, theme, textSize, now, locale, timeZone, strings, layoutDirection, typography, viewer, sharing, screenHeight, communityFeed, posts)"
        ),
    ]

    /// A file that cannot be read says why: missing, a folder, with the flag that named it.
    @Test func anUnreadableFileSaysWhy() throws {
        let folder = try cli.temporaryDirectory()
        let missing = folder.appendingPathComponent("nope.json").path
        #expect(try cli.run(["render", missing]).stderr.hasPrefix("feedshot: \(missing): no such file"))
        let typography = try cli.run([
            "render", "examples/chat.json", "-o", folder.appendingPathComponent("x.png").path, "--typography", missing,
        ])
        #expect(typography.status == 2 && typography.stderr.hasPrefix("feedshot: --typography: \(missing): no such file"))
        let strings = try cli.run([
            "render", "examples/chat.json", "-o", folder.appendingPathComponent("y.png").path, "--strings", folder.path,
        ])
        #expect(strings.stderr.hasPrefix("feedshot: --strings: \(folder.path): is a folder, not a file"))
        // Outside the repository, bench says where its inputs come from.
        let bench = try cli.run(["bench", "--seconds", "0.05"], in: folder)
        #expect(bench.status == 2 && bench.stderr.contains("point --inputs at a folder holding bubble.json"), "\(bench.stderr)")
    }

    /// `--lenient` turns unknown fields into warnings: the document renders, the field is named.
    @Test func lenientWarnsAboutUnknownFieldsAndRenders() throws {
        let json = Data(Self.chat(Self.text("\"hi\""), extra: #", "thme": "dark""#).utf8)
        let result = try cli.run(["render", "-", "-o", "-", "--lenient"], stdin: json)
        #expect(result.status == 0)
        #expect(result.stderr.contains(#"warning: thme: unknown field; did you mean "theme"?"#), "\(result.stderr)")
        #expect(result.stdout.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// A character no bundled font has is drawn as a box and warned, naming the element and the code point.
    @Test func aCharacterNoFontDrawsIsWarned() throws {
        let json = Data(Self.chat(Self.text(#""Apple \uF8FF logo""#)).utf8)
        let result = try cli.run(["render", "-", "-o", "-"], stdin: json)
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("warning: m: its text has characters no bundled font draws (U+F8FF); drawn as boxes"), "\(result.stderr)"
        )
        #expect(result.stdout.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// `--strict-fonts` refuses to draw SF Pro's text with its stand-in: exit 1, one line, no image.
    @Test(arguments: ["render", "layout"])
    func strictFontsRefusesTheStandIn(command: String) throws {
        let json = Data(Self.chat(Self.text(#""hi""#)).utf8)
        let result = try cli.run([command, "-", "-o", "-", "--strict-fonts"], stdin: json)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "feedshot: fonts: --strict-fonts: SF Pro is not installed, and its stand-in Feedshot Inter (FeedshotInter-"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: rows.indices)
    func refusedWithExit2AndOneLineNamingThePath(row: Int) throws {
        let (name, json, status, message) = Self.rows[row]
        let result = try cli.run(["render", "-", "-o", "-"], stdin: json)
        #expect(result.status == status, "\(name)")
        #expect(result.stderr.hasPrefix(message), "\(name): \(result.stderr.prefix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(name)")
        #expect(result.stdout.isEmpty, "\(name)")
    }

    /// Images that cannot be used: the render succeeds with a placeholder and a warning.
    @Test(arguments: [
        (#""assets/corrupt.png""#, "corrupt PNG"),
        (#""assets/not-an-image.png""#, "not a PNG, JPEG, WebP or GIF image"),
        (#""data:text/plain;base64,aGVsbG8=""#, "not a PNG, JPEG, WebP or GIF image"),
        (#""../Package.swift""#, "leaves the asset root"),
        (#""bomb.png""#, "image is 100000 × 100000 pixels, more than the limit of 40000000 pixels"),
        (#""truncated.jpg""#, "corrupt JPEG"),
    ])
    func unusableImagesWarnAndTheRenderSucceeds(ref: String, warning: String) throws {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.copyItem(
            at: CLITests.root.appendingPathComponent("examples/assets"), to: dir.appendingPathComponent("assets"))
        var bomb = Data([
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6,
            0, 0, 0,
        ])
        bomb.append(contentsOf: [0x00, 0x00, 0x00, 0x00])  // CRC not checked before the size is refused
        try bomb.write(to: dir.appendingPathComponent("bomb.png"))
        try Data(try Data(contentsOf: CLITests.root.appendingPathComponent("examples/assets/beach.jpg")).prefix(300)).write(
            to: dir.appendingPathComponent("truncated.jpg"))
        let document = dir.appendingPathComponent("doc.json")
        try Data(Self.chat(Self.text("\"hi\""), extra: #", "users": {"u2": {"avatar": \#(ref)}}"#).utf8).write(to: document)
        let result = try cli.run(["render", document.path, "-o", dir.appendingPathComponent("out.png").path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: users.u2.avatar: ") && result.stderr.contains(warning), "\(result.stderr)")
    }

    @Test func cliLimitsNameTheirFlag() throws {
        let json = Data(Self.chat(Self.text("\"hello\"")).utf8)
        let items = try cli.run(["render", "-", "-o", "-", "--max-items", "0"], stdin: json)
        #expect(items.status == 2 && items.stderr.contains("--max-items takes a whole number from 1"))
        let text = try cli.run(["render", "-", "-o", "-", "--max-text-length", "3"], stdin: json)
        #expect(text.stderr.contains("more than the limit of 3 (raise it with --max-text-length)"))
        let pixels = try cli.run(["render", "-", "-o", "-", "--max-pixels", "1000"], stdin: json)
        #expect(pixels.stderr.contains("more than the limit of 1000 (raise it with --max-pixels)"))
        let width = try cli.run(["render", "-", "-o", "-", "--max-width", "300"], stdin: json)
        #expect(width.stderr.contains("width: must be at most 300 (got the default, 375; raise the limit with --max-width)"))
        let input = try cli.run(["render", "-", "-o", "-", "--max-input-bytes", "50"], stdin: json)
        #expect(input.status == 2 && input.stderr.contains("more than the limit of 50 bytes (raise it with --max-input-bytes)"))
    }

    @Test func anOutputPathThatCannotBeWrittenSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedshot-out-\(UUID().uuidString)")
        let taken = folder.appendingPathComponent("existing-dir.png")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = Data(Self.chat(Self.text("\"hello\"")).utf8)
        let directory = try cli.run(["render", "-", "-o", taken.path], stdin: json)
        #expect(directory.status == 1 && directory.stderr.contains("could not write (it is a directory)"), "\(directory.stderr)")
        let missing = try cli.run(["render", "-", "-o", folder.path + "/no/such/out.png"], stdin: json)
        #expect(missing.status == 1 && missing.stderr.contains("could not write (no folder \(folder.path)/no/such)"), "\(missing.stderr)")
        #expect(!directory.stderr.contains("NSCocoaErrorDomain") && !missing.stderr.contains("NSCocoaErrorDomain"))
        // A gallery's --out is a folder: a file there (or /dev/null) is named as not one.
        let document = folder.appendingPathComponent("doc.json")
        try json.write(to: document)
        let gallery = try cli.run(["preview", document.path, "--out", document.path])
        let notAFolder = "could not write the gallery: \(document.path) is not a folder"
        #expect(gallery.status == 1 && gallery.stderr.contains(notAFolder), "\(gallery.stderr)")
    }
}
