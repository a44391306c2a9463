import Foundation
import GalleryCrypt
@testable import GalleryHTML
import GalleryTestSupport
import Testing

/// What the export seals (GalleryCrypt), the page opens (Assets/private.js, WebCrypto) in
/// every engine: the password typed in another Unicode form opens the key, the wrong one says
/// so, every file opens to the bytes sealed (text gzipped first too), and a changed, cut or
/// reordered file is refused.
@Suite("Private albums' crypto in the browser: Swift seals, WebCrypto opens", .serialized)
struct PrivateCryptoBrowserTests {
    struct Report: Decodable {
        var wrong: String
        var opened: [String: String]
        var refused: [String: String]
    }

    static func sha256(_ bytes: some DataProtocol) throws -> String {
        let folder = try TemporaryDirectory("sha")
        try folder.write("f", Array(bytes))
        let run = try GalleryBinary.run([folder.url.appending(path: "f").path], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
        return String(run.stdout.prefix(64))
    }

    @Test("each engine opens what Swift sealed and refuses what was changed", arguments: BrowserEngine.allCases)
    func opens(engine: BrowserEngine) throws {
        let work = try TemporaryDirectory("private-crypto")
        let key = AlbumKey.random()
        let password = "corre\u{0301}ct horse 🐎"
        try work.write("key.json", Array(try JSONEncoder().encode(try WrappedAlbumKey(wrapping: key, password: password))))
        var expected: [String: String] = [:]
        var sealedPhoto: [UInt8] = []
        for (name, size) in [("photo", 150_000), ("empty", 0), ("one", 1), ("exact", 65_536)] {
            let plain = (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            let sealed = Array(try SealedFile.seal(plain, key: key))
            if name == "photo" { sealedPhoto = sealed }
            try work.write(name + ".bin", sealed)
            expected[name] = try Self.sha256(plain)
        }
        // A page of words, gzipped before it is sealed ("GALZ"), over several segments.
        var state: UInt32 = 7
        let words = ["harbour", "caption", "Grandmother's", "kitchen", "<div class=\"cell\">", "é", "🐎", "\n"]
        let page = Array((0 ..< 600_000).map { _ -> String in
            state = state &* 1_664_525 &+ 1_013_904_223
            return words[Int(state >> 29)]
        }.joined(separator: " ").utf8)
        let sealedPage = Array(try SealedFile.seal(page, key: key, gzipping: true))
        #expect(Array(sealedPage.prefix(4)) == SealedFile.gzippedMagic && sealedPage.count > 2 * SealedFile.segmentSize && sealedPage.count < page.count / 2)
        try work.write("page.bin", sealedPage)
        expected["page"] = try Self.sha256(page)
        let segment = SealedFile.segmentSize + SealedFile.tagSize
        var flipped = sealedPhoto
        flipped[24 + segment + 7] ^= 0x80
        var swapped = sealedPhoto
        swapped.replaceSubrange(24 ..< 24 + 2 * segment, with: Array(sealedPhoto[24 + segment ..< 24 + 2 * segment]) + Array(sealedPhoto[24 ..< 24 + segment]))
        var length = sealedPhoto
        length[16] ^= 0x01
        var relabelled = sealedPage
        relabelled[3] = SealedFile.magic[3]
        let damaged: [String: [UInt8]] = ["flipped": flipped, "swapped": swapped, "cut": Array(sealedPhoto.dropLast(1)), "length": length, "relabelled": relabelled,
                                          "other-key": Array(try SealedFile.seal([1, 2, 3], key: AlbumKey.random()))]
        for (name, bytes) in damaged { try work.write(name + ".bin", bytes) }
        try work.write("private.js", text: SiteAssets.privateScript)
        try work.write("index.html", text: """
            <!doctype html><html><head><meta charset="utf-8"><script src="private.js"></script>
            <script>\(BrowserEngine.resultScript)</script></head><body><script>
            (async () => {
              const hex = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
              const bytes = async (name) => new Uint8Array(await (await fetch(name + '.bin')).arrayBuffer());
              const wrapped = await (await fetch('key.json')).json();
              let wrong = 'opened';
              try { await galleryPrivate.unwrapKey(wrapped, 'correct horse'); } catch (error) { wrong = error.code; }
              // Typed in NFC: the export wrapped it in NFD.
              const key = await galleryPrivate.unwrapKey(wrapped, 'corr\\u00e9ct horse 🐎');
              const opened = {}, refused = {};
              for (const name of \(Array(expected.keys).sorted())) opened[name] = await hex(await galleryPrivate.openFile(key, await bytes(name)));
              for (const name of \(Array(damaged.keys).sorted())) {
                try { await galleryPrivate.openFile(key, await bytes(name)); refused[name] = 'opened'; } catch (error) { refused[name] = error.code || String(error); }
              }
              galleryTestReport({ wrong, opened, refused });
            })().catch((error) => galleryTestReport({ error: String(error && error.stack || error) }));
            </script></body></html>
            """)
        let report = try JSONDecoder().decode(Report.self, from: engine.open("index.html", in: work.url, width: 400, height: 300, timeout: 120))
        #expect(report.wrong == "wrong-password", "\(engine)")
        #expect(report.opened == expected, "\(engine)")
        #expect(report.refused == Dictionary(uniqueKeysWithValues: damaged.keys.map { ($0, "damaged") }), "\(engine): \(report.refused)")
    }
}
