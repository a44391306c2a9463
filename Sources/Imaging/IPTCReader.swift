import PhotoFacts
/// Reads the IPTC-IIM block that Photoshop, Lightroom, Photo Mechanic and others write into a
/// JPEG's APP13 segment (Photoshop image resource 0x0404), with resource 0x0425, the digest
/// by which the Metadata Working Group tells whether it was changed since the XMP was written.
public enum IPTCReader {
    /// What the block says, and whether the XMP beside it is as new or newer.
    public struct Reading: Sendable, Hashable {
        public var description = PhotoDescription()
        /// True when the block's digest is absent or matches it (the XMP then wins, as the MWG
        /// says); false when a program that does not keep XMP in step changed the block since.
        public var xmpIsCurrent = true
        public var warnings: [String] = []
    }

    /// The APP13 payload's start ("Photoshop 3.0" and a NUL).
    public static let app13Prefix: [UInt8] = Array("Photoshop 3.0".utf8) + [0]

    /// Reads the image resources that follow `app13Prefix` (all APP13 segments' payloads joined).
    public static func read(photoshopResources bytes: [UInt8]) -> Reading {
        var reading = Reading()
        var iim: ArraySlice<UInt8>?
        var digest: ArraySlice<UInt8>?
        var at = 0
        while at + 12 <= bytes.count, bytes[at ..< at + 4].elementsEqual("8BIM".utf8) {
            let id = Int(bytes[at + 4]) << 8 | Int(bytes[at + 5])
            let nameLength = Int(bytes[at + 6])
            var next = at + 6 + nameLength + 1
            next += next % 2 == 0 ? 0 : 1  // the name (a Pascal string) is padded to an even length
            guard next + 4 <= bytes.count else { break }
            let size = bytes[next ..< next + 4].reduce(0) { $0 << 8 | Int($1) }
            let start = next + 4
            guard size >= 0, start + size <= bytes.count else {
                reading.warnings.append("its IPTC block (Photoshop resource \(id)) says \(size) bytes where \(bytes.count - start) are left; read what is there")
                if id == 0x0404 { iim = bytes[start...] }
                break
            }
            if id == 0x0404 { iim = bytes[start ..< start + size] }
            if id == 0x0425 { digest = bytes[start ..< start + size] }
            at = start + size + size % 2
        }
        guard let iim else { return reading }
        if let digest, digest.count == 16 { reading.xmpIsCurrent = MD5.digest(Array(iim)).elementsEqual(digest) }
        read(iim: iim, into: &reading)
        return reading
    }

    /// The datasets of record 1 (its character set) and record 2 (the application's).
    static func read(iim: ArraySlice<UInt8>, into reading: inout Reading) {
        var fields: [Int: [[UInt8]]] = [:]
        var utf8 = false
        var at = iim.startIndex
        while at + 5 <= iim.endIndex, iim[at] == 0x1C {
            let record = Int(iim[at + 1]), dataset = Int(iim[at + 2])
            var length = Int(iim[at + 3]) << 8 | Int(iim[at + 4])
            var start = at + 5
            if length & 0x8000 != 0 {
                // An extended dataset: the next (length & 0x7FFF) bytes give its length.
                let count = length & 0x7FFF
                guard count <= 4, start + count <= iim.endIndex else { break }
                length = iim[start ..< start + count].reduce(0) { $0 << 8 | Int($1) }
                start += count
            }
            guard start + length <= iim.endIndex else {
                reading.warnings.append("its IPTC dataset \(record):\(dataset) says \(length) bytes where \(iim.endIndex - start) are left; the rest of the block was not read")
                break
            }
            let value = Array(iim[start ..< start + length])
            if record == 1, dataset == 90 { utf8 = value.starts(with: [0x1B, 0x25, 0x47]) }  // ESC % G
            if record == 2 { fields[dataset, default: []].append(value) }
            at = start + length
        }
        func text(_ bytes: [UInt8]) -> String {
            // UTF-8 when the block says so; else Latin-1, unless the bytes are UTF-8 with
            // characters beyond ASCII (writers that do not say so), which Latin-1 would garble.
            if utf8 || bytes.contains(where: { $0 >= 0x80 }), let text = String(validating: bytes, as: UTF8.self) { return text }
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        }
        func one(_ dataset: Int) -> String? { fields[dataset]?.first.map(text) }
        var description = PhotoDescription()
        description.title = PhotoDescription.cleaned(one(5))
        description.headline = PhotoDescription.cleaned(one(105))
        description.description = PhotoDescription.cleaned(one(120))
        description.keywords = PhotoDescription.cleanedList((fields[25] ?? []).map(text))
        description.place = PhotoPlace.from(sublocation: one(92), city: one(90), state: one(95), country: one(101))
        reading.description = description
    }
}
