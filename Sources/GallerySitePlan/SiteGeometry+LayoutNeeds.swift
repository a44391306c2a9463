import GalleryLayout
import GalleryConfig
import GalleryService

extension SiteGeometry {
    /// The layouts the site's pages show for each album: masonry in every band of the fluid
    /// grid, and the justified view's justified layouts (one per band of `justified`) when `configuration`'s views include it. The one
    /// answer for the pages (`AlbumSource`) and for `gallery import` and `serve`, which store
    /// them ahead (`LayoutService.prepare`).
    public func layoutNeeds(_ configuration: GalleryConfiguration) -> SiteLayoutNeeds {
        let hasJustified = configuration.content.views.contains(.justified)
        let fluid = fluid
        return SiteLayoutNeeds(masonry: fluid.bands.map { (fluid.layoutWidth($0), fluid.options($0)) },
                               justified: hasJustified ? justified.bands.map { ($0.rowWidth, $0.options) } : [])
    }
}
