import FeedshotLayout

/// The data files a render needs (`BundledResource`): the string tables and the kit's icons.
package enum BundledData {
    /// Reads them all once; the CLI and the server call this at start, so a binary installed
    /// without its `Feedshot_*.resources` folders refuses to run, saying where it looked.
    /// - Throws: `BundledResource.Missing`, `BundledResource.Malformed` or `StringsFile.Failure`.
    package static func check() throws {
        _ = try StringCatalog.bundled.get()
        _ = try KitIcon.bundled.get()
    }
}
