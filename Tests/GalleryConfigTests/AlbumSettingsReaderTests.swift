import Foundation
import GalleryConfig
import GalleryTestSupport
import Testing

@Suite("album.toml and index.md: title, description, cover, order, hidden; mistakes named by file, line and key")
struct AlbumSettingsReaderTests {
    static func album(_ files: [String: String], photos: [String] = ["a.jpg", "b.jpg"]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("album")
        for photo in photos { try folder.write(photo, [0xFF, 0xD8, 0xFF, 0xD9]) }
        for (name, text) in files { try folder.write(name, text: text) }
        return folder
    }

    @Test("album.toml: every key; the description is Markdown")
    func toml() throws {
        let folder = try Self.album(["album.toml": "title = \"Summer\"\ndescription = \"Two *weeks*.\"\ncover = \"b.jpg\"\norder = -1\nhidden = true\n"])
        let settings = try #require(try AlbumSettingsReader.read(folder: folder.path))
        #expect(settings == AlbumSettings(title: "Summer", descriptionHTML: "<p>Two <em>weeks</em>.</p>", cover: "b.jpg", order: -1, hidden: true))
        let empty = try Self.album([:])
        #expect(try AlbumSettingsReader.read(folder: empty.path) == nil)
        // Who may see it, and a private album's password and title (index.md's front matter alike).
        let unlisted = try Self.album(["album.toml": "access = \"unlisted\"\npassword_file = \"../pw.txt\"\nhide_title = true\n"])
        let read = try #require(try AlbumSettingsReader.read(folder: unlisted.path))
        #expect(read.access == .unlisted && read.visibility == .unlisted && read.passwordFile == "../pw.txt" && read.hideTitle)
        let front = try Self.album(["index.md": "---\naccess: unlisted\nhide_title: yes\npassword: \"x y\"\n---\n"])
        let fromFront = try #require(try AlbumSettingsReader.read(folder: front.path))
        #expect(fromFront.access == .unlisted && fromFront.hideTitle && fromFront.password == "x y")
        let wrong = try Self.album(["album.toml": "hide_title = \"yes\"\n"])
        #expect(throws: ConfigurationError.self) { try AlbumSettingsReader.read(folder: wrong.path) }
    }

    @Test("visibility: access decides, then hidden; only a public album is listed, only unlisted and private ones have unguessable addresses")
    func visibility() {
        let cases: [(hidden: Bool, access: AlbumSettings.Access, AlbumVisibility)] = [
            (false, .public, .public), (true, .public, .hidden), (false, .unlisted, .unlisted), (true, .unlisted, .unlisted),
            (false, .private, .private), (true, .private, .private),
        ]
        for (hidden, access, expected) in cases {
            let visibility = AlbumSettings(hidden: hidden, access: access).visibility
            #expect(visibility == expected, "hidden \(hidden), access \(access)")
            #expect(visibility.isListed == (expected == .public))
            #expect(visibility.hasUnguessableAddress == (access != .public))
        }
    }

    @Test("a Google Takeout album's metadata.json (in any of its languages): title and description where album.toml says none")
    func takeout() throws {
        let google = #"{"title": "Trip to Brittany", "description": "Two weeks <by the sea>\nwith friends", "access": "protected", "date": {"timestamp": "1690000000"}}"#
        let alone = try Self.album(["metadata.json": google])
        #expect(try AlbumSettingsReader.read(folder: alone.path) == AlbumSettings(title: "Trip to Brittany",
                                                                                   descriptionHTML: "<p>Two weeks &lt;by the sea&gt;<br>with friends</p>"))
        let german = try Self.album(["Metadaten.json": google])
        #expect(try AlbumSettingsReader.read(folder: german.path)?.title == "Trip to Brittany")
        let below = try Self.album(["metadata.json": google, "album.toml": "title = \"Bretagne\"\norder = 2\n"])
        let settings = try #require(try AlbumSettingsReader.read(folder: below.path))
        #expect(settings.title == "Bretagne" && settings.order == 2, "album.toml's own title wins")
        #expect(settings.descriptionHTML == "<p>Two weeks &lt;by the sea&gt;<br>with friends</p>", "and Google's description fills in")
        let foreign = try Self.album(["metadata.json": #"{"version": 3, "items": []}"#])
        #expect(try AlbumSettingsReader.read(folder: foreign.path) == nil, "another program's metadata.json is not an album's")
    }

    @Test("index.md: front matter keys, the body as the description")
    func markdown() throws {
        let folder = try Self.album(["index.md": "---\ntitle: \"Coast, July\"\ncover: a.jpg\norder: 3\nhidden: no\n---\nFirst paragraph.\n\n- one\n- two\n"])
        let settings = try #require(try AlbumSettingsReader.read(folder: folder.path))
        #expect(settings.title == "Coast, July" && settings.cover == "a.jpg" && settings.order == 3 && settings.hidden == false)
        #expect(settings.descriptionHTML == "<p>First paragraph.</p><ul><li>one</li><li>two</li></ul>", "\(settings.descriptionHTML ?? "")")
        // No front matter: only a description.
        let words = try Self.album(["index.md": "Just words."])
        let plain = try #require(try AlbumSettingsReader.read(folder: words.path))
        #expect(plain == AlbumSettings(descriptionHTML: "<p>Just words.</p>"))
    }

    @Test("each kind of mistake names the file, the line and the key", arguments: [
        (["album.toml": "title = \"x\"\ncovr = \"a.jpg\"\n"], "album.toml:2: covr: is not a key of album.toml"),
        (["album.toml": "\norder = \"first\"\n"], "album.toml:2: order: is text, not a whole number"),
        (["album.toml": "hidden = 1\n"], "album.toml:1: hidden: is a whole number, not true or false"),
        (["album.toml": "cover = \"missing.jpg\"\n"], "album.toml:1: cover: 'missing.jpg' is not a photo in this album's folder"),
        (["album.toml": "title = [\n"], "album.toml:1: is not valid TOML"),
        (["index.md": "---\ntitle: x\n\ncover: nope.jpg\n---\nText"], "index.md:4: cover: 'nope.jpg' is not a photo"),
        (["index.md": "---\norder: soon\n---\n"], "index.md:2: order: 'soon' is not a whole number"),
        (["index.md": "---\nsubtitle: x\n---\n"], "index.md:2: subtitle: is not a key of the front matter"),
        (["index.md": "x", "album.toml": "title = \"y\"\n"], "index.md: is beside an album.toml"),
    ])
    func mistakes(files: [String: String], message: String) throws {
        let folder = try Self.album(files)
        #expect {
            _ = try AlbumSettingsReader.read(folder: folder.path)
        } throws: { error in
            "\(error)".hasSuffix(message) || "\(error)".contains("/" + message)
        }
    }
}
