#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging
import PhotoFacts
import SystemPackage

/// One streaming read of a whole file: its content hash, its length, and whether the image's
/// end marker appears where it must (a file cut short has a good header but no end).
struct FileDigest {
    var contentHash: String
    var length: Int64
    var endMarkerFound: Bool

    private static let chunkSize = 256 * 1024

    static func read(path: String, endMarker: EndMarker) throws(ProbeError) -> FileDigest {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch {
            throw .unreadable("\(error)")
        }
        defer { try? file.close() }
        var hasher = ContentHasher()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        let marker = endMarker.bytes
        // The last bytes of the previous chunk, so a marker split across two chunks is seen.
        var carry: [UInt8] = []
        var offset = 0
        var found = marker.isEmpty
        while true {
            let n: Int
            do {
                n = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            } catch {
                throw .unreadable("\(error)")
            }
            if n == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0 ..< n])) }
            if !found, offset + n > endMarker.searchFrom {
                let start = max(0, endMarker.searchFrom - offset)
                let window = carry + buffer[start ..< n]
                found = contains(window, marker)
                carry = Array(window.suffix(marker.count - 1))
            }
            offset += n
        }
        return FileDigest(contentHash: ContentHasher.text(hasher.finalize()), length: Int64(offset), endMarkerFound: found)
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { h in
            var i = 0
            let last = h.count - needle.count
            while i <= last {
                // memchr finds candidates at memory speed; entropy-coded JPEG data is mostly not 0xFF.
                guard let hit = memchr(h.baseAddress! + i, Int32(first), last - i + 1) else { return false }
                let at = h.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if needle.indices.allSatisfy({ h[at + $0] == needle[$0] }) { return true }
                i = at + 1
            }
            return false
        }
    }
}
