import GalleryLayout
import GalleryConfig
import GalleryService

extension SiteGeometry {
    /// The layouts the site's pages show for each album: masonry in every band of the fluid
    /// grid, and the rows view's justified layouts when `configuration`'s views include it. The one
    /// answer for the pages (`AlbumSource`) and for `gallery import` and `serve`, which store
    /// them ahead (`LayoutService.prepare`).
    public func layoutNeeds(_ configuration: GalleryConfiguration) -> SiteLayoutNeeds {
        let columns = 1 ... maximumColumns
        let rows = configuration.content.views.contains(.justified)
        let fluid = fluid
        return SiteLayoutNeeds(masonry: fluid.bands.map { (fluid.layoutWidth($0), fluid.options($0)) },
                               justified: rows ? columns.map { (justifiedWidth(columns: $0), justifiedOptions) } : [])
    }
}
