import FeedshotLayout
import Foundation

/// The decoded images of one render, by reference, and the catalog the layout sees.
/// Not `Sendable`: it owns Cairo surfaces and lives on the rendering thread.
final class ImageStore {
    private(set) var surfaces: [String: CairoSurface] = [:]
    private(set) var catalog = ImageCatalog()

    /// Decoded images by content (FNV-1a of the bytes and their length), per thread, up to 32
    /// megapixels: an avatar used in every render is decoded once per thread.
    static let decoded = ThreadLocal { BoundedCache<ContentKey, CairoSurface>(capacity: 32_000_000) }

    struct ContentKey: Hashable {
        var hash: UInt64
        var length: Int

        init(_ data: Data) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            data.withUnsafeBytes { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x100_0000_01b3
                }
            }
            self.hash = hash
            self.length = data.count
        }
    }

    /// Loads and decodes every reference; failures are recorded, never thrown.
    init(references: Set<String>, source: ImageSource, useCache: Bool = true) {
        for ref in references.sorted() {
            do {
                let bytes = try source.bytes(for: ref)
                let key = ContentKey(bytes)
                let cache = ImageStore.decoded.value
                let surface: CairoSurface
                if useCache, let hit = cache[key] {
                    surface = hit
                } else {
                    surface = try ImageDecoder.decode(bytes, maxPixels: source.maxPixels)
                    if let mimeType = ImageDecoder.embeddableType(of: bytes) { surface.attachSource(bytes, mimeType: mimeType) }
                    if useCache { cache.insert(surface, for: key, cost: surface.width * surface.height) }
                }
                surfaces[ref] = surface
                catalog.entries[ref] = .loaded(width: surface.width, height: surface.height)
            } catch {
                catalog.entries[ref] = .failed(error.description)
            }
        }
    }
}
