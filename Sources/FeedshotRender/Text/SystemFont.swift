import Foundation

/// The system font as iOS sizes it, where a team supplies Apple's SF Pro files (`--font-dir`;
/// docs/fonts.md, "SF Pro, when you have it"). With the bundled stand-in nothing here applies:
/// Feedshot Inter has one optical size, and its own `trak` table (scripts/make-standin-fonts.py)
/// tracks it to SF Pro's widths by the same mechanism as below.
///
/// - Optical size: below 20 points iOS draws SF Pro Text, from 20 points SF Pro Display (WWDC 2020,
///   "The details of UI typography", session 10175: "for fonts smaller than 20 points it used SF
///   Text while fonts at 20 points or higher used SF Display"); the variable `SF Pro` takes its
///   `opsz` axis at the point size (`PangoThreadContext.description(for:)`).
/// - Tracking: CoreText applies the font's own `trak` table at the point size — each listed
///   size's tracking in font units, linear between them (Apple's TrueType Reference Manual, "The
///   'trak' table"; Apple's published figures for SF Pro: +12/1000 em at 10 pt, 0 at 12, −6 at
///   13, −26 at 17, +14 at 28). HarfBuzz does the same when it shapes (its AAT `trak` support, at
///   the size Pango gives it), so Feedshot's layouts carry SF Pro's tracking with no code here;
///   `SuppliedSystemFontTests` checks the widths against tables it writes.
enum SystemFont {
    /// The size from which iOS draws SF Pro Display.
    static let displaySize = 20.0

    /// The families asked for the system font at `size` when `installed` holds a system family
    /// (SF Pro's files were supplied): the variable SF Pro, then the optical size's static family,
    /// then the other, then `cascade`'s fallback list; nil when none is installed (the bundled list
    /// stands).
    static func families(size: Double, installed: Set<String>, cascade: FontCascade) -> String? {
        guard !installed.isDisjoint(with: FontLibrary.systemFamilies) else { return nil }
        let statics = size >= displaySize ? "SF Pro Display, SF Pro Text" : "SF Pro Text, SF Pro Display"
        return "SF Pro, \(statics), \(cascade.fallbackFamilyList)"
    }
}
