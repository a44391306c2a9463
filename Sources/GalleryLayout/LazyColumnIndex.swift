import Synchronization

/// The masonry column index, built by the first rect query that needs it.
///
/// Most layouts are computed to be persisted or printed whole and are never queried by rect
/// in memory; building the index with every layout was work and memory they did not need. A class
/// so that copies of a layout share one index, and a mutex so that a layout can be queried
/// from several threads at once.
final class LazyColumnIndex: Sendable {
    private let index = Mutex<MasonryColumnIndex?>(nil)

    func get(_ build: () -> MasonryColumnIndex) -> MasonryColumnIndex {
        index.withLock { index in
            if let index { return index }
            let built = build()
            index = built
            return built
        }
    }
}
