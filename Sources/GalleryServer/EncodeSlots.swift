/// At most `limit` image encodes at once: the rest wait their turn, in order, without holding
/// a thread (an encode itself runs off the concurrency pool).
actor EncodeSlots {
    private let limit: Int
    private var busy = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire() async {
        if busy < limit {
            busy += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            busy -= 1
        } else {
            waiting.removeFirst().resume()  // the slot passes straight to the next in line
        }
    }
}
