/// The few words the pages write around the photos, in the site's language (`[site] language`):
/// English, German, French and Japanese; any other language gets the English words (its tag
/// still goes into `lang`, so browsers hyphenate and pick fonts for it).
struct SiteWords: Sendable {
    var photoCount: @Sendable (Int) -> String
    var albumCount: @Sendable (Int) -> String
    var views: [AlbumView: String]
    var previous: String
    var next: String
    var wholeAlbum: String
    var allPageByPage: @Sendable (Int) -> String
    var page: @Sendable (Int) -> String
    var photoRange: @Sendable (Int, Int) -> String
    var photoUnavailable: String
    var download: String
    var madeWith: String

    init(language: String) {
        switch language.split(separator: "-").first.map(String.init)?.lowercased() {
        case "de":
            photoCount = { $0 == 1 ? "1 Foto" : "\($0) Fotos" }
            albumCount = { $0 == 1 ? "1 Album" : "\($0) Alben" }
            views = [.masonry: "Raster", .justified: "Zeilen", .wheel: "Rad", .carousel: "Karussell", .circle: "Kreis"]
            previous = "← Zurück"; next = "Weiter →"; wholeAlbum = "Das ganze Album"
            allPageByPage = { "Alle \($0) Fotos, Seite für Seite" }
            page = { "Seite \($0)" }
            photoRange = { $0 == $1 ? "Foto \($0)" : "Fotos \($0)–\($1)" }
            photoUnavailable = "Foto nicht verfügbar"; download = "Herunterladen"; madeWith = "Erstellt mit gallery"
        case "fr":
            photoCount = { $0 == 1 ? "1 photo" : "\($0) photos" }
            albumCount = { $0 == 1 ? "1 album" : "\($0) albums" }
            views = [.masonry: "Mosaïque", .justified: "Rangées", .wheel: "Roue", .carousel: "Carrousel", .circle: "Cercle"]
            previous = "← Précédente"; next = "Suivante →"; wholeAlbum = "L’album entier"
            allPageByPage = { "Les \($0) photos, page par page" }
            page = { "Page \($0)" }
            photoRange = { $0 == $1 ? "Photo \($0)" : "Photos \($0)–\($1)" }
            photoUnavailable = "Photo indisponible"; download = "Télécharger"; madeWith = "Fait avec gallery"
        case "ja":
            photoCount = { "写真 \($0) 枚" }
            albumCount = { "アルバム \($0) 件" }
            views = [.masonry: "タイル", .justified: "行", .wheel: "ホイール", .carousel: "カルーセル", .circle: "円"]
            previous = "← 前へ"; next = "次へ →"; wholeAlbum = "アルバム全体"
            allPageByPage = { "全 \($0) 枚をページごとに" }
            page = { "\($0) ページ" }
            photoRange = { $0 == $1 ? "写真 \($0)" : "写真 \($0)–\($1)" }
            photoUnavailable = "表示できない写真"; download = "ダウンロード"; madeWith = "gallery で作成"
        default:
            photoCount = { $0 == 1 ? "1 photo" : "\($0) photos" }
            albumCount = { $0 == 1 ? "1 album" : "\($0) albums" }
            views = [.masonry: "Masonry", .justified: "Rows", .wheel: "Wheel", .carousel: "Carousel", .circle: "Circle"]
            previous = "← Previous"; next = "Next →"; wholeAlbum = "The whole album"
            allPageByPage = { "All \($0) photos, page by page" }
            page = { "Page \($0)" }
            photoRange = { $0 == $1 ? "Photo \($0)" : "Photos \($0)–\($1)" }
            photoUnavailable = "Photo unavailable"; download = "Download"; madeWith = "Made with gallery"
        }
    }

    /// Every word, for the fonts' subsets (their characters must be in the cut fonts).
    var allText: String {
        [photoCount(1), photoCount(12), albumCount(1), albumCount(3), previous, next, wholeAlbum, allPageByPage(12), page(3),
         photoRange(1, 2), photoUnavailable, download, madeWith].joined(separator: " ") + " " + views.values.sorted().joined(separator: " ")
    }
}
