import Glibc
import GalleryWork
import Synchronization
import Testing

@Suite("ParallelWork: N threads, results in order, the first error stops it")
struct ParallelWorkTests {
    @Test("every item once, on at most N threads at a time; map keeps the items' order", arguments: [1, 2, 4])
    func everyItemOnce(jobs: Int) throws {
        let seen = Mutex<[Int: Int]>([:])
        let running = Atomic<Int>(0), most = Atomic<Int>(0)
        try ParallelWork.forEach(Array(0 ..< 500), jobs: jobs) { item in
            let now = running.add(1, ordering: .relaxed).newValue
            _ = most.max(now, ordering: .relaxed)
            seen.withLock { $0[item, default: 0] += 1 }
            _ = running.subtract(1, ordering: .relaxed)
        }
        #expect(seen.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0 ..< 500).map { ($0, 1) }))
        #expect(most.load(ordering: .relaxed) <= jobs)
        #expect(ParallelWork.map(Array(0 ..< 300), jobs: jobs) { $0 * $0 } == (0 ..< 300).map { $0 * $0 })
    }

    struct Stop: Error, Equatable { var item: Int }

    @Test("an item that throws: its error is rethrown and no item starts after it has been seen")
    func firstErrorStops() {
        let started = Atomic<Int>(0)
        #expect(throws: Stop(item: 10)) {
            try ParallelWork.forEach(Array(0 ..< 10_000), jobs: 1) { item in
                _ = started.add(1, ordering: .relaxed)
                if item == 10 { throw Stop(item: 10) }
            }
        }
        #expect(started.load(ordering: .relaxed) == 11)
        // With several threads, the ones under way finish their item; none takes a new one.
        let many = Atomic<Int>(0)
        #expect(throws: Stop.self) {
            try ParallelWork.forEach(Array(0 ..< 10_000), jobs: 4) { item in
                _ = many.add(1, ordering: .relaxed)
                if item == 10 { throw Stop(item: item) }
                // Items of a millisecond: all 10,000 would take seconds.
                usleep(1000)
            }
        }
        #expect(many.load(ordering: .relaxed) < 100)
        #expect(throws: Never.self) { try ParallelWork.forEach([Int](), jobs: 4) { _ in throw Stop(item: 0) } }
    }
}
