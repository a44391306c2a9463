import GalleryStore

/// What a site lists of the library before it makes any page: its albums and browse pages,
/// and each browse page's scope as the library spells it (`SiteSnapshot.listing`).
struct SiteListing: Sendable {
    let albums: SiteAlbums
    let browseScopes: [BrowseSelection: LayoutScope]
}
