import PhotoFacts

/// What the files that show a run of an album's photos read of each photo, as one digest a
/// photo in the album's order (`SiteSnapshot.photoDigests`): a run's digest hashes its photos'
/// digests, one slice. A photo's digest is XXH64 (`ContentHasher`, as its files are named by)
/// of numbers of a fixed count and texts that carry their lengths, so different inputs are
/// different bytes. (A SHA-256 a photo, with an array and a string made for each, was 1.9 s of
/// a caption's export at 100,000 photos; keeping the bytes themselves, 100 MB more.)
struct PhotoRunDigests: Sendable {
    private var digests: [UInt64] = []
    /// The bytes of the photo being appended.
    private var bytes: [UInt8] = []

    init(reservingFor count: Int) {
        digests.reserveCapacity(count)
    }

    /// How many photos have their digest.
    var count: Int { digests.count }

    mutating func append(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        append(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// Ends the photo whose bytes were appended since the last one ended.
    mutating func endPhoto() {
        digests.append(ContentHasher.hash(bytes).littleEndian)
        bytes.removeAll(keepingCapacity: true)
    }

    /// The digests of the photos at `run` (clamped to those there are), as one buffer.
    func withDigests<Result>(of run: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let run = run.clamped(to: 0 ..< count)
        return try digests[run].withUnsafeBytes(body)
    }
}
