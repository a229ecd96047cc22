import FeedshotLayout
import Foundation

/// The decoded images of one render, by reference, and the catalog the layout sees.
/// Not `Sendable`: it owns Cairo surfaces and lives on the rendering thread.
final class ImageStore {
    private(set) var surfaces: [String: CairoSurface] = [:]
    private(set) var catalog = ImageCatalog()

    /// Loads and decodes every reference; failures are recorded, never thrown.
    init(references: Set<String>, source: ImageSource) {
        for ref in references.sorted() {
            do {
                let surface = try ImageDecoder.decode(try source.bytes(for: ref), maxPixels: source.maxPixels)
                surfaces[ref] = surface
                catalog.entries[ref] = .loaded(width: surface.width, height: surface.height)
            } catch {
                catalog.entries[ref] = .failed(error.description)
            }
        }
    }
}
