import GallerySiteFiles

/// HTML from the library's text (captions, comments, file and album names): escaped by the one
/// escaper (`MarkupText`), and set in each band's lines.
enum HTML {
    /// `text` as a CSS string ("…", for `content`): quotes, backslashes and every character
    /// outside printable ASCII as hexadecimal escapes, so that the style sheet reads the same
    /// whatever encoding a browser assumes for it.
    static func cssString(_ text: String) -> String {
        var css = "\""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                css.unicodeScalars.append(scalar)
            } else {
                css += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return css + "\""
    }

    static func escape(_ text: String) -> String { MarkupText.escaped(text) }

    /// A text set in other lines in each band: its parts between every place some band
    /// breaks a line, and for each place (between part i and i + 1) the bands that break there.
    static func bandLines(_ text: String, lineStarts: [[Int]]) -> (parts: [String], breaks: [[Int]]) {
        let length = text.utf8.count
        var bandsAt: [Int: [Int]] = [:]
        for (band, starts) in lineStarts.enumerated() {
            for start in Set(starts) where start > 0 && start < length { bandsAt[start, default: []].append(band) }
        }
        let cuts = bandsAt.keys.sorted()
        return (lineTexts(text, lineStarts: cuts), cuts.map { bandsAt[$0, default: []] })
    }

    /// A text set in other lines in each band, as HTML: a `<br>` at each place some band
    /// breaks, `data-b` the bands that do (`data-b=03`: bands 0 and 3); the style sheet shows only
    /// the current band's. What is between two lines stays (a space, a line feed), so the text
    /// reads and copies as written; CSS removes white space at the end of a line.
    static func bandLinesHTML(_ text: String, lineStarts: [[Int]]) -> String {
        let (parts, breaks) = bandLines(text, lineStarts: lineStarts)
        var html = escape(parts.first ?? "")
        for (part, bands) in zip(parts.dropFirst(), breaks) {
            // Unquoted: letters and digits need no quotes, and a quote costs two bytes in the
            // data files' JSON (15 breaks a cell in the bench's texts: 76 bytes a cell).
            html += "<br data-b=" + bandLetters(bands) + ">" + escape(part)
        }
        return html
    }

    /// One character per band, as a `<br data-b>` lists the bands it breaks in (the style
    /// sheet matches `[data-b*="…"]`).
    static let bandAlphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    static func bandLetters(_ bands: [Int]) -> String {
        String(bands.map { bandAlphabet[$0 % bandAlphabet.count] })
    }

    /// The text cut at `lineStarts` (UTF-8 offsets), nothing dropped.
    static func lineTexts(_ text: String, lineStarts: [Int]) -> [String] {
        let bytes = Array(text.utf8)
        let cuts = [0] + lineStarts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
        return (0 ..< cuts.count - 1).filter { cuts[$0] <= cuts[$0 + 1] }.map { String(decoding: bytes[cuts[$0] ..< cuts[$0 + 1]], as: UTF8.self) }
    }

    /// A CSS px value, rounded to 1/1000 px and written as short as it reads back: the same
    /// digits the data files carry (AlbumData), so a cell the script makes from them is the
    /// cell the page writes.
    static func px(_ value: Double) -> String {
        let value = rounded(value)
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// To 1/1000 px: finer than any screen draws; JSON then prints such numbers short.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// To `digits` decimals: for factors that multiply a width (a y's share of the photos'
    /// scale), where 1/1000 would be off by a fraction of a px.
    static func rounded(_ value: Double, digits: Int) -> Double {
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// A number as JSON and the script write it: the shortest digits that read back as the
    /// same double, no ".0".
    /// A video's length as players show it: "0:42", "12:05", "1:02:09" (whole seconds, rounded).
    /// gallery-3-album.js `galleryDurationText` writes the same.
    static func durationText(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A factor as `rounded(_:digits:)` keeps it, written short.
    static func factor(_ value: Double) -> String {
        let value = rounded(value, digits: 7)
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
