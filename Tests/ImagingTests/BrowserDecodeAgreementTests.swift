import Foundation
import GalleryTestSupport
import Imaging
import Testing

/// Damaged copies (seeded: cut, bits flipped, parts swapped) of real cameras' JPEGs and of a PNG
/// as ImageMagick writes it, shown by Chromium and read by the gallery: a file Chromium draws
/// something of is a file the gallery takes (found this way: PNGs with a bad CRC, a cut or a bad
/// row, which Chromium shows up to the damage and libpng's simplified API refused whole).
@Suite("Damaged JPEGs and PNGs: what Chromium draws, the gallery takes")
struct BrowserDecodeAgreementTests {
    @Test("every damaged copy Chromium draws pixels of decodes here too")
    func drawnByChromiumTakenHere() throws {
        let folder = try TemporaryDirectory("damaged-decode")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/real-exif")
        var sources: [(String, [UInt8])] = []
        for name in ["L01.jpg", "r_canon.jpg", "r_sony.jpg"] { sources.append((name, [UInt8](try Data(contentsOf: fixtures.appending(path: name))))) }
        let png = folder.url.appending(path: "src.png").path
        try TestVideos.run(TestMetadata.imageMagick, [fixtures.appending(path: "L01.jpg").path, png])
        sources.append(("L01.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))))
        var names: [String] = []
        var ours: [String: String] = [:]
        for (name, bytes) in sources {
            for (index, copy) in DamagedMedia.damagedCopies(of: bytes, count: 60, seed: 7 &+ UInt64(bytes.count)).enumerated() {
                let file = "d\(index)-\(name)"
                let path = try folder.write(file, copy.bytes)
                names.append(file)
                do {
                    let probe = try PhotoProbe.probe(path: path)
                    _ = try ImageDecoder.decode(path: path, format: probe.format, minWidth: 100, minHeight: 100)
                    ours[file] = "made"
                } catch {
                    ours[file] = "refused: \(error) [\(copy.damage)]"
                }
            }
        }
        let html = "<html><body>" + names.map { "<img src=\"\($0)\">" }.joined() + "</body></html>"
        let page = folder.url.appending(path: "index.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        // Over HTTP, from the page's own origin: a canvas that drew a file:// image may not be
        // read back.
        let server = try LoopbackServer(serving: folder.url)
        defer { server.stop() }
        let browser = try ChromiumSession()
        try browser.open(server.baseURL.appending(path: "index.html"), width: 800, height: 600)
        let result = try browser.evaluate("""
            (async () => {
              const imgs = [...document.images];
              await Promise.all(imgs.map((i) => i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; })));
              // Drawn: any pixel not transparent (a header alone gives a size and a blank box).
              const canvas = document.createElement('canvas');
              const context = canvas.getContext('2d', { willReadFrequently: true });
              return JSON.stringify(imgs.map((i) => {
                if (!i.naturalWidth) return [i.getAttribute('src'), 0];
                canvas.width = i.naturalWidth; canvas.height = i.naturalHeight;
                context.clearRect(0, 0, canvas.width, canvas.height);
                context.drawImage(i, 0, 0);
                const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
                for (let k = 3; k < data.length; k += 4) if (data[k]) return [i.getAttribute('src'), 1];
                return [i.getAttribute('src'), 0];
              }));
            })()
            """) as? String ?? "[]"
        let decoded = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [[Any]] ?? []
        #expect(decoded.count == names.count)
        var browserOnly: [String] = []
        var drawn = 0
        for row in decoded {
            let name = row[0] as? String ?? "", shown = row[1] as? Int ?? 0
            drawn += shown
            if shown > 0, ours[name] != "made" { browserOnly.append("\(name): \(ours[name] ?? "?")") }
        }
        #expect(browserOnly.isEmpty, "Chromium draws these, the gallery refuses them:\n\(browserOnly.joined(separator: "\n"))")
        // Damage both refuse would test nothing.
        #expect(drawn > names.count / 4 && drawn < names.count, "\(drawn) of \(names.count) drawn")
    }

    @Test("a PNG with a wrong CRC is the same picture; one cut short keeps its first rows, the rest the page's background")
    func pngAsBrowsersShowIt() throws {
        let folder = try TemporaryDirectory("png-damage")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/real-exif")
        let path = folder.url.appending(path: "photo.png").path
        try TestVideos.run(TestMetadata.imageMagick, [fixtures.appending(path: "L01.jpg").path, "-define", "png:compression-level=1", path])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try ImageDecoder.decode(bytes, format: .png)
        // The last byte of the first IDAT chunk's CRC changed.
        let idat = try #require((8 ..< bytes.count - 8).first { Array(bytes[$0 ..< $0 + 4]) == Array("IDAT".utf8) })
        let length = Int(bytes[idat - 4]) << 24 | Int(bytes[idat - 3]) << 16 | Int(bytes[idat - 2]) << 8 | Int(bytes[idat - 1])
        var badCRC = bytes
        badCRC[idat + 4 + length + 3] ^= 0x5A
        #expect(try ImageDecoder.decode(badCRC, format: .png).pixels == whole.pixels)
        // Cut in the middle of the picture's data.
        let cut = Array(bytes.prefix(idat + 4 + length / 2))
        let partial = try ImageDecoder.decode(cut, format: .png)
        #expect((partial.width, partial.height) == (whole.width, whole.height))
        let row = whole.width * 3
        #expect(partial.pixels.prefix(row * 20) == whole.pixels.prefix(row * 20), "the first rows are the picture's")
        let (r, g, b) = ImageDecoder.background
        #expect(Array(partial.pixels.suffix(3)) == [r, g, b], "the missing rows are the background")
        #expect(try ImageDecoder.warnings(in: cut, format: .png)?.contains("left blank, as browsers show it") == true)
        // Not one row: refused.
        #expect(throws: CodecError.self) { try ImageDecoder.decode(Array(bytes.prefix(idat + 8)), format: .png) }
    }
}
