/// XXH64 (seed 0) over a stream of bytes, for content hashes (and for digests of what an
/// export's files show of each photo): fast enough that hashing a photo costs less than
/// reading it, and stable across runs and machines (unlike Swift's `Hasher`).
///
/// Reference: https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md
public struct ContentHasher: Sendable {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var v1: UInt64 = p1 &+ p2
    private var v2: UInt64 = p2
    private var v3: UInt64 = 0
    private var v4: UInt64 = 0 &- p1
    private var total: UInt64 = 0
    /// Bytes not yet folded in (fewer than 32).
    private var pending: [UInt8] = []

    public init() {}

    private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        ((acc &+ input &* p2) <<< 31) &* p1
    }

    private static func merge(_ acc: UInt64, _ v: UInt64) -> UInt64 {
        (acc ^ round(0, v)) &* p1 &+ p4
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        total &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            let take = min(32 - pending.count, bytes.count)
            pending += bytes[0 ..< take]
            index = take
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { consumeStripe($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        while index + 32 <= bytes.count {
            consumeStripe(bytes, at: index)
            index += 32
        }
        pending += bytes[index...]
    }

    private mutating func consumeStripe(_ bytes: UnsafeRawBufferPointer, at i: Int) {
        v1 = Self.round(v1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
        v2 = Self.round(v2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
        v3 = Self.round(v3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)))
        v4 = Self.round(v4, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)))
    }

    public func finalize() -> UInt64 {
        var h: UInt64
        if total >= 32 {
            h = (v1 <<< 1) &+ (v2 <<< 7) &+ (v3 <<< 12) &+ (v4 <<< 18)
            h = Self.merge(h, v1)
            h = Self.merge(h, v2)
            h = Self.merge(h, v3)
            h = Self.merge(h, v4)
        } else {
            h = v3 &+ Self.p5
        }
        h &+= total
        var i = 0
        let rest = pending
        while i + 8 <= rest.count {
            var lane: UInt64 = 0
            for b in 0 ..< 8 { lane |= UInt64(rest[i + b]) << (8 * UInt64(b)) }
            h ^= Self.round(0, lane)
            h = (h <<< 27) &* Self.p1 &+ Self.p4
            i += 8
        }
        if i + 4 <= rest.count {
            var lane: UInt64 = 0
            for b in 0 ..< 4 { lane |= UInt64(rest[i + b]) << (8 * UInt64(b)) }
            h ^= lane &* Self.p1
            h = (h <<< 23) &* Self.p2 &+ Self.p3
            i += 4
        }
        while i < rest.count {
            h ^= UInt64(rest[i]) &* Self.p5
            h = (h <<< 11) &* Self.p1
            i += 1
        }
        h ^= h >> 33
        h = h &* Self.p2
        h ^= h >> 29
        h = h &* Self.p3
        h ^= h >> 32
        return h
    }

    /// "xxh64:" and 16 lowercase hex digits.
    public static func text(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return "xxh64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hasher = ContentHasher()
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }
}

infix operator <<< : BitwiseShiftPrecedence

private func <<< (value: UInt64, amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
}
