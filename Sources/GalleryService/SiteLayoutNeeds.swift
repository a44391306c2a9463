import GalleryLayout
import GalleryStore

/// The layouts a site's pages show for each album, as the site's geometry gives them: masonry
/// in each band of the fluid grid (`FluidMasonry`), and the justified view's justified layouts when the site has that view.
/// `gallery import` and `gallery serve PHOTOS/` store them ahead (`LayoutService.prepare`), so
/// the first page of a changed album does not wait for them; they need no renderer to ask.
public struct SiteLayoutNeeds: Sendable {
    /// Masonry in each band: the width and options its layout is computed at.
    public var masonry: [(width: Double, options: MasonryOptions)]
    /// The justified view's justified layouts at 1, 2, … columns' widths (empty without the view).
    public var justified: [(width: Double, options: JustifiedLayout.Options)]

    public init(masonry: [(width: Double, options: MasonryOptions)], justified: [(width: Double, options: JustifiedLayout.Options)]) {
        self.masonry = masonry
        self.justified = justified
    }
}

extension LayoutService {
    /// Computes and stores what `needs` asks for in every album that has photos, where the
    /// store has no current layout (only albums that changed since cost anything).
    /// - Parameter revision: the library's revision before the import this follows: only the
    ///   texts it changed are measured ahead (`AnnotationMeasurer.ensureMeasured`).
    public func prepare(_ needs: SiteLayoutNeeds, changedAfter revision: Int64? = nil) throws {
        // Every width's texts measured in one pass first (each text shaped once, broken at
        // every width), not band by band as each layout finds them missing.
        let widths = try needs.masonry.map { try MasonryLayout.geometry(width: $0.width, options: $0.options).innerWidth }
        try AnnotationMeasurer(database: database, measurer: measurer, caption: caption, comment: comment).ensureMeasured(widths: widths, changedAfter: revision)
        // By path, not by name: an album may be named as another's folder is.
        for album in try database.albums() where album.photoCount > 0 {
            for (width, options) in needs.masonry {
                _ = try masonryLayout(MasonryRequest(width: width, scope: .album(path: album.path), options: options))
            }
            for (width, options) in needs.justified {
                _ = try justifiedLayout(width: width, scope: .album(path: album.path), options: options)
            }
        }
    }
}
