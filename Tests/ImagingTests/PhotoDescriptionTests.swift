import Foundation
import GalleryTestSupport
@testable import Imaging
import PhotoFacts
import Testing

/// Captions, keywords, people, ratings and places as Lightroom and its peers write them into a
/// file (XMP, IPTC-IIM, EXIF's text tags), written here by exiftool, and read by the probe.
@Suite("What a photo file says of itself: XMP, IPTC and EXIF text")
struct PhotoDescriptionTests {
    static func embedded(_ path: String) throws -> (description: PhotoDescription, warnings: [String]) {
        let probe = try PhotoProbe.probe(path: path)
        return PhotoDescription.embedded(in: probe, exif: probe.exif.map(EXIFReader.read(tiff:)) ?? EXIFReading())
    }

    @Test("XMP: title, description, keywords (hierarchical kept whole, leaf too, case duplicates once), people and face areas, rating, place")
    func xmp() throws {
        let folder = try TemporaryDirectory("xmp")
        let path = try TestMetadata.jpeg("a.jpg", in: folder, exiftool: [
            "-XMP-dc:Title=Le titre", "-XMP-dc:Description=Une description", "-XMP-dc:Subject=sunset", "-XMP-dc:Subject=Sunset",
            "-XMP-dc:Subject=beach", "-XMP-lr:HierarchicalSubject=Places|France|Paris", "-XMP-xmp:Rating=4",
            "-XMP-iptcExt:PersonInImage=Anna Berg", "-XMP-photoshop:City=Paris", "-XMP-photoshop:Country=France",
            "-XMP-iptcCore:Location=Île de la Cité", "-XMP-photoshop:Headline=Not the caption: there is a title",
            "-XMP-mwg-rs:RegionInfo={AppliedToDimensions={W=48,H=32,Unit=pixel},RegionList=[{Area={W=0.1,H=0.2,X=0.3,Y=0.4,Unit=normalized},Name=Carl Dahl,Type=Face},{Area={W=0.1,H=0.1,X=0.5,Y=0.5,Unit=normalized},Name=A pet,Type=Pet}]}",
        ])
        let (description, warnings) = try Self.embedded(path)
        #expect(warnings.isEmpty)
        #expect(description.caption == "Le titre")
        #expect(description.description == "Une description")
        #expect(description.keywords == ["sunset", "beach", "Places|France|Paris", "Paris"])
        #expect(description.people == ["Anna Berg", "Carl Dahl"])
        #expect(description.faces == [FaceArea(name: "Carl Dahl", x: 0.3, y: 0.4, width: 0.1, height: 0.2)])
        #expect(description.rating == 4)
        #expect(description.place == PhotoPlace(sublocation: "Île de la Cité", city: "Paris", state: nil, country: "France"))
    }

    @Test("Windows' face regions (Microsoft Photo RegionInfo): the person named, the rectangle as a centre and size")
    func microsoftRegions() throws {
        let folder = try TemporaryDirectory("mp-regions")
        let path = try TestMetadata.jpeg("a.jpg", in: folder, exiftool: [
            "-XMP-MP:RegionInfoMP={Regions=[{PersonDisplayName=Dana Fox,Rectangle=0.1|, 0.2|, 0.3|, 0.4}]}",
            "-XMP-iptcExt:PersonInImage=Dana Fox",
        ])
        let read = try Self.embedded(path).description
        #expect(read.people == ["Dana Fox"], "named once")
        let face = try #require(read.faces?.first)
        #expect(face.name == "Dana Fox" && abs(face.x - 0.25) < 1e-9 && abs(face.y - 0.4) < 1e-9 && face.width == 0.3 && face.height == 0.4)
    }

    @Test("IPTC-IIM: UTF-8 when the block says so, Latin-1 when it does not; headline is the caption without a title")
    func iptc() throws {
        let folder = try TemporaryDirectory("iptc")
        let utf8 = try TestMetadata.jpeg("utf8.jpg", in: folder, exiftool: [
            "-IPTC:CodedCharacterSet=UTF8", "-IPTC:Headline=Le headline", "-IPTC:Caption-Abstract=Légende été",
            "-IPTC:Keywords=mer", "-IPTC:Keywords=été", "-IPTC:Sub-location=Vieux port", "-IPTC:City=Nice",
            "-IPTC:Province-State=PACA", "-IPTC:Country-PrimaryLocationName=France",
        ])
        let read = try Self.embedded(utf8).description
        #expect(read.caption == "Le headline")
        #expect(read.description == "Légende été")
        #expect(read.keywords == ["mer", "été"])
        #expect(read.place == PhotoPlace(sublocation: "Vieux port", city: "Nice", state: "PACA", country: "France"))

        let latin = try TestMetadata.jpeg("latin.jpg", in: folder, exiftool: ["-charset", "iptc=Latin", "-IPTC:Caption-Abstract=Café crème"])
        #expect(try Self.embedded(latin).description.description == "Café crème")
    }

    @Test("IPTC and XMP together, as the MWG says: XMP first while the IPTC digest matches (or is absent), IPTC first once it does not")
    func reconciled() throws {
        let folder = try TemporaryDirectory("mwg")
        let both = ["-XMP-dc:Title=XMP title", "-IPTC:ObjectName=IPTC title", "-IPTC:City=Only in IPTC", "-XMP-dc:Description=XMP description"]
        let synced = try TestMetadata.jpeg("synced.jpg", in: folder, exiftool: both + ["-IPTCDigest=new"])
        var read = try Self.embedded(synced).description
        #expect(read.caption == "XMP title")
        #expect(read.place?.city == "Only in IPTC", "IPTC fills what XMP does not say")
        #expect(read.description == "XMP description")

        let noDigest = try TestMetadata.jpeg("plain.jpg", in: folder, exiftool: both)
        #expect(try Self.embedded(noDigest).description.caption == "XMP title")

        // A program that keeps no XMP changed the IPTC after: the digest no longer matches.
        let stale = try TestMetadata.jpeg("stale.jpg", in: folder, exiftool: both + ["-IPTCDigest=new"])
        try TestMetadata.write(["-IPTC:ObjectName=Edited later", "-IPTCDigest<IPTCDigest"], to: stale)
        read = try Self.embedded(stale).description
        #expect(read.caption == "Edited later")
        #expect(read.description == "XMP description", "XMP still fills what IPTC does not say")
    }

    @Test("EXIF text: a camera's placeholder is no caption; UserComment, XPTitle and XPKeywords are read")
    func exifText() throws {
        let folder = try TemporaryDirectory("exif-text")
        let placeholder = try TestMetadata.jpeg("olympus.jpg", in: folder, exiftool: [
            "-EXIF:Make=OLYMPUS IMAGING CORP.", "-EXIF:ImageDescription=OLYMPUS DIGITAL CAMERA         ",
            "-EXIF:UserComment=Written on the camera", "-EXIF:XPTitle=Titre Windows", "-EXIF:XPKeywords=un;deux; deux ",
        ])
        let read = try Self.embedded(placeholder).description
        #expect(read.caption == "Titre Windows")
        #expect(read.description == "Written on the camera")
        #expect(read.keywords == ["un", "deux"])

        let typed = try TestMetadata.jpeg("typed.jpg", in: folder, exiftool: ["-EXIF:ImageDescription=A real caption"])
        #expect(try Self.embedded(typed).description.description == "A real caption")
        let blank = try TestMetadata.jpeg("blank.jpg", in: folder, exiftool: ["-EXIF:Model=DSC-RX100", "-EXIF:ImageDescription=DSC-RX100"])
        #expect(try Self.embedded(blank).description.isEmpty)
    }

    @Test("XMP in a PNG (iTXt), a WebP ('XMP ' chunk) and a HEIC (a mime item), as exiftool writes it")
    func otherContainers() throws {
        let folder = try TemporaryDirectory("xmp-containers")
        let files = [
            ("a.png", TestImages.png(width: 40, height: 30)),
            ("b.webp", try TestImages.webp(width: 40, height: 30)),
            ("c.heic", try TestImages.heif(width: 64, height: 64)),
        ]
        for (name, bytes) in files {
            let path = try folder.write(name, bytes)
            try TestMetadata.write(["-XMP-dc:Title=Title of \(name)", "-XMP-dc:Subject=\(name)-keyword", "-XMP-xmp:Rating=2"], to: path)
            let read = try Self.embedded(path)
            #expect(read.warnings.isEmpty, "\(name): \(read.warnings)")
            #expect(read.description.caption == "Title of \(name)", "\(name)")
            #expect(read.description.keywords == ["\(name)-keyword"] && read.description.rating == 2, "\(name)")
        }
    }

    @Test("a photo ImageMagick turned into a PNG: XMP, IPTC and EXIF in its 'Raw profile type' text chunks, some after the image data")
    func imageMagickPNG() throws {
        let folder = try TemporaryDirectory("imagemagick-png")
        let jpeg = try TestMetadata.jpeg("photo.jpg", in: folder, exiftool: [
            "-XMP-dc:Subject=mer", "-XMP-xmp:Rating=3", "-IPTC:CodedCharacterSet=UTF8", "-IPTC:ObjectName=Titre IPTC",
            "-IPTC:City=Brest", "-EXIF:ImageDescription=Le port", "-EXIF:Orientation#=6",
        ])
        let png = folder.path + "/photo.png"
        try TestVideos.run(TestMetadata.imageMagick, [jpeg, png])
        // What ImageMagick wrote: the XMP in a zTXt, IPTC in tEXt, EXIF in an eXIf after IDAT.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        let idat = try #require(bytes.firstRange(of: Array("IDAT".utf8))?.lowerBound)
        #expect(bytes.firstRange(of: Array("zTXtRaw profile type xmp".utf8)) != nil)
        #expect((bytes.firstRange(of: Array("eXIf".utf8))?.lowerBound ?? 0) > idat, "ImageMagick put its eXIf before IDAT: the test no longer covers text after the image")
        let read = try Self.embedded(png)
        #expect(read.warnings.isEmpty, "\(read.warnings)")
        #expect(read.description.caption == "Titre IPTC" && read.description.description == "Le port")
        #expect(read.description.keywords == ["mer"] && read.description.rating == 3 && read.description.place?.city == "Brest")
        // An eXIf after the image data is read for its words, never for orientation: browsers
        // draw such a PNG unturned, and so must the layout.
        #expect(try PhotoProbe.probe(path: png).orientation == .up)
    }

    @Test("XMP and IPTC segments after the frame header (as some writers put them) are read; a file damaged past the frame header keeps its size")
    func segmentsAfterFrameHeader() throws {
        let folder = try TemporaryDirectory("after-sof")
        let path = try TestMetadata.jpeg("late.jpg", in: folder, exiftool: ["-XMP-dc:Title=Late title", "-IPTC:Keywords=late"])
        // Move exiftool's APP1 (XMP) and APP13 (IPTC) segments to just after the SOF0 segment.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var moved: [UInt8] = []
        var at = 2
        while bytes[at] == 0xFF, bytes[at + 1] != 0xC0 {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[at + 1] == 0xE1 || bytes[at + 1] == 0xED {
                moved += bytes[at ..< at + 2 + length]
                bytes.removeSubrange(at ..< at + 2 + length)
            } else {
                at += 2 + length
            }
        }
        #expect(!moved.isEmpty && bytes[at + 1] == 0xC0)
        let sofEnd = at + 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        bytes.insert(contentsOf: moved, at: sofEnd)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try Self.embedded(path)
        #expect(read.description.caption == "Late title" && read.description.keywords == ["late"], "\(read)")
        // Cut inside the moved segments: the size is known from the frame header, so the file is
        // not refused for damage in metadata that comes after it.
        let cut = try folder.write("cut.jpg", Array(bytes.prefix(sofEnd + 40)))
        let probe = try PhotoProbe.probe(path: cut)
        #expect(probe.width == 48 && probe.height == 32)
    }

    @Test("ImageMagick's raw profiles: hexadecimal as it writes them; short, odd or non-hex ones are nothing")
    func rawProfiles() {
        #expect(PNGTextChunk.rawProfile(Array("\nxmp\n       3\n616263\n".utf8)) == Array("abc".utf8))
        #expect(PNGTextChunk.rawProfile(Array("\niptc\n 4\n1c02\n0500\n".utf8)) == [0x1C, 0x02, 0x05, 0x00])
        #expect(PNGTextChunk.rawProfile(Array("\nxmp\n 4\n616263\n".utf8)) == nil)
        #expect(PNGTextChunk.rawProfile(Array("\nxmp\n 2\n6x6263\n".utf8)) == nil)
        #expect(PNGTextChunk.rawProfile(Array("\nxmp\n 99999999999\n61\n".utf8)) == nil)
        #expect(PNGTextChunk.rawProfile(Array("xmp".utf8)) == nil)
        #expect(PNGTextChunk.metadata(type: "tEXt", chunk: Array("Comment\0hello".utf8)) == nil)
        #expect(PNGTextChunk.metadata(type: "zTXt", chunk: Array("Raw profile type xmp\0\0not zlib".utf8)) == nil)
    }

    @Test("Extended XMP: a description too long for one segment is put together from its parts")
    func extendedXMP() throws {
        let folder = try TemporaryDirectory("extended-xmp")
        let long = String(repeating: "Une très longue description. ", count: 3_000)  // ~90 KB: past one APP1 segment
        let path = try TestMetadata.jpeg("long.jpg", in: folder, exiftool: ["-XMP-dc:Title=Court", "-XMP-dc:Description=" + long])
        let probe = try PhotoProbe.probe(path: path)
        #expect(!probe.extendedXMP.isEmpty, "exiftool wrote no Extended XMP")
        let read = try Self.embedded(path).description
        #expect(read.caption == "Court")
        #expect(read.description == PhotoDescription.cleaned(long))
    }

    @Test("bad XMP: entities (billion laughs, an external file), broken XML, invalid UTF-8 and a huge packet are refused, never expanded")
    func badXMP() throws {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&b;</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        #expect(throws: XMPError.declaresEntities) { try XMPPacket(parsing: Array(laughs.utf8)) }
        let external = """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&secret;</dc:title></rdf:Description></rdf:RDF>
            """
        #expect(throws: XMPError.declaresEntities) { try XMPPacket(parsing: Array(external.utf8)) }
        let broken = "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description>"
        #expect { try XMPPacket(parsing: Array(broken.utf8)) } throws: { error in
            guard case XMPError.notXML = error else { return false }
            return true
        }
        var invalid = Array("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description xmlns:dc=\"http://purl.org/dc/elements/1.1/\" dc:format=\"".utf8)
        invalid += [0xC3, 0x28] + Array("\"/></rdf:RDF>".utf8)
        #expect { try XMPPacket(parsing: invalid) } throws: { error in
            guard case XMPError.notXML = error else { return false }
            return true
        }
        #expect(throws: XMPError.tooLarge(bytes: XMPPacket.largestPacket + 1)) {
            try XMPPacket(parsing: [UInt8](repeating: 0x20, count: XMPPacket.largestPacket + 1))
        }
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: XMPError.tooComplex) { try XMPPacket(parsing: Array(deep.utf8)) }
        // Bytes after the packet (padding a writer left) are not the packet's.
        let padded = "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:Rating=\"3\"/></rdf:RDF>\0\0\0"
        #expect(PhotoDescription(xmp: try XMPPacket(parsing: Array(padded.utf8))).rating == 3)
    }

    @Test("a damaged IPTC block: what can be read is, with one warning")
    func damagedIPTC() throws {
        let folder = try TemporaryDirectory("iptc-damaged")
        let path = try TestMetadata.jpeg("a.jpg", in: folder, exiftool: ["-IPTC:ObjectName=Fine", "-IPTC:Caption-Abstract=" + String(repeating: "x", count: 300)])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The caption's dataset length made larger than the block.
        let marker: [UInt8] = [0x1C, 0x02, 120]
        let at = try #require(bytes.firstRange(of: marker)).lowerBound
        (bytes[at + 3], bytes[at + 4]) = (0x7F, 0xFF)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (description, warnings) = try Self.embedded(path)
        #expect(description.caption == "Fine")
        #expect(description.description == nil)
        #expect(warnings.count == 1 && warnings[0].contains("IPTC dataset 2:120"), "\(warnings)")
    }

    @Test("damaged copies of described files (cut, bits flipped, parts swapped; seeded, and bits flipped inside the XMP and IPTC themselves): read or refused, never a crash", arguments: [1, 2])
    func damagedDescribedFiles(seed: UInt64) throws {
        let work = try TemporaryDirectory("damaged-descriptions")
        let tags = ["-XMP-dc:Title=Titre", "-XMP-dc:Subject=sea", "-XMP-lr:HierarchicalSubject=Places|France|Brest", "-XMP-xmp:Rating=4",
                    "-XMP-mwg-rs:RegionInfo={RegionList=[{Area={W=0.1,H=0.2,X=0.3,Y=0.4,Unit=normalized},Name=Anna,Type=Face}]}"]
        try TestMetadata.jpeg("described.jpg", in: work, exiftool: tags + [
            "-IPTC:CodedCharacterSet=UTF8", "-IPTC:ObjectName=Titre IPTC", "-IPTC:Keywords=mer", "-IPTC:City=Brest", "-IPTCDigest=new",
            "-EXIF:UserComment=Commentaire", "-EXIF:XPKeywords=un;deux",
            "-XMP-dc:Description=" + String(repeating: "Une longue description. ", count: 3_000),  // Extended XMP
        ])
        for (name, bytes) in [("described.png", TestImages.png(width: 40, height: 30)), ("described.webp", try TestImages.webp(width: 40, height: 30)),
                              ("described.heic", try TestImages.heif(width: 64, height: 64))] {
            try TestMetadata.write(tags, to: try work.write(name, bytes))
        }
        try TestVideos.make(work.path + "/described.mp4", width: 64, height: 48, seconds: 0.4, audio: false, metadata: ["title": "Clip", "keywords": "a, b"])
        try TestMetadata.write(tags, to: work.path + "/described.mp4")

        var random = SplitMix64(seed: seed)
        var outcomes: [String: Int] = [:]
        for name in ["described.jpg", "described.png", "described.webp", "described.heic", "described.mp4"] {
            let bytes = [UInt8](try Data(contentsOf: work.url.appending(path: name)))
            var copies = DamagedMedia.damagedCopies(of: bytes, count: 6, seed: seed &* 7919 &+ UInt64(bytes.count)).map(\.bytes)
            // Bits flipped where the words are: inside the XMP packet and the IPTC block.
            let starts = [bytes.firstRange(of: Array("<x:xmpmeta".utf8))?.lowerBound, bytes.firstRange(of: Array("8BIM".utf8))?.lowerBound].compactMap { $0 }
            for start in starts {
                for _ in 0 ..< 4 {
                    var copy = bytes
                    for _ in 0 ..< 3 {
                        let at = min(bytes.count - 1, start + Int.random(in: 0 ..< 600, using: &random))
                        copy[at] ^= UInt8(1) << UInt8.random(in: 0 ..< 8, using: &random)
                    }
                    copies.append(copy)
                }
            }
            for (index, copy) in copies.enumerated() {
                let path = try work.write("damaged/\(index)-\(name)", copy)
                let outcome: String
                do {
                    if VideoProbe.container(atPath: path) != nil {
                        let probe = try VideoProbe.probe(path: path)
                        outcome = probe.descriptionWarnings.isEmpty ? "read" : "read with a warning"
                    } else {
                        let probe = try PhotoProbe.probe(path: path)
                        outcome = Self.describe(probe).warnings.isEmpty ? "read" : "read with a warning"
                    }
                } catch {
                    // Typed: only ProbeError can come out (a video's through its own probe).
                    outcome = "refused by the probe"
                }
                outcomes[outcome, default: 0] += 1
            }
        }
        // The damage must reach the readers (some copies read with a warning), and not only
        // the refusals; no copy may take the process down (ASan: `make test-asan`).
        #expect(outcomes["read with a warning", default: 0] > 0 && outcomes["read", default: 0] > 0, "\(outcomes)")
    }

    static func describe(_ probe: ProbeResult) -> (description: PhotoDescription, warnings: [String]) {
        PhotoDescription.embedded(in: probe, exif: probe.exif.map(EXIFReader.read(tiff:)) ?? EXIFReading())
    }

    @Test("MD5 as RFC 1321's examples give it")
    func md5() {
        func hex(_ text: String) -> String { MD5.digest(Array(text.utf8)).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
        #expect(hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890") == "57edf4a22be3c955ac49da2e2107b67a")
    }
}
