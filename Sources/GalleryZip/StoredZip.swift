import CZlib
import Foundation

/// A ZIP archive of files stored as they are (no compression: photos and videos are compressed
/// already), laid out before a byte is written, so its size is known from the files' sizes
/// alone (a page says it before the archive exists) and the same files give the same bytes
/// (fixed permissions, each entry's date given, entries in the given order). ZIP64 records are
/// written where sizes, offsets or the count pass what ZIP's 32- and 16-bit fields hold, and
/// only there, so small archives open in every unzip.
public struct StoredZip: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The name inside the archive ("IMG_0001.jpg", "day 1/IMG_0002.heic"): UTF-8, '/' between folders.
        public var name: String
        /// The file whose bytes it stores.
        public var source: String
        public var size: UInt64
        /// Its date and time as ZIP keeps them (local time, two-second steps, 1980 to 2107).
        public var modified: DateComponents

        public init(name: String, source: String, size: UInt64, modified: DateComponents) {
            self.name = name
            self.source = source
            self.size = size
            self.modified = modified
        }
    }

    public let entries: [Entry]
    /// Where each entry's local header starts.
    private let offsets: [UInt64]
    /// Where the central directory starts, and its size.
    private let directoryOffset: UInt64
    private let directorySize: UInt64
    /// The archive's size in bytes.
    public let size: UInt64

    static let max32 = UInt64(UInt32.max)
    static let max16 = UInt64(UInt16.max)

    /// - Throws: `StoredZipError.badName` for a name that could escape the folder it is
    ///   unpacked into (absolute, "..", empty parts, a backslash or a NUL).
    public init(entries: [Entry]) throws(StoredZipError) {
        for entry in entries where !Self.isSafe(entry.name) {
            throw .badName(entry.name)
        }
        self.entries = entries
        var offset: UInt64 = 0
        var offsets: [UInt64] = []
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            offsets.append(offset)
            offset += UInt64(Self.localHeader(entry, crc: 0).count) + entry.size
        }
        self.offsets = offsets
        directoryOffset = offset
        directorySize = zip(entries, offsets).reduce(0) { $0 + UInt64(Self.centralHeader($1.0, crc: 0, offset: $1.1).count) }
        size = directoryOffset + directorySize + UInt64(Self.end(count: entries.count, directoryOffset: offset, directorySize: directorySize).count)
    }

    /// Whether `name` can be an entry's name: relative, with no "..", "." or empty part, no '\' or NUL.
    public static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.contains("\\") && !name.contains("\0")
            && name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// Writes the archive to `path` whole or not at all: into a file beside it, renamed over
    /// it once complete and on disk.
    /// - Throws: `StoredZipError` naming the file that could not be read, or changed size
    ///   since the archive was laid out.
    public func write(to path: String) throws(StoredZipError) {
        let temporary = path + ".partial-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let output = FileHandle(forWritingAtPath: temporary) else {
            throw .cannotWrite(path)
        }
        var done = false
        defer {
            try? output.close()
            if !done { unlink(temporary) }
        }
        var crcs: [UInt32] = []
        crcs.reserveCapacity(entries.count)
        do {
            for entry in entries {
                let headerOffset = try output.offset()
                // The header's CRC is known only once the bytes are read: written as 0, then set.
                try output.write(contentsOf: Self.localHeader(entry, crc: 0))
                let crc = try Self.copy(entry, to: output)
                crcs.append(crc)
                let end = try output.offset()
                try output.seek(toOffset: headerOffset + 14)
                try output.write(contentsOf: Self.bytes(crc))
                try output.seek(toOffset: end)
            }
            var directory = Data()
            for (index, entry) in entries.enumerated() {
                directory += Self.centralHeader(entry, crc: crcs[index], offset: offsets[index])
            }
            directory += Self.end(count: entries.count, directoryOffset: directoryOffset, directorySize: directorySize)
            try output.write(contentsOf: directory)
            guard try output.offset() == size else { throw StoredZipError.cannotWrite(path) }
            try output.synchronize()
        } catch let error as StoredZipError {
            throw error
        } catch {
            throw .cannotWrite("\(path): \(error)")
        }
        guard rename(temporary, path) == 0 else { throw .cannotWrite(path) }
        done = true
    }

    /// Copies the entry's file and returns its CRC-32; its size must be the one laid out.
    private static func copy(_ entry: Entry, to output: FileHandle) throws -> UInt32 {
        guard let input = FileHandle(forReadingAtPath: entry.source) else { throw StoredZipError.cannotRead(entry.source) }
        defer { try? input.close() }
        var crc = UInt32(truncatingIfNeeded: crc32(0, nil, 0))
        var copied: UInt64 = 0
        while true {
            let chunk = try input.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            copied += UInt64(chunk.count)
            guard copied <= entry.size else { throw StoredZipError.changed(entry.source, expected: entry.size) }
            crc = chunk.withUnsafeBytes { buffer in
                UInt32(truncatingIfNeeded: crc32(uLong(crc), buffer.bindMemory(to: Bytef.self).baseAddress, uInt(buffer.count)))
            }
            try output.write(contentsOf: chunk)
        }
        guard copied == entry.size else { throw StoredZipError.changed(entry.source, expected: entry.size) }
        return crc
    }

    // MARK: - Records

    private static func bytes<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }

    /// MS-DOS time and date of `modified` (1980-01-01 00:00 outside what ZIP can say).
    static func dosTime(_ modified: DateComponents) -> (time: UInt16, date: UInt16) {
        guard let year = modified.year, (1980 ... 2107).contains(year), let month = modified.month, (1 ... 12).contains(month),
              let day = modified.day, (1 ... 31).contains(day) else { return (0, 0x21) }
        let hour = min(max(modified.hour ?? 0, 0), 23), minute = min(max(modified.minute ?? 0, 0), 59), second = min(max(modified.second ?? 0, 0), 59)
        return (UInt16(hour << 11 | minute << 5 | second / 2), UInt16((year - 1980) << 9 | month << 5 | day))
    }

    /// Version 4.5 where an entry needs ZIP64, 2.0 otherwise; bit 11: names are UTF-8.
    private static func version(_ zip64: Bool) -> UInt16 { zip64 ? 45 : 20 }
    private static let flags: UInt16 = 1 << 11

    static func localHeader(_ entry: Entry, crc: UInt32) -> Data {
        let name = Data(entry.name.utf8)
        let large = entry.size >= max32
        let (time, date) = dosTime(entry.modified)
        var data = bytes(UInt32(0x0403_4b50)) + bytes(version(large)) + bytes(flags) + bytes(UInt16(0)) + bytes(time) + bytes(date)
        data += bytes(crc)
        data += bytes(large ? UInt32.max : UInt32(entry.size)) + bytes(large ? UInt32.max : UInt32(entry.size))
        data += bytes(UInt16(name.count)) + bytes(UInt16(large ? 20 : 0)) + name
        if large { data += bytes(UInt16(1)) + bytes(UInt16(16)) + bytes(entry.size) + bytes(entry.size) }
        return data
    }

    static func centralHeader(_ entry: Entry, crc: UInt32, offset: UInt64) -> Data {
        let name = Data(entry.name.utf8)
        let large = entry.size >= max32, far = offset >= max32
        var extra = Data()
        if large { extra += bytes(entry.size) + bytes(entry.size) }
        if far { extra += bytes(offset) }
        if !extra.isEmpty { extra = bytes(UInt16(1)) + bytes(UInt16(extra.count)) + extra }
        let (time, date) = dosTime(entry.modified)
        // Made by Unix (3) with version 4.5 / 2.0: the external attributes are a mode, rw-r--r--.
        var data = bytes(UInt32(0x0201_4b50)) + bytes(UInt16(3 << 8) | version(large || far)) + bytes(version(large || far))
        data += bytes(flags) + bytes(UInt16(0)) + bytes(time) + bytes(date) + bytes(crc)
        data += bytes(large ? UInt32.max : UInt32(entry.size)) + bytes(large ? UInt32.max : UInt32(entry.size))
        data += bytes(UInt16(name.count)) + bytes(UInt16(extra.count)) + bytes(UInt16(0)) + bytes(UInt16(0)) + bytes(UInt16(0))
        data += bytes(UInt32(0o100644) << 16) + bytes(far ? UInt32.max : UInt32(offset)) + name + extra
        return data
    }

    /// The end of central directory record, after the ZIP64 one and its locator when the count,
    /// the directory's size or its offset need them.
    static func end(count: Int, directoryOffset: UInt64, directorySize: UInt64) -> Data {
        let entries = UInt64(count)
        let zip64 = entries >= max16 || directoryOffset >= max32 || directorySize >= max32
        var data = Data()
        if zip64 {
            let recordOffset = directoryOffset + directorySize
            data += bytes(UInt32(0x0606_4b50)) + bytes(UInt64(44)) + bytes(UInt16(3 << 8 | 45)) + bytes(UInt16(45))
            data += bytes(UInt32(0)) + bytes(UInt32(0)) + bytes(entries) + bytes(entries) + bytes(directorySize) + bytes(directoryOffset)
            data += bytes(UInt32(0x0706_4b50)) + bytes(UInt32(0)) + bytes(recordOffset) + bytes(UInt32(1))
        }
        data += bytes(UInt32(0x0605_4b50)) + bytes(UInt16(0)) + bytes(UInt16(0))
        data += bytes(zip64 ? UInt16.max : UInt16(entries)) + bytes(zip64 ? UInt16.max : UInt16(entries))
        data += bytes(zip64 ? UInt32.max : UInt32(directorySize)) + bytes(zip64 ? UInt32.max : UInt32(directoryOffset))
        data += bytes(UInt16(0))
        return data
    }
}
