// The libFuzzer target: bytes → document decoding → layout → render.
//
// Built with `scripts/fuzz` (-sanitize=fuzzer,address -DFUZZING) it is a libFuzzer binary. Built
// normally, it replays files (a corpus, saved crashers) through the same function, which is how the
// regression tests run the crashers in fuzz/crashers/.
import FeedshotRender
import Foundation

/// One input through the whole pipeline. Errors are expected; a crash, a hang or a sanitizer report
/// is a finding.
func renderOne(_ data: Data) {
    var options = RenderOptions()
    options.maxPixelArea = 4_000_000
    options.limits.maxItems = 500
    options.limits.maxTextLength = 20_000
    options.deadline = ContinuousClock.now + .seconds(5)
    guard let document = try? Feedshot.decode(data, options: options) else { return }
    _ = try? Feedshot.render(document, options: options)
}

#if FUZZING
    /// libFuzzer's entry point: decodes, lays out and renders `count` bytes as a document.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        renderOne(Data(bytes: bytes, count: count))
        return 0
    }

    /// libFuzzer's driver, from the toolchain's libclang_rt.fuzzer.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
    @_cdecl("FeedshotFuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments) { bytes, size in fuzzerTestOneInput(bytes, size) }
    }
#else
    /// Without libFuzzer: replays files and folders of inputs through `renderOne`.
    @main
    struct Replay {
        static func main() {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    FileHandle.standardError.write(Data("FeedshotFuzz: no file at \(path)\n".utf8))
                    exit(2)
                }
                let files =
                    isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
                        (path as NSString).appendingPathComponent($0)
                    }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    renderOne(data)
                    count += 1
                }
            }
            print("replayed \(count) inputs without a crash")
        }
    }
#endif
