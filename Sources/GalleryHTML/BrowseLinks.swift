import Foundation
import GalleryStore

/// Where the site's browse page of a person, a keyword or a place is, by its name in any case:
/// what the lightbox links a photo's people, keywords and place to.
struct BrowseLinks: Sendable {
    private var files: [String: String] = [:]

    init() {}

    /// The pages of `albums.browsePages`, by kind and case-folded name.
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

    private static func key(_ kind: String, _ name: String) -> String {
        kind + ":" + name.lowercased().precomposedStringWithCanonicalMapping
    }

    /// Every page, by kind and name, in order (what the pages' digest reads: `SiteSnapshot.sharedInputs`).
    var sortedFiles: [String] { files.sorted { $0.key < $1.key }.map { $0.key + " " + $0.value } }

    /// A cell's links: "person:NAME", "keyword:NAME" and "place:NAME" (the names as the cell
    /// has them; a place's parts, from its sublocation to its country) to their pages' files,
    /// for those that have one.
    func links(people: [String], keywords: [String], places: [String] = []) -> [String: String] {
        var links: [String: String] = [:]
        for name in people { if let file = files[Self.key("person", name)] { links["person:" + name] = file } }
        for name in keywords { if let file = files[Self.key("keyword", name)] { links["keyword:" + name] = file } }
        for name in places { if let file = files[Self.key("place", name)] { links["place:" + name] = file } }
        return links
    }
}
