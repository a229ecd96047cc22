private import CCrypto
import Foundation

/// SHA-256 and HMAC-SHA256 through OpenSSL's libcrypto (Debian's `libssl-dev`), and comparison in
/// constant time. Used for the decoded-image cache's keys, ETags and signed render URLs.
///
/// libcrypto rather than a SHA-256 written here: it is the audited implementation every Debian
/// system already carries (libcurl, which Foundation's networking loads, links it), and it uses
/// the CPU's SHA extensions where present, so hashing a 32 MiB image costs milliseconds.
package enum Digest {
    /// The SHA-256 digest of `bytes` (32 bytes).
    package static func sha256(_ bytes: some DataProtocol) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let contiguous = Data(bytes)
        contiguous.withUnsafeBytes { buffer in
            digest.withUnsafeMutableBufferPointer { out in
                _ = SHA256(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, out.baseAddress)
            }
        }
        return digest
    }

    /// The HMAC-SHA256 of `message` under `key` (32 bytes).
    package static func hmacSHA256(key: some DataProtocol, message: some DataProtocol) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let key = Data(key), message = Data(message)
        key.withUnsafeBytes { keyBuffer in
            message.withUnsafeBytes { messageBuffer in
                digest.withUnsafeMutableBufferPointer { out in
                    // A zero-length key still needs a valid pointer.
                    let keyPointer = keyBuffer.baseAddress ?? UnsafeRawPointer(out.baseAddress!)
                    _ = HMAC(
                        EVP_sha256(), keyPointer, Int32(keyBuffer.count),
                        messageBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBuffer.count, out.baseAddress, &length)
                }
            }
        }
        precondition(length == 32, "HMAC-SHA256 gave \(length) bytes")
        return Array(digest.prefix(32))
    }

    /// Whether `a` and `b` hold the same bytes, in time that depends only on their lengths.
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 } }
    }

    /// Lower-case hexadecimal.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
