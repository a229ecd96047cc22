import Foundation

/// A range of IP addresses in CIDR notation (`10.0.0.0/8`, `fd00::/8`, or one address): the
/// proxies, load balancers and ingresses whose forwarding headers `feedshot serve` believes.
public struct IPRange: Sendable, Equatable, CustomStringConvertible {
    /// The network's address bytes (4 for IPv4, 16 for IPv6).
    let bytes: [UInt8]
    /// How many leading bits must match.
    let prefix: Int

    /// The range `text` names, or nil when it is not an address or CIDR range.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let bytes = IPRange.bytes(of: first) else { return nil }
        let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let prefix, (0...bytes.count * 8).contains(prefix) else { return nil }
        self.bytes = bytes
        self.prefix = prefix
    }

    /// The range as given: `address/prefix`.
    public var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var text = [CChar](repeating: 0, count: 64)
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/\(prefix)"
    }

    /// Whether `address` (IPv4, IPv6, or IPv4 mapped into IPv6) is in the range.
    public func contains(_ address: String) -> Bool {
        guard let candidate = IPRange.bytes(of: address), candidate.count == bytes.count else { return false }
        var bits = prefix
        for index in 0..<bytes.count where bits > 0 {
            let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
            if candidate[index] & mask != bytes[index] & mask { return false }
            bits -= 8
        }
        return true
    }

    /// The bytes of an IPv4 or IPv6 address (an IPv4-mapped IPv6 address gives its 4 IPv4 bytes).
    static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}

/// The forwarding header the trusted proxies write (`--forwarded-header`). Only that one is read:
/// a proxy appends to the header it writes and passes the other through as the client sent it,
/// so reading both let a client behind an `X-Forwarded-For` proxy (nginx, most load balancers)
/// name itself in a `Forwarded` header of its own, past the per-client limit and in the log.
public enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For: client, proxy1, …`.
    case xForwardedFor = "x-forwarded-for"
    /// RFC 7239 `Forwarded: for=client, for=proxy1, …`.
    case forwarded
}

/// Who sent a request: the connection's peer, or — when the peer is a trusted proxy — the client
/// the proxies' forwarding header names (`ForwardedHeader`), read from the right past every
/// trusted hop, so a client cannot choose its own address by sending the header itself.
enum ClientAddress {
    /// The client of a request from `peer` with `headers` (names in lower case).
    static func resolve(
        peer: String, headers: [(name: String, value: String)], trusted: [IPRange], header: ForwardedHeader
    ) -> String {
        guard !trusted.isEmpty, isTrusted(peer, trusted) else { return peer }
        let values = headers.filter { $0.name == header.rawValue }.map(\.value)
        let chain = header == .forwarded ? values.flatMap(forwardedFor) : values.flatMap(xForwardedFor)
        for hop in chain.reversed() where !isTrusted(hop, trusted) {
            return IPRange.bytes(of: hop) == nil ? peer : hop
        }
        return chain.first.flatMap { IPRange.bytes(of: $0) == nil ? nil : $0 } ?? peer
    }

    static func isTrusted(_ address: String, _ trusted: [IPRange]) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The addresses of an `X-Forwarded-For` value, in order.
    static func xForwardedFor(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The `for=` addresses of a `Forwarded` value, in order (quotes, brackets and ports removed).
    static func forwardedFor(_ value: String) -> [String] {
        var result: [String] = []
        for element in value.split(separator: ",") {
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].lowercased() == "for" else { continue }
                var node = parts[1]
                if node.hasPrefix("\"") && node.hasSuffix("\"") && node.count >= 2 { node = String(node.dropFirst().dropLast()) }
                if node.hasPrefix("["), let end = node.firstIndex(of: "]") {
                    node = String(node[node.index(after: node.startIndex)..<end])
                } else if node.filter({ $0 == ":" }).count == 1, let colon = node.firstIndex(of: ":") {
                    node = String(node[..<colon])
                }
                result.append(node)
            }
        }
        return result
    }
}
