import Foundation
import GalleryStore

/// Where the site's browse page of a person, a keyword or a place is, by its name in any case:
/// what the lightbox links a photo's people, keywords and place to. One copy for the whole
/// site, in its own data file (`SiteFileName.browseLinks`), not in every cell: a photo shown on
/// seven pages carried its links seven times (a sixth of the site's bytes), and a new browse
/// page changed every cell that named it (issue 51).
struct BrowseLinks: Sendable {
    private var files: [String: String] = [:]

    init() {}

    /// The pages of `albums.browsePages`, by kind and folded name.
    init(_ albums: SiteAlbums) {
        for page in albums.browsePages {
            let file = SiteFileName.album(stem: page.links.stem, .page(.masonry)).name
            switch page.browse {
            case .person(let name)?: files[Self.key("person", name)] = file
            case .keyword(let name)?: files[Self.key("keyword", name)] = file
            case .place(let name)?: files[Self.key("place", name)] = file
            default: break
            }
        }
    }

    /// "kind:name" with the name folded as the page's script folds it (`galleryBrowseLinks` in
    /// gallery-3-album.js): lower case, composed, and σ for ς — JavaScript's toLowerCase
    /// writes a word's last sigma as ς, Swift's lowercased() as σ.
    static func key(_ kind: String, _ name: String) -> String {
        kind + ":" + name.lowercased().precomposedStringWithCanonicalMapping.replacingOccurrences(of: "ς", with: "σ")
    }

    var isEmpty: Bool { files.isEmpty }

    /// The data file: `galleryData({"pages":{"keyword:boats":"keyword-boats-….html",…}})`, keys sorted.
    func script() throws -> String { try AlbumData.script(["pages": files]) }
}
