import CFFmpeg

/// What a video's metadata tags say of when, with what and where it was filmed. iPhones write
/// QuickTime keys (`com.apple.quicktime.creationdate` with the clock's offset, `…make`,
/// `…model`, `…location.ISO6709`); Android phones and cameras `creation_time` (UTC) and
/// `location`. The QuickTime keys win where both are present.
struct VideoMetadata {
    var takenAt: String?
    var make: String?
    var model: String?
    var location: (latitude: Double, longitude: Double)?
    var contentIdentifier: String?
    /// Its title, description and keywords (QuickTime keys, MP4 tags, its XMP), as a photo's.
    var description = PhotoDescription()
    var descriptionWarnings: [String] = []

    init(format: OpaquePointer?, stream: OpaquePointer?) {
        func value(_ keys: String...) -> String? {
            for dictionary in [format, stream] {
                for key in keys {
                    if let text = cffmpeg_metadata(dictionary, key).map({ String(cString: $0) })?.trimmingSpaces, !text.isEmpty {
                        return text
                    }
                }
            }
            return nil
        }
        takenAt = value("com.apple.quicktime.creationdate").flatMap(Self.localTime) ?? value("creation_time").flatMap(Self.utcTime)
        make = value("com.apple.quicktime.make", "make", "com.android.manufacturer")
        model = value("com.apple.quicktime.model", "model", "com.android.model")
        location = value("com.apple.quicktime.location.ISO6709", "location").flatMap(Self.iso6709)
        contentIdentifier = value("com.apple.quicktime.content.identifier")
        // The clip's XMP first (written by Lightroom, Premiere, exiftool), then its own tags.
        if let xmp = value("xmp") {
            do {
                description = PhotoDescription(xmp: try XMPPacket(parsing: Array(xmp.utf8)))
            } catch {
                descriptionWarnings.append(error.description)
            }
        }
        var tags = PhotoDescription()
        tags.title = PhotoDescription.cleaned(value("com.apple.quicktime.title", "title"))
        tags.description = PhotoDescription.cleaned(value("com.apple.quicktime.description", "description", "comment"))
        tags.keywords = value("com.apple.quicktime.keywords", "keywords").flatMap { text in
            PhotoDescription.cleanedList(text.split(whereSeparator: { $0 == "," || $0 == ";" }).map(String.init))
        }
        description = description.filling(from: tags)
    }

    /// "2024-07-14T18:32:05+0200" → "2024-07-14T18:32:05+02:00" (the camera's clock and its
    /// offset, as a photo's EXIF gives them).
    static func localTime(_ text: String) -> String? {
        guard let (clock, rest) = clockPart(text) else { return nil }
        var offset = rest.filter { $0 != ":" }
        if offset == "Z" { offset = "+0000" }
        guard offset.count == 5, let sign = offset.first, sign == "+" || sign == "-",
              offset.dropFirst().allSatisfy(\.isASCII), offset.dropFirst().allSatisfy(\.isNumber) else { return clock }
        return clock + String(offset.prefix(3)) + ":" + String(offset.suffix(2))
    }

    /// "2024-07-14T16:32:05.000000Z" → "2024-07-14T16:32:05+00:00"; a zero date (a camera
    /// without a clock writes 1904 or 1970) is nil.
    static func utcTime(_ text: String) -> String? {
        guard let (clock, _) = clockPart(text) else { return nil }
        return clock + "+00:00"
    }

    /// The "YYYY-MM-DDTHH:MM:SS" part, with ".mmm" when the fraction is not zero, and what follows.
    private static func clockPart(_ text: String) -> (String, Substring)? {
        let characters = Array(text)
        guard characters.count >= 19 else { return nil }
        let pattern = "dddd-dd-ddTdd:dd:dd"
        for (character, kind) in zip(characters, pattern) {
            if kind == "d" ? !(character.isASCII && character.isNumber) : (character != kind && !(kind == "T" && character == " ")) { return nil }
        }
        var clock = String(characters[0 ..< 10]) + "T" + String(characters[11 ..< 19])
        guard let year = Int(clock.prefix(4)), year > 1970 else { return nil }
        var rest = Substring(text).dropFirst(19)
        if rest.first == "." {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(1 + digits.count)
            let milliseconds = String((digits + "000").prefix(3))
            if milliseconds != "000" { clock += "." + milliseconds }
        }
        return (clock, rest)
    }

    /// ISO 6709 as phones write it: "+48.8577+002.2950+035.000/" (decimal degrees, then the
    /// altitude); degrees-and-minutes forms ("+4851.46+00217.70/") are read too.
    static func iso6709(_ text: String) -> (latitude: Double, longitude: Double)? {
        var parts: [Substring] = []
        var current = Substring()
        for character in text {
            if character == "+" || character == "-" {
                if !current.isEmpty { parts.append(current) }
                current = Substring(String(character))
            } else if character == "/" {
                break
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        guard parts.count >= 2, let latitude = degrees(parts[0], degreeDigits: 2), let longitude = degrees(parts[1], degreeDigits: 3),
              abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return (latitude, longitude)
    }

    /// "+48.8577" (degrees), "+4851.46" (degrees and minutes), "+485127.6" (and seconds).
    private static func degrees(_ part: Substring, degreeDigits: Int) -> Double? {
        guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
        let body = part.dropFirst()
        let whole = body.prefix { $0 != "." }
        guard !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Double(body) else { return nil }
        let degreesPart = Double(Int(String(whole.prefix(degreeDigits))) ?? 0)
        let magnitude: Double
        switch whole.count - degreeDigits {
        case ...0: magnitude = value
        case 2:
            let minutes = value - degreesPart * 100
            magnitude = degreesPart + minutes / 60
        case 4:
            let minutes = Double(Int(String(whole.dropFirst(degreeDigits).prefix(2))) ?? 0)
            let seconds = value - degreesPart * 10_000 - minutes * 100
            magnitude = degreesPart + minutes / 60 + seconds / 3600
        default: return nil
        }
        return sign == "-" ? -magnitude : magnitude
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
