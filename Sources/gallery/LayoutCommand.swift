import ArgumentParser
import Foundation
import GalleryConfig
import GalleryHTML
import GalleryLayout
import GalleryService
import GallerySitePlan
import GalleryStore

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the masonry layout for a width, computing and storing it if needed.",
        discussion: """
            By default columns are \(Int(MasonryOptions.defaultColumnWidth)) px wide (Pinterest's rule: \
            as many as fit, at least --min-columns); --columns N divides the width into N instead. \
            Says on stderr whether the layout was read from the store, computed, recomputed or \
            appended to.
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var settings: ConfigurationOptions

    @Option(help: ArgumentHelp("The layout to compute.", valueName: "kind"))
    var kind: LayoutKind = .masonry

    @Option(parsing: .unconditional, help: ArgumentHelp("The width to lay out, in CSS px (masonry and justified).", valueName: "px"))
    var width: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lay out N placeholder items, without a database.", valueName: "n"))
    var count: Int?

    @Option(help: ArgumentHelp("The window (masonry and justified: the album page's grid or rows in it, from gallery.toml's [look]; wheel, circle, carousel).", valueName: "WxH"))
    var viewport: String?

    @Option(help: ArgumentHelp("Only this album (default: the whole library), or a browse page's photos: year:2024, month:2024-07, place:NAME, person:NAME, keyword:NAME, favorites.", valueName: "name"))
    var album: String?

    @OptionGroup var search: SearchOptions

    // Each kind's own options under a heading of its own in --help; the spellings are the
    // ones the command always had.
    @OptionGroup(title: "Masonry") var masonry: MasonryShapeOptions
    @OptionGroup(title: "Justified rows") var justified: JustifiedRowsOptions
    @OptionGroup(title: "Wheel, circle and carousel") var views: ViewLayoutOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Only the items whose frame intersects X,Y,W,H.", valueName: "x,y,w,h"))
    var rect: String?

    @Flag(help: "Print one JSON object (keys documented in the README).")
    var json = false

    /// The masonry request these options ask for, checked as `/api/layout` checks its query.
    var masonryRequest: MasonryRequest {
        get throws {
            let parameters = MasonryParameters(
                width: width, album: album, columns: masonry.columns, columnWidth: masonry.columnWidth, gutter: masonry.gutter,
                minColumns: masonry.minColumns, padding: masonry.padding, placement: placement, rect: rect)
            do {
                return try MasonryRequest(validating: parameters)
            } catch {
                throw ValidationError(error.message(naming: { "--" + $0 }))
            }
        }
    }

    var placement: MasonryOptions.Placement { masonry.placement ?? .shortest }
    var offset: Double { views.offset ?? 0 }
    var radius: Double { views.radius ?? 500 }
    var spacing: Double { views.spacing ?? 16 }
    var focusedSpacing: Double { views.focusedSpacing ?? 48 }
    var rowHeight: Double { justified.rowHeight ?? 220 }

    var layoutRect: LayoutRect? {
        get throws {
            guard let rect else { return nil }
            do {
                return try MasonryRequest.rect(rect)
            } catch {
                throw ValidationError(error.message(naming: { "--" + $0 }))
            }
        }
    }

    func validate() throws {
        if let count, count < 0 { throw ValidationError("--count must be 0 or more (got \(count))") }
        for (name, value) in [("--offset", offset), ("--radius", radius), ("--spacing", spacing), ("--focused-spacing", focusedSpacing), ("--velocity", views.velocity)] {
            guard value.isFinite else { throw ValidationError("\(name) must be a finite number (got \(value))") }
        }
        if let targetOffset = views.targetOffset, !targetOffset.isFinite { throw ValidationError("--target-offset must be a finite number (got \(targetOffset))") }
        // An option of another kind of layout would be ignored without a word.
        if kind != .masonry, let name = masonry.given.first {
            throw ValidationError("\(name) shapes the masonry layout, not the \(kind) one (drop it, or use --kind masonry)")
        }
        if kind != .justified, justified.rowHeight != nil {
            throw ValidationError("--row-height is for --kind justified, not the \(kind) layout (drop it)")
        }
        if let (name, kinds) = views.given.first(where: { !$0.kinds.contains(kind) }) {
            throw ValidationError("\(name) is for --kind \(kinds.map(\.rawValue).joined(separator: " or ")), not the \(kind) layout (drop it)")
        }
        if kind != .masonry {
            try validateViewportKind()
            return
        }
        if let viewport, count == nil {
            _ = try Self.size(viewport, option: "--viewport")
            let shaping = (width != nil ? ["--width"] : []) + masonry.given.filter { $0 != "--placement" }
            if let name = shaping.first {
                throw ValidationError("--viewport draws the album page's grid as gallery.toml's [look] shapes it; \(name) cannot change it (drop one of the two)")
            }
            if let rect { _ = try MasonryRequest.rect(rect) }
            return
        }
        _ = try masonryRequest
    }

    func run() throws {
        if kind == .justified, let viewport, count == nil {
            try runJustifiedViewport(try Self.size(viewport, option: "--viewport"))
            return
        }
        if kind != .masonry || count != nil {
            try runWithoutStore()
            return
        }
        if let viewport {
            try runViewport(try Self.size(viewport, option: "--viewport"))
            return
        }
        let database = try library.open(create: false)
        // Captions and comments in the site's fonts and sizes (`[look]` of gallery.toml).
        let configuration = try settings.load(library: database)
        let service = try SitePlan(configuration).layoutService(database: database)
        var request = try masonryRequest
        request.scope = try searchScope(configuration, service).map(LayoutScope.search)
        let result = try service.masonry(request)
        let layout = result.layout, header = result.layout.layout
        let origin: String
        switch result.origin {
        case .stored: origin = "read from the store (computed \(header.computedAt))"
        case .computed: origin = "computed and stored"
        case .recomputed: origin = "recomputed and stored (the photos or annotations changed since it was computed)"
        case .appended(let count): origin = "appended \(count) new item\(count == 1 ? "" : "s") and stored"
        }
        FileHandle.standardError.write(Data("layout: \(origin)\n".utf8))
        if json {
            print(try LayoutJSON.masonry(result, kinds: try database.mediaKinds()))
            return
        }
        let columns = layout.geometry.columns
        print("masonry, \(format(header.key.width)) px: \(columns) column\(columns == 1 ? "" : "s") of \(format(layout.geometry.columnWidth)) px, content \(format(header.contentWidth)) × \(format(header.contentHeight)) px, \(header.itemCount) items, \(result.placement.rawValue)")
        printItems(result.items.map { item in
            (item, LayoutRect(x: layout.x(column: item.column), y: item.y, width: layout.geometry.innerWidth, height: item.height), item.photoHeight)
        })
    }

    /// The items as a table: each stored item with the frame and photo height it is drawn at.
    private func printItems(_ items: [(stored: StoredLayoutItem, frame: LayoutRect, photoHeight: Double)]) {
        var table = TextTable(columns: ["index", "id", "column", "x", "y", "width", "height", "photo", "caption", "comment"])
        for (item, frame, photoHeight) in items {
            table.add([String(item.index), String(item.photoID), String(item.column), format(frame.x), format(frame.y),
                       format(frame.width), format(frame.height), format(photoHeight), format(item.captionHeight), format(item.commentHeight)])
        }
        print(table.rendered(), terminator: "")
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(format: "%.2f", value)
    }

    /// The justified page in a window of `size`: what it draws there, relative to the rows' top-left.
    private func runJustifiedViewport(_ size: LayoutSize) throws {
        let database = try library.open(create: false)
        let configuration = try settings.load(library: database)
        let service = try SitePlan(configuration).layoutService(database: database)
        let result = try service.justified(SiteGeometry(configuration).justified, viewportWidth: size.width, album: album, rect: try layoutRect)
        let items = result.frames.map { LayoutAttributes(index: $0.index, frame: LayoutRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)) }
        if json {
            var ids = [Int64](repeating: 0, count: result.itemCount)
            for frame in result.frames { ids[frame.index] = frame.photoID }
            print(try LayoutJSON.layout(kind: kind.rawValue, contentSize: LayoutSize(width: result.rowWidth, height: result.contentHeight), items: items, ids: ids, kinds: try database.mediaKinds()))
            return
        }
        print("justified in \(format(size.width))×\(format(size.height)): band \(result.band.number), rows \(format(result.rowWidth)) × \(format(result.contentHeight)) px, \(result.itemCount) items")
        var table = TextTable(columns: ["index", "id", "x", "y", "width", "height"])
        for frame in result.frames {
            table.add([String(frame.index), String(frame.photoID), format(frame.x), format(frame.y), format(frame.width), format(frame.height)])
        }
        print(table.rendered(), terminator: "")
    }

    /// The search `--query` asks for, in the site's language, without the albums `service`
    /// leaves out of browse pages (the unlisted ones).
    private func searchScope(_ configuration: GalleryConfiguration, _ service: LayoutService) throws -> SearchScope? {
        try search.scope(language: configuration.site.language, unlisted: service.unlistedAlbums, album: album)
    }

    /// The album page's grid in a window of `size`: what the page draws there.
    private func runViewport(_ size: LayoutSize) throws {
        let database = try library.open(create: false)
        let configuration = try settings.load(library: database)
        let fluid = SiteGeometry(configuration).fluid
        let service = try SitePlan(configuration).layoutService(database: database)
        let result = try service.masonry(fluid: fluid, viewportWidth: size.width, viewportHeight: size.height, album: album,
                                         rect: try layoutRect, placement: placement, search: try searchScope(configuration, service))
        if json {
            print(try LayoutJSON.masonry(result, kinds: try database.mediaKinds()))
            return
        }
        let columns = result.band.columns
        print("masonry in \(format(size.width))×\(format(size.height)): band \(result.band.number), \(columns) column\(columns == 1 ? "" : "s") of \(format(result.columnWidth)) px, grid \(format(result.gridWidth)) × \(format(result.contentHeight)) px, \(result.layout.layout.itemCount) items")
        printItems(result.items.map { ($0.stored, $0.frame, $0.photoHeight) })
    }
}
