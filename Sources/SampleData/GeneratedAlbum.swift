import Foundation
import GalleryJSON
import Imaging

/// A large album for tests and benchmarks: `count` small real JPEGs of varied aspect ratio
/// (1:3 portraits to 3:1 panoramas) in `folder/name/`, and an `annotations.json` beside them
/// with captions and comments of varied length (some empty, some long). Each photo says when it
/// was taken (EXIF DateTimeOriginal): over up to twenty years from 2006, in file order, so a
/// date-sorted album has years and months to scrub through (`takenAt`); and where (GPS): near one of a
/// dozen towns, a few km either way, so a map has clusters to draw; and, in an XMP packet as
/// Lightroom embeds it, keywords, people, the town's place names and a rating, each drawn from a
/// skewed vocabulary (a few names are common, most rare), so browse pages and search have
/// pages of every size to draw. Seeded: the same arguments write the same bytes.
enum GeneratedAlbum {
    static let words = """
        harbour light morning tide path ridge quiet ferry window evening stone river garden market \
        winter station rooftop lantern orchard island coast bridge mist valley snow forest lake \
        shadow street café bicycle mountain summer autumn sunrise harbour-wall boats gulls dunes \
        the a of and with after before under over along near through late early long short
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static func write(count: Int, name: String = "big", into folder: URL, seed: UInt64 = 2026) throws {
        var random = SplitMix64(seed: seed)
        // The XMP's own stream: captions, comments, sizes and places stay what they were.
        var tags = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        let album = folder.appending(path: name)
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        let scenes = Scene.allCases
        var annotations: [GeneratedAnnotation] = []
        annotations.reserveCapacity(count)
        for i in 0 ..< count {
            let ratio = [0.33, 0.56, 0.67, 0.75, 0.75, 1.0, 1.33, 1.33, 1.5, 1.78, 3.0][Int(random.next() % 11)]
            let width = 40 + Int(random.next() % 24)
            let height = max(8, Int((Double(width) / ratio).rounded()))
            let canvas = scenes[i % scenes.count].draw(width: width, height: height, rng: &random)
            let pixels = canvas.rgbBytes(rng: &random)
            let (gps, town) = Self.gps(&random)
            let bytes = Self.embedding(xmp: Self.xmp(town: town, &tags), in: try JPEGEncoder.encode(
                pixels: pixels, width: width, height: height, format: .rgb,
                options: .init(quality: 70, app1: Array("Exif".utf8) + [0, 0] + EXIFBuilder.tiff(
                    ifd0: [], exif: [(0x9003, .ascii(Self.takenAt(i)))], gps: gps))))
            let file = String(format: "photo-%06ld.jpg", i)
            try Data(bytes).write(to: album.appending(path: file))
            func sentence(_ maximum: Int) -> String {
                let n = Int(random.next() % UInt64(maximum + 1))
                let text = (0 ..< n).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
                return text.prefix(1).uppercased() + text.dropFirst()
            }
            let caption = random.next() % 8 == 0 ? "" : sentence(9)
            let comment = random.next() % 4 == 0 ? "" : sentence(45)
            annotations.append(GeneratedAnnotation(photo: "\(name)/\(file)", caption: caption, comment: comment))
        }
        try Data(try JSON.encode(annotations, JSONOutput(pretty: true, sortedKeys: true))).write(to: folder.appending(path: "annotations.json"))
    }
}

extension GeneratedAlbum {
    /// Photo `i`'s capture time as EXIF writes it, whatever the album's size (an album made
    /// larger keeps its first photos' files): from 1 January 2006 on, a week apart at first and
    /// closer as they go (a thousand photos span 10 years, 100,000 nearly 20), in file order
    /// (calendar arithmetic by Foundation, in UTC: the camera's own clock).
    static func takenAt(_ i: Int) -> String {
        let start = 1_136_073_600.0  // 2006-01-01T00:00:00Z
        let span = 20 * 365.25 * 86_400
        let seconds = start + span * (1 - 1_000 / (1_000 + Double(i)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(format: "%04ld:%02ld:%02ld %02ld:%02ld:%02ld", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }
}

extension GeneratedAlbum {
    /// Towns the generated photos are taken near (latitude, longitude).
    static let towns: [(Double, Double)] = [
        (48.39, -4.49), (47.87, -3.92), (56.82, -5.11), (57.48, -4.22), (38.72, -9.14), (41.15, -8.61),
        (52.52, 13.40), (53.55, 9.99), (45.76, 4.84), (43.30, 5.37), (35.68, 139.69), (34.69, 135.50),
    ]

    /// A GPS IFD for a place near one of `towns` (within about 5 km), as cameras write it:
    /// degrees, minutes and seconds with the hemispheres' letters; and which town.
    static func gps(_ random: inout SplitMix64) -> (ifd: [(Int, EXIFBuilder.Value)], town: Int) {
        let index = Int(random.next() % UInt64(towns.count))
        let town = towns[index]
        let latitude = town.0 + (Double(random.next() % 10_001) / 10_000 - 0.5) * 0.09
        let longitude = town.1 + (Double(random.next() % 10_001) / 10_000 - 0.5) * 0.13
        func dms(_ value: Double) -> [(UInt32, UInt32)] {
            let degrees = abs(value), whole = degrees.rounded(.down), minutes = (degrees - whole) * 60, wholeMinutes = minutes.rounded(.down)
            return [(UInt32(whole), 1), (UInt32(wholeMinutes), 1), (UInt32(((minutes - wholeMinutes) * 60 * 100).rounded()), 100)]
        }
        return ([(0x0001, .ascii(latitude < 0 ? "S" : "N")), (0x0002, .rational(dms(latitude))),
                 (0x0003, .ascii(longitude < 0 ? "W" : "E")), (0x0004, .rational(dms(longitude)))], index)
    }
}

extension GeneratedAlbum {
    /// `towns`' names as a photo's place says them: city, region, country.
    static let townNames: [(String, String, String)] = [
        ("Brest", "Bretagne", "France"), ("Concarneau", "Bretagne", "France"), ("Fort William", "Scotland", "United Kingdom"),
        ("Inverness", "Scotland", "United Kingdom"), ("Lisboa", "Lisboa", "Portugal"), ("Porto", "Porto", "Portugal"),
        ("Berlin", "Berlin", "Deutschland"), ("Hamburg", "Hamburg", "Deutschland"), ("Lyon", "Auvergne-Rhône-Alpes", "France"),
        ("Marseille", "Provence-Alpes-Côte d'Azur", "France"), ("東京", "東京都", "日本"), ("大阪", "大阪府", "日本"),
    ]

    static let keywords = [
        "sailing", "family", "architecture", "street photography", "black & white", "food", "sunset", "wildlife",
        "portrait", "travel", "beach", "night", "birds", "flowers", "hiking", "festival", "café", "Noël", "château",
        "桜", "rain", "reflections", "lighthouse", "long exposure", "autumn leaves", "kids", "dog", "concert",
        "museum", "film", "macro", "panorama", "Fußball", "fête de la musique", "snow", "boats",
    ]

    static let people = [
        "Ana Sousa", "Jonas Berg", "Maël Le Goff", "Yuki Tanaka", "Ingrid Ødegaard", "José Álvarez", "Siobhán O'Neill",
        "Zoë Martin", "Li Wei", "田中 花子", "Kofi Mensah", "Priya Raman", "Émile Durand", "Hannah Schmidt",
        "Lucas Ferreira", "Nora Lindqvist", "Tomás Ruiz", "Aoife Byrne", "Mateo Rossi", "Sven Larsen",
    ]

    /// A pick from `list`, the first names far more often than the last (u² skews it).
    static func skewed<T>(_ list: [T], _ random: inout SplitMix64) -> T {
        let u = Double(random.next() % 1_000_000) / 1_000_000
        return list[min(list.count - 1, Int(u * u * Double(list.count)))]
    }

    /// The photo's XMP packet: keywords for most photos, people for some, the town's names,
    /// a rating for a third (a tenth of all 4 or 5 stars).
    static func xmp(town: Int, _ random: inout SplitMix64) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "'", with: "&apos;")
        }
        func bag(_ names: [String]) -> String {
            "<rdf:Bag>" + names.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joined() + "</rdf:Bag>"
        }
        var chosenKeywords: [String] = [], chosenPeople: [String] = []
        for _ in 0 ..< Int(random.next() % 4) {
            let keyword = skewed(keywords, &random)
            if !chosenKeywords.contains(keyword) { chosenKeywords.append(keyword) }
        }
        if random.next() % 5 < 2 {
            for _ in 0 ... Int(random.next() % 2) {
                let person = skewed(people, &random)
                if !chosenPeople.contains(person) { chosenPeople.append(person) }
            }
        }
        let roll = random.next() % 100
        let rating = roll < 3 ? 5 : roll < 10 ? 4 : roll < 25 ? 3 : roll < 33 ? 2 : nil
        let (city, state, country) = townNames[town]
        var fields = "<photoshop:City>\(escaped(city))</photoshop:City><photoshop:State>\(escaped(state))</photoshop:State>"
            + "<photoshop:Country>\(escaped(country))</photoshop:Country>"
        if let rating { fields += "<xmp:Rating>\(rating)</xmp:Rating>" }
        if !chosenKeywords.isEmpty { fields += "<dc:subject>\(bag(chosenKeywords))</dc:subject>" }
        if !chosenPeople.isEmpty { fields += "<Iptc4xmpExt:PersonInImage>\(bag(chosenPeople))</Iptc4xmpExt:PersonInImage>" }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
            xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
            xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">\
            \(fields)</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>
            """
    }

    /// `jpeg` with `xmp` in an APP1 segment after its leading APPn segments (JFIF, EXIF), where
    /// cameras and Lightroom put it.
    static func embedding(xmp: String, in jpeg: [UInt8]) -> [UInt8] {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, (0xE0 ... 0xEF).contains(jpeg[at + 1]) {
            at += 2 + Int(jpeg[at + 2]) << 8 + Int(jpeg[at + 3])
        }
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(xmp.utf8)
        let length = payload.count + 2
        return Array(jpeg[..<at]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[at...])
    }
}

/// One entry of the generated album's annotations.json.
struct GeneratedAnnotation: Encodable {
    var photo: String
    var caption: String
    var comment: String
}
