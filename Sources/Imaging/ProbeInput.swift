import SystemPackage

/// Random access to a file's bytes through a small window, so a probe reads the few kilobytes
/// of headers it needs and seeks over the rest (a 64 KB EXIF thumbnail, a large ICC profile)
/// without reading it.
struct ProbeInput: ~Copyable {
    let size: Int
    private var window: [UInt8]
    private var windowStart: Int
    /// nil for bytes given in memory.
    private let file: FileDescriptor?
    /// The file's path, for a library that reads the file itself (LibRaw); nil in memory.
    let path: String?

    /// Bytes read on the first access: enough for the markers of nearly every camera file.
    private static let initialWindow = 16 * 1024

    init(path: String) throws(ProbeError) {
        let file: FileDescriptor
        let info: Stat
        do {
            file = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch {
            throw .unreadable("\(error)")
        }
        do {
            info = try file.stat()
        } catch {
            try? file.close()
            throw .unreadable("\(error)")
        }
        guard info.type == .regular else {
            try? file.close()
            throw .unreadable("not a regular file")
        }
        self.file = file
        self.path = path
        size = Int(info.size)
        window = []
        windowStart = 0
    }

    init(bytes: [UInt8]) {
        file = nil
        path = nil
        size = bytes.count
        window = bytes
        windowStart = 0
    }

    deinit {
        try? file?.close()
    }

    /// Makes `offset ..< offset + count` available; false when it reaches past the end of the file.
    private mutating func ensure(_ offset: Int, _ count: Int) throws(ProbeError) -> Bool {
        guard offset >= 0, count >= 0, offset <= size - count else { return false }
        if offset >= windowStart && offset + count <= windowStart + window.count { return true }
        guard let file else { return false }
        let length = min(max(count, Self.initialWindow), size - offset)
        var buffer = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n: Int
            do {
                n = try buffer.withUnsafeMutableBytes { raw in
                    try file.read(fromAbsoluteOffset: Int64(offset + done), into: UnsafeMutableRawBufferPointer(rebasing: raw[done...]))
                }
            } catch {
                throw .unreadable("\(error)")
            }
            if n == 0 { return false }  // the file shrank while we read it
            done += n
        }
        window = buffer
        windowStart = offset
        return true
    }

    /// All the bytes, when they were given in memory.
    var memory: [UInt8]? { file == nil ? window : nil }

    mutating func byte(at offset: Int) throws(ProbeError) -> UInt8? {
        guard try ensure(offset, 1) else { return nil }
        return window[offset - windowStart]
    }

    mutating func uint16BE(at offset: Int) throws(ProbeError) -> Int? {
        guard try ensure(offset, 2) else { return nil }
        let i = offset - windowStart
        return Int(window[i]) << 8 | Int(window[i + 1])
    }

    mutating func uint32BE(at offset: Int) throws(ProbeError) -> Int? {
        guard try ensure(offset, 4) else { return nil }
        let i = offset - windowStart
        return Int(window[i]) << 24 | Int(window[i + 1]) << 16 | Int(window[i + 2]) << 8 | Int(window[i + 3])
    }

    mutating func uint32LE(at offset: Int) throws(ProbeError) -> Int? {
        guard try ensure(offset, 4) else { return nil }
        let i = offset - windowStart
        return Int(window[i]) | Int(window[i + 1]) << 8 | Int(window[i + 2]) << 16 | Int(window[i + 3]) << 24
    }

    mutating func bytes(at offset: Int, count: Int) throws(ProbeError) -> [UInt8]? {
        guard try ensure(offset, count) else { return nil }
        let i = offset - windowStart
        return Array(window[i ..< i + count])
    }
}
