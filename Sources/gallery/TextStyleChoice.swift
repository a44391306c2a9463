import ArgumentParser
import TextMetrics

/// `gallery measure --style`: one of the gallery's text styles, by name.
struct TextStyleChoice: ExpressibleByArgument {
    let style: TextStyle

    init?(argument: String) {
        guard let style = GalleryTextStyles.all.first(where: { $0.name == argument }) else { return nil }
        self.style = style
    }

    static var allValueStrings: [String] { GalleryTextStyles.all.map(\.name) }
    var defaultValueDescription: String { style.name }
}
