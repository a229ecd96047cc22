import FeedshotLayout

@testable import FeedshotRender

/// The calling thread's Pango context, for tests that ask which file draws a font.
struct PangoThreadContextProbe {
    let context: PangoThreadContext

    init() throws {
        context = try PangoThreadContext.current()
    }

    /// The file (without its folder) of the face Pango loads for `font`.
    func file(_ font: FontSpec) -> String? {
        context.face(for: font)?.file
    }
}
