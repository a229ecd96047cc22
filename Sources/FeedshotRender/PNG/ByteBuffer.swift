import Foundation

/// A growable run of bytes that encoders write into through bounds-checked spans, and that
/// becomes a `Data` without a copy. `storage` is kept at its capacity (zeros past `count`), so a
/// writer may store whole words past the last byte it keeps — the deflater's bit writer stores 8
/// bytes to keep 1. Not `Sendable`: one thread writes it.
final class ByteBuffer {
    /// The bytes: the first `count` written, the rest room.
    private(set) var storage: Data
    /// Bytes written so far.
    var count = 0

    init(capacity: Int) {
        storage = Data(count: max(64, capacity))
    }

    /// Makes room for `extra` more bytes after `count`.
    func reserve(_ extra: Int) {
        guard count + extra > storage.count else { return }
        storage.count = max(count + extra, storage.count * 2)
    }

    /// Runs `body` with the whole storage as one writable span (room included); what it writes
    /// past `count` is kept only if it moves `count`.
    func withBytes<R, E: Error>(_ body: (inout MutableRawSpan) throws(E) -> R) throws(E) -> R {
        try ByteBuffer.withBytes(of: &storage, body)
    }

    /// `withBytes` on the storage, passed in so that its span lives through the whole call (a
    /// class's stored property is accessed a statement at a time).
    private static func withBytes<R, E: Error>(of storage: inout Data, _ body: (inout MutableRawSpan) throws(E) -> R) throws(E) -> R {
        var bytes = storage.mutableBytes
        return try body(&bytes)
    }

    func append(_ bytes: some Collection<UInt8>) {
        reserve(bytes.count)
        storage.replaceSubrange(count..<count + bytes.count, with: bytes)
        count += bytes.count
    }

    /// Appends the bytes another buffer holds.
    func append(contentsOf other: ByteBuffer) {
        reserve(other.count)
        storage.replaceSubrange(count..<count + other.count, with: other.storage[0..<other.count])
        count += other.count
    }

    func append(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    func append(littleEndian value: UInt32) {
        reserve(4)
        let offset = count
        withBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self) }
        count += 4
    }

    func appendBigEndian(_ value: UInt32) {
        append(ByteBuffer.bigEndian(value))
    }

    /// Writes `value` big-endian at `offset` (which must already be written).
    func putBigEndian(_ value: UInt32, at offset: Int) {
        precondition(offset + 4 <= count, "a big-endian word is written over bytes already there")
        storage.replaceSubrange(offset..<offset + 4, with: ByteBuffer.bigEndian(value))
    }

    /// The four bytes of `value`, most significant first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The bytes as `Data`, without copying; the buffer is empty afterwards.
    func takeData() -> Data {
        var data = Data()
        swap(&data, &storage)
        data.count = count
        storage = Data(count: 64)
        count = 0
        return data
    }
}
