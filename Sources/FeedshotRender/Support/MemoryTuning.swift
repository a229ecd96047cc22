import CPangoCairo

/// Keeps render-sized buffers (surfaces, PNG rows: hundreds of KiB to MiBs) in the malloc heap.
/// By default glibc maps each such block fresh and unmaps it on free, so every render pays page
/// faults and zeroing for memory it just gave back; reusing heap blocks removes that cost. Applied
/// once, when the font library is first created.
enum MemoryTuning {
    static func apply() {
        feedshot_tune_malloc(64 << 20, 256 << 20)
    }
}
