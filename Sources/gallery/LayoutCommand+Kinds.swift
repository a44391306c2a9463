import ArgumentParser
import Foundation
import GalleryHTML
import GalleryJSON
import GalleryLayout
import GalleryService
import GallerySitePlan
import GalleryStore

extension LayoutCommand {
    static func size(_ text: String, option: String) throws -> LayoutSize {
        let parts = text.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite else {
            throw ValidationError("\(option) takes WxH, two finite numbers (got '\(text)')")
        }
        guard w > 0, h > 0 else { throw ValidationError("\(option) needs a width and height above 0 (got \(text))") }
        return LayoutSize(width: w, height: h)
    }

    func validateViewportKind() throws {
        if kind == .justified, let viewport {
            _ = try Self.size(viewport, option: "--viewport")
            if count != nil { throw ValidationError("--viewport draws the album's justified page; --count has no photos to draw (drop one of the two)") }
            if width != nil { throw ValidationError("--viewport draws the justified page as gallery.toml's [look] shapes it; --width cannot change it (drop one of the two)") }
            if let rect { _ = try MasonryRequest.rect(rect) }
            return
        }
        if kind == .justified {
            guard let width, width.isFinite, width > 0, width <= 100_000 else {
                throw ValidationError("--width (or --viewport WxH, the justified page's) is required for justified rows: a number of CSS px above 0 and at most 100000")
            }
            guard rowHeight.isFinite, rowHeight > 0 else { throw ValidationError("--row-height must be above 0 (got \(rowHeight))") }
            return
        }
        guard let viewport else { throw ValidationError("--viewport WxH is required for the \(kind) layout") }
        if width != nil { throw ValidationError("--width lays out masonry and justified rows; the \(kind) layout takes its size from --viewport (drop --width)") }
        _ = try Self.size(viewport, option: "--viewport")
        if let itemSize = views.itemSize { _ = try Self.size(itemSize, option: "--item-size") }
        if kind == .wheel, !(radius > 0) { throw ValidationError("--radius must be above 0 (got \(radius))") }
        if kind == .carousel {
            guard spacing >= 0 else { throw ValidationError("--spacing must be 0 or more (got \(spacing))") }
            guard focusedSpacing >= spacing else { throw ValidationError("--focused-spacing must be at least --spacing (got \(focusedSpacing))") }
        }
    }

    /// --count placeholders, or the library's photos (ids, aspect ratios, and what the items
    /// that are not photos are).
    func items() throws -> (ids: [Int64]?, aspectRatios: [Double], kinds: [Int64: MediaKind]) {
        if let count {
            let shapes = [1.5, 0.75, 1.0, 1.333, 0.667, 2.0]
            return (nil, (0 ..< count).map { shapes[$0 % shapes.count] }, [:])
        }
        let database = try library.open(create: false)
        let scope = try database.layoutScope(album: album, favoritesRating: try settings.load(library: database).browse.favoritesRating,
                                             excluding: try ExcludedAlbums.paths(database: database))
        let photos = try database.layoutInputs(scope: scope).photos
        return (photos.map(\.photoID), photos.map(\.aspectRatio), try database.mediaKinds())
    }

    /// Masonry placeholders, justified rows and the viewport layouts: computed, not stored.
    func runWithoutStore() throws {
        let (ids, aspects, kinds) = try items()
        let layout: any CollectionLayout
        var visibleRange: ClosedRange<Int>?
        var focusedIndex: Double?
        do {
            switch kind {
            case .masonry:
                layout = try MasonryLayout(width: width ?? 0, items: aspects.map { MasonryItem(aspectRatio: $0) }, options: try masonryRequest.options)
            case .justified:
                // The library's rows break where its pages' do (`LayoutService.justifiedLayout`).
                layout = try JustifiedLayout(width: width ?? 0, aspectRatios: aspects, options: .init(targetRowHeight: rowHeight),
                                             preferredBreaks: ids.map { AlbumCuts(ids: $0).chunkStarts } ?? [])
            case .wheel:
                let wheel = try WheelLayout(count: aspects.count, itemSize: try views.itemSize.map { try Self.size($0, option: "--item-size") } ?? LayoutSize(width: 133, height: 173),
                                            radius: radius, viewport: try Self.size(viewport ?? "", option: "--viewport"), offset: offset)
                visibleRange = wheel.visibleRange
                layout = wheel
            case .circle:
                layout = try CircleLayout(count: aspects.count, itemSize: try views.itemSize.map { try Self.size($0, option: "--item-size") } ?? LayoutSize(width: 100, height: 100),
                                          viewport: try Self.size(viewport ?? "", option: "--viewport"))
            case .carousel:
                let carousel = try CarouselLayout(count: aspects.count, itemSize: try views.itemSize.map { try Self.size($0, option: "--item-size") } ?? LayoutSize(width: 200, height: 280),
                                                  spacing: spacing, focusedSpacing: focusedSpacing, viewport: try Self.size(viewport ?? "", option: "--viewport"), offset: offset)
                focusedIndex = carousel.focusedIndex
                layout = carousel
            }
        } catch let error as LayoutError {
            throw ValidationError(error.description)
        }
        if let targetOffset = views.targetOffset {
            let velocity = views.velocity
            let target = layout.targetContentOffset(proposed: LayoutPoint(x: targetOffset, y: 0), velocity: LayoutPoint(x: velocity, y: 0)).x
            print(json ? try LayoutJSON.target(kind: kind.rawValue, proposed: targetOffset, velocity: velocity, target: target)
                       : "\(kind): scrolling proposed to stop at \(targetOffset) with velocity \(velocity) comes to rest at \(target)")
            return
        }
        // A viewport layout shows what is drawn at its offset; --rect asks for another area.
        var rect = try layoutRect
        if rect == nil, kind.isViewport, let viewport {
            let size = try Self.size(viewport, option: "--viewport")
            rect = LayoutRect(x: kind == .circle ? 0 : offset, y: 0, width: size.width, height: size.height)
        }
        let shown = rect.map { layout.attributes(in: $0) } ?? layout.allAttributes
        if json {
            print(try LayoutJSON.layout(kind: kind.rawValue, contentSize: layout.contentSize, items: shown, ids: ids, kinds: kinds,
                                        visibleRange: visibleRange, focusedIndex: focusedIndex))
            return
        }
        var extra = ""
        if let visibleRange { extra += ", visibleRange [\(visibleRange.lowerBound),\(visibleRange.upperBound)]" }
        if let focusedIndex { extra += ", focusedIndex " + (try JSON.string(focusedIndex)) }
        print("\(kind): \(layout.count) items, content \(layout.contentSize.width) × \(layout.contentSize.height) px" + extra)
        var table = TextTable(columns: ["index", "x", "y", "width", "height", "angle", "zIndex", "translateX"])
        for item in shown {
            table.add([String(item.index), String(format: "%.2f", item.frame.x), String(format: "%.2f", item.frame.y), String(format: "%.2f", item.frame.width),
                       String(format: "%.2f", item.frame.height), String(format: "%.4f", item.angle), String(item.zIndex), String(format: "%.2f", item.translation.x)])
        }
        print(table.rendered(), terminator: "")
    }
}
