import GalleryLayout
import GalleryStore

/// The justified view as a page draws it in a window of one width (`FluidJustified`): the band's stored
/// justified layout, scaled to the rows' width there. What `gallery layout --kind justified
/// --viewport` prints.
public struct JustifiedViewport: Sendable {
    public var viewportWidth: Double
    public var band: FluidJustified.Band
    /// The rows' width at this viewport, and the band's layout scaled to it.
    public var rowWidth: Double
    public var contentHeight: Double
    public var itemCount: Int
    /// The photos asked for (all, or those meeting a rect), in index order, relative to the
    /// rows' top-left corner.
    public var frames: [StoredFrame]
}

extension LayoutService {
    /// The justified view of `album` as `fluid` draws it in a window `viewportWidth` wide: all its
    /// photos, or those whose drawn frame meets `rect` (coordinates of the rows as drawn).
    public func justified(_ fluid: FluidJustified, viewportWidth: Double, album: String?, rect: LayoutRect? = nil) throws -> JustifiedViewport {
        let band = fluid.band(viewportWidth: viewportWidth)
        let layout = try justifiedLayout(width: band.rowWidth, album: album, options: band.options)
        let scale = fluid.scale(band, viewportWidth: viewportWidth)
        // The rect in the band's own coordinates, a px wider all round for rounding; the
        // drawn frames are then checked against the rect itself.
        let query = rect.map { LayoutRect(x: $0.x / scale - 1, y: $0.y / scale - 1, width: $0.width / scale + 2, height: $0.height / scale + 2) }
        var frames: [StoredFrame] = []
        for stored in try database.layoutFrames(of: layout, in: query) {
            let drawn = fluid.frame(LayoutRect(x: stored.x, y: stored.y, width: stored.width, height: stored.height), band: band, viewportWidth: viewportWidth)
            if let rect, !rect.intersects(drawn) { continue }
            frames.append(StoredFrame(index: stored.index, photoID: stored.photoID, x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height))
        }
        return JustifiedViewport(viewportWidth: viewportWidth, band: band, rowWidth: fluid.rowWidth(viewportWidth: viewportWidth),
                            contentHeight: layout.layout.contentHeight * scale, itemCount: layout.layout.itemCount, frames: frames)
    }
}
