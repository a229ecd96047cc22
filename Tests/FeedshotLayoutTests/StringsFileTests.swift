import Testing

@testable import FeedshotLayout

/// The `.strings` parser the bundled tables and an app's overrides go through.
struct StringsFileTests {
    @Test func entriesCommentsAndEscapes() throws {
        let text = """
            \u{FEFF}/* A block comment
               over lines, with "quotes" = "and"; in it */
            "general_like" = "Like"; // a line comment
            "quote" = "She said \\"hi\\"\\n\\tthen \\\\ left";
            "unicode" = "\\U00e9\\u2022 \\UD83D\\UDE00 \\101";
            unquoted_key.one = "%@ thing";
            "alone";
              "spaced"   =
                "over lines"  ;
            "general_like" = "Liked";
            """
        #expect(
            try StringsFile.parse(text) == [
                "general_like": "Liked", "quote": "She said \"hi\"\n\tthen \\ left", "unicode": "é• 😀 A",
                "unquoted_key.one": "%@ thing", "alone": "alone", "spaced": "over lines",
            ])
    }

    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, "expected ; after the value of \"a\""),
        ("\"a\" \"b\";", 1, "expected = after \"a\""),
        ("\n\n\"a\" = \"b;", 3, "a string is not closed"),
        ("/* open", 1, "a /* comment is not closed"),
        ("\"a\" = \"\\U12\";", 1, "\\U needs four hex digits"),
        ("= \"b\";", 1, "expected a quoted string, found ="),
    ])
    func malformedFilesAreRefusedWithTheirLine(text: String, line: Int, message: String) {
        #expect(throws: StringsFile.Failure(line: line, message: message)) { try StringsFile.parse(text) }
    }

    @Test func everyBundledTableIsAStringsFileOfKnownKeys() throws {
        let tables = try StringCatalog.bundled.get()
        #expect(Set(tables.keys) == Set(["en"] + StringCatalog.bundledLanguages))
        let known = Set(StringCatalog.overridableKeys)
        for (language, table) in tables {
            let unknown = Set(table.keys).subtracting(known)
            #expect(unknown.isEmpty, "\(language): \(unknown.sorted())")
        }
        #expect(tables["en"]?["general_like"] == "Like" && tables["ar"]?["feedshot_today"] == "اليوم")
    }

    @Test func aMissingResourceNamesEveryPlaceLookedIn() {
        #expect {
            _ = try BundledResource.url("Resources/nothing.strings", target: "FeedshotLayout")
        } throws: { error in
            let text = "\(error)"
            return error is BundledResource.Missing && text.contains("Feedshot_FeedshotLayout.resources/Resources/nothing.strings")
                && text.contains("share/feedshot") && text.contains("Sources/FeedshotLayout/Resources/nothing.strings")
        }
    }
}
