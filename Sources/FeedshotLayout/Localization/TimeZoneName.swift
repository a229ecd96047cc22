import Foundation

/// A document's `timeZone`, checked so that Foundation's date formatter can use it.
///
/// `TimeZone(identifier:)` reads ICU's data, but on Linux `DateFormatter` hands its zone to
/// CoreFoundation, which makes it again from the tz database's files (`/usr/share/zoneinfo`) and
/// traps — ending the process — where it cannot: ICU's old aliases ("ACT", "US/Pacific-New",
/// "SystemV/AST4"), abbreviations without a file ("PDT"), offsets past 14:59 ("GMT+15"), and every
/// name on a machine without the tz database. A hostile trial found them (December 2026). So a
/// zone is taken only where CoreFoundation can make it too: a file of the tz database (600 names
/// here, every one formatted without a trap in a test of them all) or an offset to 14:59 either
/// side. An abbreviation is refused even where CoreFoundation maps it (its "BST" is London, ICU's
/// Bangladesh): the formatter and the calendar that finds a message's day would differ.
package enum TimeZoneName {
    /// The tz database's folder, where CoreFoundation looks a zone's name up.
    static let zoneInfo = "/usr/share/zoneinfo/"

    /// The zone `name` names, or why it cannot be used (a sentence to follow the field's name).
    package static func zone(_ name: String, zoneInfo: String = zoneInfo) -> Result<TimeZone, TimeZoneProblem> {
        // Printable ASCII, as every tz database name is: Foundation reads the identifier as a C
        // string, so "UTC\u{0}anything" was taken for UTC.
        let printable = name.utf8.count <= 100 && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        guard printable, let zone = TimeZone(identifier: name) else {
            if printable, let full = TimeZone.abbreviationDictionary[name] { return .failure(.abbreviation(name, of: full)) }
            return .failure(TimeZoneProblem("unknown time zone \(String(reflecting: name)) (a tz database name like \"Europe/Berlin\")"))
        }
        if isOffset(zone.identifier) {
            guard abs(zone.secondsFromGMT()) < 15 * 3600 else {
                return .failure(TimeZoneProblem("\(String(reflecting: name)) is more than 14:59 from GMT"))
            }
            return .success(zone)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: zoneInfo + zone.identifier, isDirectory: &isDirectory), !isDirectory.boolValue {
            return .success(zone)
        }
        if let full = TimeZone.abbreviationDictionary[name] { return .failure(.abbreviation(name, of: full)) }
        guard FileManager.default.fileExists(atPath: zoneInfo) else {
            return .failure(
                TimeZoneProblem(
                    "\(String(reflecting: name)) cannot be used: this machine has no tz database (\(zoneInfo); Debian's tzdata package)"))
        }
        return .failure(
            TimeZoneProblem(
                "\(String(reflecting: name)) is an old alias the tz database no longer has (a tz database name like \"Europe/Berlin\")"))
    }

    /// Whether `identifier` is Foundation's form of an offset from GMT: "GMT", "GMT+0530".
    static func isOffset(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard bytes.starts(with: Array("GMT".utf8)) else { return false }
        if bytes.count == 3 { return true }
        return bytes.count == 8 && (bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-"))
            && bytes[4...].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

/// Why a time zone's name cannot be used.
package struct TimeZoneProblem: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }

    /// `name` is an abbreviation of `zone`'s (CoreFoundation's reading of it).
    static func abbreviation(_ name: String, of zone: String) -> TimeZoneProblem {
        TimeZoneProblem("\(String(reflecting: name)) is an abbreviation: name the zone, like \"\(zone)\"")
    }
}
