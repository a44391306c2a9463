import Foundation
import GalleryTestSupport
import GalleryZip
import Testing

/// Archives checked by other programs: Info-ZIP's `unzip -t` and Python's `zipfile` read
/// every entry back (names, bytes, dates), ZIP64 where ZIP's fields run out.
@Suite("StoredZip: store-only, deterministic, ZIP64 archives that unzip and Python read")
struct StoredZipTests {
    /// What Python's zipfile reads: each entry's name, size, CRC check and date; the archive's
    /// comment-free end; `testzip()` (every CRC).
    /// Runs another program on the archive (`unzip`, `python3`).
    static func tool(_ program: String, _ arguments: [String]) throws -> GalleryBinary.Output {
        try GalleryBinary.run(arguments, in: URL(fileURLWithPath: NSTemporaryDirectory()), executable: URL(fileURLWithPath: program))
    }

    static func pythonRead(_ archive: String, digest: Bool = true) throws -> [[String: Any]] {
        let script = """
            import hashlib, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                bad = z.testzip()
                out = [{"name": i.filename, "size": i.file_size, "compress": i.compress_type, "date": list(i.date_time),
                        "sha": hashlib.sha256(z.read(i)).hexdigest() if sys.argv[2] == "1" else "", "bad": bad} for i in z.infolist()]
            print(json.dumps(out))
            """
        let run = try Self.tool("/usr/bin/python3", ["-c", script, archive, digest ? "1" : "0"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    static func sha256(_ path: String) throws -> String {
        let run = try Self.tool("/usr/bin/sha256sum", [path])
        return String(run.stdout.prefix(64))
    }

    @Test("files of any size and name, dates kept; unzip -t and zipfile read the same bytes; the same files give the same archive")
    func roundTrip() throws {
        let work = try TemporaryDirectory("zip-round-trip")
        var entries: [StoredZip.Entry] = []
        let names = ["IMG_0001.jpg", "Été à Brest.heic", "day 2/clip.mov", "empty.txt", "東京.png"]
        for (index, name) in names.enumerated() {
            var bytes = [UInt8](repeating: 0, count: index == 3 ? 0 : 1000 * (index + 1) * (index + 1))
            var state = UInt32(index + 7)
            for i in bytes.indices { state = state &* 1_103_515_245 &+ 12345; bytes[i] = UInt8(truncatingIfNeeded: state >> 16) }
            try work.write("src/\(index)", bytes)
            entries.append(StoredZip.Entry(name: name, source: work.url.appending(path: "src/\(index)").path, size: UInt64(bytes.count),
                                           modified: DateComponents(year: 2024, month: 7, day: 14, hour: 9, minute: 5, second: 31)))
        }
        let zip = try StoredZip(entries: entries)
        let first = work.url.appending(path: "a.zip").path, second = work.url.appending(path: "b.zip").path
        try zip.write(to: first)
        try zip.write(to: second)
        #expect(try FileManager.default.attributesOfItem(atPath: first)[.size] as? NSNumber == NSNumber(value: zip.size), "the size laid out is the size written")
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)), "not deterministic")
        let unzip = try Self.tool("/usr/bin/unzip", ["-t", first])
        #expect(unzip.status == 0 && unzip.stdout.contains("No errors detected"), "\(unzip.stdout) \(unzip.stderr)")
        let read = try Self.pythonRead(first)
        #expect(read.map { $0["name"] as? String } == names)
        for (entry, found) in Swift.zip(entries, read) {
            #expect(found["compress"] as? Int == 0, "stored")
            #expect(found["bad"] is NSNull, "a CRC does not match")
            #expect(found["sha"] as? String == (try Self.sha256(entry.source)), "\(entry.name)'s bytes")
            #expect(found["date"] as? [Int] == [2024, 7, 14, 9, 5, 30], "\(entry.name)'s date (two-second steps)")
        }
        // Leaves no partial file behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.url.path).sorted() == ["a.zip", "b.zip", "src"])
    }

    @Test("more entries than ZIP's 16-bit count: ZIP64 records, read by unzip and zipfile")
    func zip64Count() throws {
        let work = try TemporaryDirectory("zip-64")
        try work.write("one", Array("x".utf8))
        let source = work.url.appending(path: "one").path
        let count = 70_000
        let entries = (0 ..< count).map { StoredZip.Entry(name: "f/\($0).txt", source: source, size: 1, modified: DateComponents()) }
        let zip = try StoredZip(entries: entries)
        let path = work.url.appending(path: "many.zip").path
        try zip.write(to: path)
        let unzip = try Self.tool("/usr/bin/unzip", ["-tqq", path])
        #expect(unzip.status == 0, "\(unzip.stdout.suffix(300)) \(unzip.stderr)")
        let read = try Self.pythonRead(path, digest: false)
        #expect(read.count == count && read.last?["name"] as? String == "f/69999.txt")
        #expect(read.first?["date"] as? [Int] == [1980, 1, 1, 0, 0, 0], "no date: ZIP's first day")
    }

    @Test("names that could leave the folder are refused; a file changed or gone since it was laid out is one error naming it, and nothing is left")
    func badInput() throws {
        let work = try TemporaryDirectory("zip-bad")
        try work.write("a", Array("abc".utf8))
        let source = work.url.appending(path: "a").path
        for name in ["/etc/passwd", "../up.jpg", "a/../../b", "a//b", "", "a\\b", "./a"] {
            #expect(throws: StoredZipError.badName(name)) { try StoredZip(entries: [StoredZip.Entry(name: name, source: source, size: 3, modified: DateComponents())]) }
        }
        let out = work.url.appending(path: "out.zip").path
        let grown = try StoredZip(entries: [StoredZip.Entry(name: "a", source: source, size: 2, modified: DateComponents())])
        #expect(throws: StoredZipError.changed(source, expected: 2)) { try grown.write(to: out) }
        let gone = try StoredZip(entries: [StoredZip.Entry(name: "a", source: source + "-gone", size: 3, modified: DateComponents())])
        #expect(throws: StoredZipError.cannotRead(source + "-gone")) { try gone.write(to: out) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.url.path) == ["a"], "a partial archive was left")
    }
}
