import CPangoCairo

/// Keeps render-sized buffers (surfaces, PNG rows: hundreds of KiB to MiBs) in the malloc heap.
/// By default glibc maps each such block fresh and unmaps it on free, so every render pays page
/// faults and zeroing for memory it just gave back; reusing heap blocks removes that cost.
/// Process-wide, so it is the program's choice: the `feedshot` command applies it at start-up,
/// a library user may (the library itself never does).
package enum MemoryTuning {
    /// Raises glibc's mmap and trim thresholds (64 MiB, 256 MiB); a no-op elsewhere.
    package static func apply() {
        feedshot_tune_malloc(64 << 20, 256 << 20)
    }
}
