import FeedshotLayout
import Foundation

/// The decoded images of one render, by reference, and the catalog the layout sees.
/// Not `Sendable`: it owns Cairo surfaces and lives on the rendering thread.
final class ImageStore {
    private(set) var surfaces: [String: CairoSurface] = [:]
    /// The references whose pixels are not all opaque: only there does an element's `fill` show
    /// (an opaque picture covers it, and is drawn without it).
    private(set) var translucent: Set<String> = []
    private(set) var catalog = ImageCatalog()
    /// Damage decoders reported while still producing pixels (a truncated JPEG, a bad PNG CRC):
    /// warnings for the layout, one per reference.
    private(set) var warnings: [String] = []
    /// Memory held in the server-wide decode budget until this store is released.
    private var reservation: DecodeBudget.Reservation?

    /// Decoded images by content (the SHA-256 of the bytes), per thread, up to 32 megapixels: an
    /// avatar used in every render is decoded once per thread, and two different images can never
    /// share an entry. The damage a decoder reported is kept with the pixels, so a damaged image
    /// is reported by every render that draws it, not only the first on each thread; so is
    /// whether every pixel is opaque, found once.
    static let decoded = ThreadLocal { BoundedCache<ContentKey, Pixels>(capacity: 32_000_000) }

    /// An image's pixels, the damage its decoder reported, and whether every pixel is opaque.
    typealias Pixels = (surface: CairoSurface, damage: String?, isOpaque: Bool)

    /// Fetched remote images by URL (and the hosts allowed when they were fetched, which decided
    /// their redirects), per thread, up to 64 MiB, each until its response's lifetime ends
    /// (`RemoteImageFetch.Fetched.lifetime`): an avatar on a CDN that says `max-age` is fetched
    /// once per thread in that time, not once per render.
    static let fetched = ThreadLocal {
        BoundedCache<FetchKey, (RemoteImageFetch.Fetched, until: ContinuousClock.Instant)>(capacity: 64 << 20)
    }

    struct FetchKey: Hashable {
        var url: String
        var allowedHosts: Set<String>
    }

    struct ContentKey: Hashable {
        var digest: [UInt8]

        init(_ data: Data) {
            digest = Digest.sha256(data)
        }
    }

    /// What one render may spend on images.
    struct Limits {
        /// Decode the pixels (to draw), or read each image's size from its header only (a layout tree).
        var decodesPixels = true
        /// Most pixels the document's images may decode to, all together.
        var maxDocumentPixels = Int.max
        /// The server-wide budget decoded images are reserved from while a render holds them.
        var budget: DecodeBudget?
        /// Checked before each image.
        var deadline: (@Sendable () throws(RenderError) -> Void)?
    }

    /// An empty store.
    init() {}

    /// Loads and decodes every reference, with no deadline and no budget; failures are recorded,
    /// never thrown.
    convenience init(references: Set<String>, source: ImageSource, useCache: Bool = true) {
        self.init()
        do {
            try load(references, source: source, useCache: useCache, limits: Limits())
        } catch {
            // Only a deadline or a budget throws, and there is neither.
            preconditionFailure("image loading without a deadline or budget threw \(error)")
        }
    }

    deinit {
        reservation?.release()
    }

    /// Loads every reference (in sorted order): its header, then — when `limits.decodesPixels` —
    /// its pixels, from this thread's cache when the same bytes were decoded before. An image that
    /// cannot be read, is too large, or would take the document over its pixel budget is recorded
    /// as failed (the layout draws a placeholder and warns).
    ///
    /// - Throws: `RenderError.deadlineExceeded` past the deadline, `.busy` when the server-wide
    ///   decode budget has no room before the deadline.
    func load(_ references: Set<String>, source: ImageSource, useCache: Bool, limits: Limits) throws(RenderError) {
        var documentPixels = 0
        var counted = Set<ContentKey>()
        // What this render decoded, by content, whatever its size: several references to the same
        // bytes (`a.png`, `./a.png`, the same `data:` URI in two users) share one decode, where
        // the thread's cache keeps nothing over 32 megapixels (twenty spellings of one 6000 × 6000
        // PNG decoded it twenty times: 3 GB).
        var decodedHere: [ContentKey: Result<Pixels, ImageLoadError>] = [:]
        let fetched = fetchRemote(references, source: source, useCache: useCache, deadline: limits.deadline)
        for ref in references.sorted() {
            try limits.deadline?()
            let bytes: Data
            let header: ImageDecoder.Header
            do {
                if let result = fetched[ref] { bytes = try result.get() } else { bytes = try source.bytes(for: ref) }
                header = try ImageDecoder.probe(bytes, maxPixels: source.maxPixels)
            } catch {
                catalog.entries[ref] = .failed(error.description)
                continue
            }
            let key = ContentKey(bytes)
            if !counted.contains(key) {
                guard documentPixels + header.pixels <= limits.maxDocumentPixels else {
                    catalog.entries[ref] = .failed(
                        "the document's images would decode to more than \(limits.maxDocumentPixels) pixels (raise it with --max-document-image-pixels)"
                    )
                    continue
                }
                documentPixels += header.pixels
                counted.insert(key)
            }
            guard limits.decodesPixels else {
                catalog.entries[ref] = .loaded(width: header.width, height: header.height)
                continue
            }
            let cache = ImageStore.decoded.value
            let found = decodedHere[key] ?? (useCache ? cache[key].map { .success($0) } : nil)
            if let found {
                decodedHere[key] = found
                record(found, for: ref, header)
                continue
            }
            if let budget = limits.budget {
                guard header.pixels * 4 <= budget.capacity else {
                    catalog.entries[ref] = .failed(
                        "image is \(header.width) × \(header.height) pixels, more than the server's decode budget of \(budget.capacity) bytes holds"
                    )
                    continue
                }
                try reserve(header.pixels * 4, from: budget, deadline: limits.deadline)
            }
            let result = Result { () throws(ImageLoadError) -> Pixels in
                let decoded = try ImageDecoder.decode(bytes, maxPixels: source.maxPixels)
                if let mimeType = ImageDecoder.embeddableType(of: bytes) { decoded.surface.attachSource(bytes, mimeType: mimeType) }
                // A JPEG has no alpha: no pixel to look at.
                let isOpaque = ImageDecoder.format(of: Array(bytes.prefix(12))) == .jpeg || decoded.surface.scanIsOpaque()
                return (decoded.surface, decoded.damage, isOpaque)
            }
            if useCache, case .success(let decoded) = result { cache.insert(decoded, for: key, cost: header.pixels) }
            decodedHere[key] = result
            record(result, for: ref, header)
        }
    }

    /// Records `ref` as drawn from `decoded` (its pixels, opacity and damage), or as failed.
    private func record(_ decoded: Result<Pixels, ImageLoadError>, for ref: String, _ header: ImageDecoder.Header) {
        switch decoded {
        case .success(let image):
            surfaces[ref] = image.surface
            if !image.isOpaque { translucent.insert(ref) }
            catalog.entries[ref] = .loaded(width: header.width, height: header.height)
            if let damage = image.damage { warnings.append("image \(ImageStore.shortened(ref)): \(damage)") }
        case .failure(let error):
            catalog.entries[ref] = .failed(error.description)
        }
    }

    /// The bytes of the remote references among `references`: from this thread's cache while
    /// their response's lifetime lasts, the rest fetched side by side (`RemoteImageFetch.all`)
    /// and kept when their response allows.
    private func fetchRemote(
        _ references: Set<String>, source: ImageSource, useCache: Bool, deadline: (@Sendable () throws(RenderError) -> Void)?
    ) -> [String: Result<Data, ImageLoadError>] {
        // Most documents name no URL: they pay for no cache, clock or sort.
        let remote = references.compactMap { ref in (try? source.remoteURL(ref)).flatMap { $0 }.map { (ref: ref, url: $0) } }
        guard !remote.isEmpty else { return [:] }
        let cache = ImageStore.fetched.value
        let now = ContinuousClock.now
        var results: [String: Result<Data, ImageLoadError>] = [:]
        var missing: [(ref: String, url: URL)] = []
        let fetchKey = { (url: URL) in FetchKey(url: url.absoluteString, allowedHosts: source.allowedHosts) }
        for (ref, url) in remote.sorted(by: { $0.ref < $1.ref }) {
            let key = fetchKey(url)
            if useCache, let (kept, until) = cache[key] {
                if now < until, kept.data.count <= source.maxBytes {
                    results[ref] = .success(kept.data)
                    continue
                }
                cache.remove(key)
            }
            missing.append((ref, url))
        }
        let fresh = RemoteImageFetch.all(missing, source: source, deadline: deadline)
        for (ref, url) in missing {
            guard let result = fresh[ref] else { continue }
            results[ref] = result.map(\.data)
            if useCache, case .success(let image) = result, image.lifetime > 0 {
                cache.insert(
                    (image, until: .now + .seconds(image.lifetime)), for: fetchKey(url), cost: image.data.count)
            }
        }
        return results
    }

    /// Adds `bytes` to this store's reservation, waiting for room until the deadline passes.
    private func reserve(_ bytes: Int, from budget: DecodeBudget, deadline: (() throws(RenderError) -> Void)?) throws(RenderError) {
        let granted = budget.reserve(bytes) { () -> Bool in
            guard let deadline else { return true }
            do {
                try deadline()
                return true
            } catch {
                return false
            }
        }
        guard let granted else {
            throw RenderError.busy(
                "the server's images in flight already use its decode budget of \(budget.capacity) bytes; try again shortly")
        }
        if let reservation {
            reservation.merge(granted)
        } else {
            reservation = granted
        }
    }

    /// A reference short enough for a warning: a `data:` URI is cut after its media type.
    static func shortened(_ ref: String) -> String {
        if DataURI.hasScheme(ref), let comma = ref.firstIndex(of: ",") { return "\"\(ref[..<comma]),…\"" }
        return ref.count > 120 ? "\"\(ref.prefix(120))…\"" : "\"\(ref)\""
    }
}
