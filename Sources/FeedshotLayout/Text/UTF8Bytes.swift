/// A text's UTF-8 bytes read in place, for the checks every text passes before it is shaped
/// (`BidiControls`, `Noncharacters`): a few byte patterns, looked for without decoding a scalar.
enum UTF8Bytes {
    /// Whether `matches` holds at some byte of `text`: it is handed the bytes and an index, and may
    /// read the bytes after it (checking they are there).
    static func contains(in text: String, where matches: (borrowing Span<UInt8>, Int) -> Bool) -> Bool {
        var text = text
        text.makeContiguousUTF8()
        let bytes = text.utf8.span
        for index in 0..<bytes.count where matches(bytes, index) { return true }
        return false
    }
}
