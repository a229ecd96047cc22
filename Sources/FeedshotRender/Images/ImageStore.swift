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
    /// Damage decoders reported while still producing pixels (a truncated JPEG, a bad PNG CRC),
    /// one per reference, in the order loaded: warnings for the layout (`damageWarnings(in:)`).
    private(set) var damage: [(ref: String, damage: String)] = []
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
        /// Most bytes the document's images may take to read, all together (fetched, read from
        /// files, in `data:` URIs, or reused from the thread's cache).
        var maxDocumentBytes = Int.max
        /// The server-wide budget decoded images are reserved from while a render holds them.
        var budget: DecodeBudget?
        /// Checked before each image.
        var deadline: (@Sendable () throws(RenderError) -> Void)?
    }

    /// Bytes this store's document's images took to read (each file once, however it is spelt).
    private(set) var bytesRead = 0
    /// Files this store read.
    private(set) var filesRead = 0
    /// Of the remote images this store fetched, the most fetched and not yet decoded at once.
    private(set) var mostBodiesHeld = 0

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
    /// cannot be read, is too large, or would take the document over its pixel or byte budget is
    /// recorded as failed (the layout draws a placeholder and warns).
    ///
    /// Remote images are fetched side by side ahead of the one being decoded, a few at a time
    /// (`RemoteImageFetches`), and each body is let go once decoded. Every spelling of one file
    /// (`a.png`, `./a.png`, `sub/../a.png`) is read, hashed and decoded once: the later ones share
    /// the first one's result.
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
        // Each file read, by its resolved path: the first reference to it, and its content and
        // header once read (a thousand spellings of an 18.7 MB JPEG were each read and hashed:
        // 16–20 s).
        var files: [String: (ref: String, probed: (key: ContentKey, header: ImageDecoder.Header)?)] = [:]
        let documentBytes = DocumentImageBytes(limit: limits.maxDocumentBytes)
        let remote = RemoteImages(references, source: source, useCache: useCache, bytes: documentBytes, deadline: limits.deadline)
        defer {
            remote.close()
            mostBodiesHeld = remote.mostHeld
            bytesRead = documentBytes.taken
        }
        for ref in references.sorted() {
            try limits.deadline?()
            let bytes: Data
            let header: ImageDecoder.Header
            var file: String?
            do throws(ImageLoadError) {
                if DataURI.hasScheme(ref) {
                    bytes = try source.dataURI(ref)
                    guard documentBytes.take(bytes.count) else { throw documentBytes.refusal }
                } else if let url = try source.remoteURL(ref) {
                    bytes = try remote.take(ref, url)
                } else {
                    let found = try source.file(ref)
                    if let first = files[found.path] {
                        share(first, with: ref, decodedHere)
                        continue
                    }
                    file = found.path
                    files[found.path] = (ref, nil)
                    guard documentBytes.take(found.size) else { throw documentBytes.refusal }
                    filesRead += 1
                    bytes = try source.bytes(ofFile: found, ref: ref)
                }
                header = try ImageDecoder.probe(bytes, maxPixels: source.maxPixels)
            } catch {
                catalog.entries[ref] = .failed(error.description)
                continue
            }
            let key = ContentKey(bytes)
            if let file { files[file]?.probed = (key, header) }
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
                guard header.decodedBytes <= budget.capacity else {
                    catalog.entries[ref] = .failed(
                        "image is \(header.width) × \(header.height) pixels, more than the server's decode budget of \(budget.capacity) bytes holds"
                    )
                    continue
                }
                try reserve(header.decodedBytes, from: budget, deadline: limits.deadline)
            }
            let result = Result { () throws(ImageLoadError) -> Pixels in
                let decoded = try ImageDecoder.decode(bytes, maxPixels: source.maxPixels)
                if let embedded = decoded.embedded { decoded.surface.attachSource(embedded.bytes, mimeType: embedded.mimeType) }
                // Opaque pixels are RGB24 (`ImageDecoder.Decoded.opaqueWhereItIs()`).
                return (decoded.surface, decoded.damage, decoded.surface.isOpaqueFormat)
            }
            if useCache, case .success(let decoded) = result { cache.insert(decoded, for: key, cost: header.pixels) }
            decodedHere[key] = result
            record(result, for: ref, header)
        }
    }

    /// Gives `ref` what `first`, another spelling of the same file loaded before it, was given:
    /// its pixels (and its damage, reported for `ref` too), or its entry — a failure, or a size
    /// from the header alone.
    private func share(
        _ first: (ref: String, probed: (key: ContentKey, header: ImageDecoder.Header)?), with ref: String,
        _ decodedHere: [ContentKey: Result<Pixels, ImageLoadError>]
    ) {
        if let probed = first.probed, let decoded = decodedHere[probed.key] {
            record(decoded, for: ref, probed.header)
        } else {
            catalog.entries[ref] = catalog.entries[first.ref]
        }
    }

    /// Records `ref` as drawn from `decoded` (its pixels, opacity and damage), or as failed.
    private func record(_ decoded: Result<Pixels, ImageLoadError>, for ref: String, _ header: ImageDecoder.Header) {
        switch decoded {
        case .success(let image):
            surfaces[ref] = image.surface
            if !image.isOpaque { translucent.insert(ref) }
            catalog.entries[ref] = .loaded(width: header.width, height: header.height)
            if let damage = image.damage { self.damage.append((ref, damage)) }
        case .failure(let error):
            catalog.entries[ref] = .failed(error.description)
        }
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

    /// A warning for each damaged image, naming the rows that draw it and as what —
    /// `m2's avatar, m5's avatar: image "data:image/jpeg;base64,…": damaged JPEG: …` — as a failed
    /// image's warning names its field: two damaged `data:` URIs read alike once shortened.
    func damageWarnings(in layout: Layout) -> [String] {
        guard !damage.isEmpty else { return [] }
        var users: [String: [String]] = [:]
        for item in layout.items {
            for (ref, role) in item.imageReferences where users[ref]?.last != "\(item.id)'s \(role.rawValue)" {
                users[ref, default: []].append("\(item.id)'s \(role.rawValue)")
            }
        }
        return damage.map { ref, damage in
            let drawn = users[ref] ?? []
            let rows = drawn.prefix(3).joined(separator: ", ") + (drawn.count > 3 ? " and \(drawn.count - 3) more" : "")
            return (rows.isEmpty ? "" : rows + ": ") + "image \(ImageStore.shortened(ref)): \(damage)"
        }
    }

    /// A reference short enough for a warning: a `data:` URI is cut after its media type.
    static func shortened(_ ref: String) -> String {
        if DataURI.hasScheme(ref), let comma = ref.firstIndex(of: ",") { return "\"\(ref[..<comma]),…\"" }
        return ref.count > 120 ? "\"\(ref.prefix(120))…\"" : "\"\(ref)\""
    }
}

/// The remote images of one render: from this thread's cache while their response's lifetime
/// lasts, the rest fetched side by side as the render goes (`RemoteImageFetches`) and kept when
/// their response allows. Every body counts against the document's bytes, fetched or reused.
private final class RemoteImages {
    private let source: ImageSource
    private let useCache: Bool
    private let bytes: DocumentImageBytes
    /// Bodies the thread's cache had when the render began, by reference.
    private var kept: [String: Data] = [:]
    private var fetches: RemoteImageFetches?

    init(
        _ references: Set<String>, source: ImageSource, useCache: Bool, bytes: DocumentImageBytes,
        deadline: (@Sendable () throws(RenderError) -> Void)?
    ) {
        self.source = source
        self.useCache = useCache
        self.bytes = bytes
        // Most documents name no URL: they pay for no cache, clock or sort.
        let remote = references.compactMap { ref in (try? source.remoteURL(ref)).flatMap { $0 }.map { (ref: ref, url: $0) } }
        guard !remote.isEmpty else { return }
        var missing: [(ref: String, url: URL)] = []
        for (ref, url) in remote.sorted(by: { $0.ref < $1.ref }) {
            if let data = cached(url) { kept[ref] = data } else { missing.append((ref, url)) }
        }
        if !missing.isEmpty { fetches = RemoteImageFetches(missing, source: source, budget: bytes, deadline: deadline) }
    }

    /// The body behind `url`, which `ref` names: the cache's, or fetched (and then kept when its
    /// response allows).
    func take(_ ref: String, _ url: URL) throws(ImageLoadError) -> Data {
        if let data = kept.removeValue(forKey: ref) {
            guard bytes.take(data.count) else { throw bytes.refusal }
            return data
        }
        guard let fetches else { throw ImageLoadError("\(url.absoluteString) was not fetched") }
        let image = try fetches.take(ref).get()
        if useCache, image.lifetime > 0 {
            ImageStore.fetched.value.insert((image, until: .now + .seconds(image.lifetime)), for: key(url), cost: image.data.count)
        }
        return image.data
    }

    /// Starts no more fetches, and waits for those under way.
    func close() { fetches?.close() }

    /// The most bodies fetched and not yet taken at once.
    var mostHeld: Int { fetches?.mostHeld ?? 0 }

    /// The body the thread's cache keeps for `url` while its lifetime lasts (one past it is dropped).
    private func cached(_ url: URL) -> Data? {
        guard useCache else { return nil }
        let cache = ImageStore.fetched.value
        guard let (kept, until) = cache[key(url)] else { return nil }
        guard ContinuousClock.now < until, kept.data.count <= source.maxBytes else {
            cache.remove(key(url))
            return nil
        }
        return kept.data
    }

    private func key(_ url: URL) -> ImageStore.FetchKey { ImageStore.FetchKey(url: url.absoluteString, allowedHosts: source.allowedHosts) }
}
