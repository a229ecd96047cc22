import Foundation

/// A growable run of bytes in memory from `malloc`, written through a raw pointer. Owns its
/// memory until `takeData()` hands it to a `Data` (which frees it), or until `deinit`.
/// Not `Sendable`: one thread writes it.
final class ByteBuffer {
    /// Owned: from malloc/realloc, freed in `deinit` unless taken.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Bytes written so far.
    var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    /// Makes room for `extra` more bytes after `count`.
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        capacity = max(count + extra, capacity * 2)
        guard let grown = realloc(base, capacity) else { fatalError("out of memory growing a \(capacity)-byte buffer") }
        base = grown.assumingMemoryBound(to: UInt8.self)
    }

    /// Where the next byte goes. Call `reserve` first.
    var end: UnsafeMutablePointer<UInt8> { base + count }

    func append(_ bytes: some Collection<UInt8>) {
        reserve(bytes.count)
        for byte in bytes {
            base[count] = byte
            count += 1
        }
    }

    func appendBigEndian(_ value: UInt32) {
        append(ByteBuffer.bigEndian(value))
    }

    /// Writes `value` big-endian at `offset` (which must already be written).
    func putBigEndian(_ value: UInt32, at offset: Int) {
        for (index, byte) in ByteBuffer.bigEndian(value).enumerated() { base[offset + index] = byte }
    }

    /// The four bytes of `value`, most significant first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The bytes as `Data`, without copying; the buffer is empty afterwards.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        capacity = 64
        base = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
        count = 0
        return data
    }
}
