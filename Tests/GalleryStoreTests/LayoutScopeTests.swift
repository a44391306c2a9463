@testable import GalleryStore
import GallerySearch
import Testing

/// `layouts.scope` as stored and read back: every kind of scope, and the names that could
/// confuse the text (an album path with "]:" or quotes, a keyword with a colon).
@Suite("Layout scopes: stored and read back")
struct LayoutScopeTests {
    @Test("each scope reads back as itself", arguments: [
        LayoutScope.library, .album(path: ""), .album(path: "trips/2024: Brest"),
        .browse(.year(2024)), .browse(.month(year: 2024, month: 7)), .browse(.keyword("Places|France: Paris")),
        .browse(.person("Anna \"Nan\" Berg")), .browse(.place("Île-de-France")), .browse(.favorites(minimumRating: 5)), .browse(.all), .browse(.all, excluding: ["private"]),
        .browse(.keyword("sunset"), excluding: ["private", "a]:b", "quote\"d", "dir/sub"]),
        .search(SearchScope(query: SearchQuery("harbour juillet"), language: "fr", places: true, excluding: ["x]:y"])),
    ])
    func roundTrip(scope: LayoutScope) {
        #expect(LayoutScope(stored: scope.stored) == scope, "\(scope.stored)")
    }

    @Test("texts that name no scope are none")
    func malformed() {
        for text in ["", "albums:x", "browse:", "browse:year:24", "browse:except=[\"a\"", "browse:except=[1]:year:2024", "search:{", "browse:month:2024-13"] {
            #expect(LayoutScope(stored: text) == nil, "\(text)")
        }
    }
}
