import GalleryLayout
import GalleryJSON

/// The few words the pages write around the photos, in the site's language (`[site] language`):
/// English, German, French and Japanese; any other language gets the English words (its tag
/// still goes into `lang`, so browsers hyphenate and pick fonts for it).
struct SiteWords: Sendable {
    var photoCount: @Sendable (Int) -> String
    var videoCount: @Sendable (Int) -> String
    /// Between the parts of a count ("12 photos, 3 videos").
    var listSeparator = ", "
    var albumCount: @Sendable (Int) -> String
    var views: [LayoutKind: String]
    var previous: String
    var next: String
    var wholeAlbum: String
    /// What an album holds, for the link to its plain pages: no count, which is not in the
    /// album's page (`PageRenderer.albumPage`).
    enum Holding: Sendable, CaseIterable { case photos, videos, photosAndVideos }
    /// The link to an album's plain pages.
    var allPageByPage: @Sendable (Holding) -> String
    var photoUnavailable: String
    var download: String
    var madeWith: String
    /// The words the page's script writes (gallery.js `galleryWords`); `{error}` is replaced.
    var map = "Map"
    var notLoaded = "This photo could not be loaded."
    var someFailed = "Some photos could not be shown: {error}. Reload the page, or see them page by page below."
    var firstOnly = "Only the first photos can be shown: {error}. Reload the page, or see them page by page below."
    /// The search page's title and its box's hint; what the script says it found ({count},
    /// {query} replaced).
    var search = "Search"
    var searchPlaceholder = "Search photos"
    var searchNeedsScript = "Search needs JavaScript: without it, browse the albums."
    var foundOne = "1 photo found"
    var foundMany = "{count} photos found"
    var foundNone = "Nothing found for “{query}”"
    /// The date scrubber's name for screen readers.
    var scrubber = "Jump to a date"
    /// A cluster of photos on the map, for screen readers and as a tooltip ({count} replaced).
    var mapCluster = "{count} photos here"
    /// What the lightbox's status says to screen readers when its slideshow starts or stops
    /// (never drawn: not in `allText`).
    var slideshowPlaying = "Slideshow playing"
    var slideshowPaused = "Slideshow paused"
    /// What the lightbox shows once its share button has copied the photo's link (the
    /// script's), and before the link where nothing could be copied (the page's).
    var linkCopied = "Link copied"
    var copyLink = "Copy this link:"
    /// Whether these are the English words gallery.js has already.
    var isEnglish = false
    /// The index's headings of the browse pages, by kind (`[browse] by`: "years", "places",
    /// "people", "keywords", "favorites"); the favourites' is their page's title too.
    var browse: [String: String]
    /// The page that lists the browse pages on a one-album site (browse.html), and its link
    /// from the album's header.
    var browseTitle = "Browse"
    /// A private album's password page: its neutral title (`hide_title`), what it asks, its
    /// button, and what it says when the password is wrong, when it opens, and from a file.
    var privateAlbum = "Private album"
    var privateAsk = "This album is private. Enter its password to see it."
    var password = "Password"
    var open = "Open"
    var wrongPassword = "Wrong password. Try again."
    var opening = "Opening…"
    var privateNeedsServer = "A private album opens only from a web server (http or https), not from a file on disk."
    var privateDamaged = "This album's files are damaged or incomplete: it cannot be opened."
    /// The album header's link to its ZIP (`[downloads] album_zip`), before its size.
    var downloadAll = "Download all"
    /// The decimal separator of sizes ("12.3 MB", "12,3 MB").
    var decimalSeparator = "."
    /// Bytes' units, from kilobytes up ("Ko", "Mo" in French).
    var sizeUnits = ["kB", "MB", "GB", "TB"]

    /// Screen readers' labels, by their English text (`label(_:)`).
    var labels: [String: String] = [:]

    /// How many items, in words: "12 photos", "3 videos", "12 photos, 3 videos" (`all` counts
    /// the videos; Live Photos are photos).
    func itemCount(_ all: Int, videos: Int) -> String {
        let photos = all - videos
        if videos <= 0 { return photoCount(all) }
        if photos <= 0 { return videoCount(videos) }
        return photoCount(photos) + listSeparator + videoCount(videos)
    }

    /// A file's size in decimal units with three figures at most: "850 kB", "12.3 MB", "1.2 GB".
    func fileSize(_ bytes: UInt64) -> String {
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.5, unit < sizeUnits.count - 1 {
            value /= 1000
            unit += 1
        }
        let text = value < 9.95 ? String(format: "%.1f", max(value, 0.1)) : String(Int(value.rounded()))
        return text.replacingOccurrences(of: ".", with: decimalSeparator) + "\u{00A0}" + sizeUnits[unit]
    }

    /// The label `english` in the page's language (English when there is no other).
    func label(_ english: String) -> String { labels[english] ?? english }

    init(language: String) {
        switch language.split(separator: "-").first.map(String.init)?.lowercased() {
        case "de":
            photoCount = { $0 == 1 ? "1 Foto" : "\($0) Fotos" }
            browse = ["years": "Jahre", "places": "Orte", "people": "Personen", "keywords": "Stichwörter", "favorites": "Favoriten"]
            videoCount = { $0 == 1 ? "1 Video" : "\($0) Videos" }
            albumCount = { $0 == 1 ? "1 Album" : "\($0) Alben" }
            views = [.masonry: "Raster", .justified: "Zeilen", .wheel: "Rad", .carousel: "Karussell", .circle: "Kreis"]
            previous = "← Zurück"; next = "Weiter →"; wholeAlbum = "Das ganze Album"
            allPageByPage = { "Alle \($0 == .photos ? "Fotos" : $0 == .videos ? "Videos" : "Fotos und Videos"), Seite für Seite" }
            photoUnavailable = "Foto nicht verfügbar"; download = "Herunterladen"; madeWith = "Erstellt mit gallery"
            map = "Karte"; notLoaded = "Dieses Foto konnte nicht geladen werden."
            someFailed = "Einige Fotos können nicht gezeigt werden: {error}. Laden Sie die Seite neu oder sehen Sie sie unten Seite für Seite an."
            firstOnly = "Nur die ersten Fotos können gezeigt werden: {error}. Laden Sie die Seite neu oder sehen Sie sie unten Seite für Seite an."
            search = "Suche"; searchPlaceholder = "Fotos durchsuchen"; searchNeedsScript = "Die Suche braucht JavaScript: ohne es können Sie die Alben durchblättern."
            foundOne = "1 Foto gefunden"; foundMany = "{count} Fotos gefunden"; foundNone = "Nichts gefunden für „{query}“"; scrubber = "Zu einem Datum springen"
            slideshowPlaying = "Diashow läuft"; slideshowPaused = "Diashow angehalten"; linkCopied = "Link kopiert"; copyLink = "Diesen Link kopieren:"
            mapCluster = "{count} Fotos hier"; browseTitle = "Entdecken"; downloadAll = "Alle herunterladen"; decimalSeparator = ","
            privateAlbum = "Privates Album"; privateAsk = "Dieses Album ist privat. Geben Sie sein Passwort ein, um es zu sehen."; password = "Passwort"
            open = "Öffnen"; wrongPassword = "Falsches Passwort. Bitte erneut versuchen."; opening = "Wird geöffnet …"
            privateNeedsServer = "Ein privates Album öffnet sich nur über einen Webserver (http oder https), nicht aus einer Datei."
            privateDamaged = "Die Dateien dieses Albums sind beschädigt oder unvollständig: es kann nicht geöffnet werden."
            labels = ["Photos found": "Gefundene Fotos", "Photos": "Fotos", "Pages of this album": "Seiten dieses Albums", "Views of this album": "Ansichten dieses Albums",
                      "Photo": "Foto", "Close": "Schließen", "Previous photo": "Vorheriges Foto", "Next photo": "Nächstes Foto", "Play Live Photo": "Live Photo abspielen", "Full screen": "Vollbild", "Slideshow": "Diashow", "Share": "Teilen",
                      "Scroll sideways to turn the wheel": "Seitwärts scrollen, um das Rad zu drehen",
                      "Scroll sideways through the photos": "Seitwärts durch die Fotos scrollen"]
        case "fr":
            photoCount = { $0 == 1 ? "1 photo" : "\($0) photos" }
            videoCount = { $0 == 1 ? "1 vidéo" : "\($0) vidéos" }
            browse = ["years": "Années", "places": "Lieux", "people": "Personnes", "keywords": "Mots-clés", "favorites": "Favoris"]
            albumCount = { $0 == 1 ? "1 album" : "\($0) albums" }
            views = [.masonry: "Mosaïque", .justified: "Rangées", .wheel: "Roue", .carousel: "Carrousel", .circle: "Cercle"]
            previous = "← Précédente"; next = "Suivante →"; wholeAlbum = "L’album entier"
            allPageByPage = { "Toutes les \($0 == .photos ? "photos" : $0 == .videos ? "vidéos" : "photos et vidéos"), page par page" }
            photoUnavailable = "Photo indisponible"; download = "Télécharger"; madeWith = "Fait avec gallery"
            map = "Carte"; notLoaded = "Cette photo n’a pas pu être chargée."
            someFailed = "Certaines photos ne peuvent pas être affichées : {error}. Rechargez la page, ou voyez-les page par page ci-dessous."
            firstOnly = "Seules les premières photos peuvent être affichées : {error}. Rechargez la page, ou voyez-les page par page ci-dessous."
            search = "Recherche"; searchPlaceholder = "Rechercher des photos"; searchNeedsScript = "La recherche a besoin de JavaScript : sans lui, parcourez les albums."
            foundOne = "1 photo trouvée"; foundMany = "{count} photos trouvées"; foundNone = "Rien trouvé pour « {query} »"; scrubber = "Aller à une date"
            slideshowPlaying = "Diaporama en cours"; slideshowPaused = "Diaporama en pause"; linkCopied = "Lien copié"; copyLink = "Copiez ce lien :"
            mapCluster = "{count} photos ici"; browseTitle = "Parcourir"; downloadAll = "Tout télécharger"; decimalSeparator = ","
            privateAlbum = "Album privé"; privateAsk = "Cet album est privé. Saisissez son mot de passe pour le voir."; password = "Mot de passe"
            open = "Ouvrir"; wrongPassword = "Mot de passe incorrect. Réessayez."; opening = "Ouverture…"
            privateNeedsServer = "Un album privé ne s’ouvre que depuis un serveur web (http ou https), pas depuis un fichier."
            privateDamaged = "Les fichiers de cet album sont endommagés ou incomplets : il ne peut pas être ouvert."
            sizeUnits = ["ko", "Mo", "Go", "To"]
            labels = ["Photos found": "Photos trouvées", "Photos": "Photos", "Pages of this album": "Pages de cet album", "Views of this album": "Vues de cet album",
                      "Photo": "Photo", "Close": "Fermer", "Previous photo": "Photo précédente", "Next photo": "Photo suivante", "Play Live Photo": "Lire la Live Photo", "Full screen": "Plein écran", "Slideshow": "Diaporama", "Share": "Partager",
                      "Scroll sideways to turn the wheel": "Faites défiler latéralement pour tourner la roue",
                      "Scroll sideways through the photos": "Faites défiler latéralement les photos"]
        case "ja":
            photoCount = { "写真 \($0) 枚" }
            browse = ["years": "年", "places": "場所", "people": "人物", "keywords": "キーワード", "favorites": "お気に入り"]
            videoCount = { "動画 \($0) 本" }
            listSeparator = "、"
            albumCount = { "アルバム \($0) 件" }
            views = [.masonry: "タイル", .justified: "行", .wheel: "ホイール", .carousel: "カルーセル", .circle: "円"]
            previous = "← 前へ"; next = "次へ →"; wholeAlbum = "アルバム全体"
            allPageByPage = { $0 == .photos ? "すべての写真をページごとに" : $0 == .videos ? "すべての動画をページごとに" : "すべての写真と動画をページごとに" }
            photoUnavailable = "表示できない写真"; download = "ダウンロード"; madeWith = "gallery で作成"
            map = "地図"; notLoaded = "この写真を読み込めませんでした。"
            someFailed = "一部の写真を表示できません: {error}。ページを再読み込みするか、下のページ一覧からご覧ください。"
            firstOnly = "最初の写真だけを表示できます: {error}。ページを再読み込みするか、下のページ一覧からご覧ください。"
            search = "検索"; searchPlaceholder = "写真を検索"; searchNeedsScript = "検索には JavaScript が必要です。アルバムからご覧ください。"
            foundOne = "写真 1 枚が見つかりました"; foundMany = "写真 {count} 枚が見つかりました"; foundNone = "「{query}」は見つかりませんでした"; scrubber = "日付へ移動"
            slideshowPlaying = "スライドショー再生中"; slideshowPaused = "スライドショー一時停止"; linkCopied = "リンクをコピーしました"; copyLink = "このリンクをコピーしてください:"
            mapCluster = "ここに写真 {count} 枚"; browseTitle = "一覧"; downloadAll = "すべてダウンロード"
            privateAlbum = "非公開アルバム"; privateAsk = "このアルバムは非公開です。パスワードを入力してください。"; password = "パスワード"
            open = "開く"; wrongPassword = "パスワードが違います。もう一度お試しください。"; opening = "開いています…"
            privateNeedsServer = "非公開アルバムはウェブサーバー（http または https）からのみ開けます。ファイルからは開けません。"
            privateDamaged = "このアルバムのファイルは破損しているか不完全なため、開けません。"
            labels = ["Photos found": "見つかった写真", "Photos": "写真", "Pages of this album": "このアルバムのページ", "Views of this album": "このアルバムの表示",
                      "Photo": "写真", "Close": "閉じる", "Previous photo": "前の写真", "Next photo": "次の写真", "Play Live Photo": "Live Photosを再生", "Full screen": "全画面", "Slideshow": "スライドショー", "Share": "共有",
                      "Scroll sideways to turn the wheel": "横にスクロールしてホイールを回す",
                      "Scroll sideways through the photos": "横にスクロールして写真を見る"]
        default:
            photoCount = { $0 == 1 ? "1 photo" : "\($0) photos" }
            videoCount = { $0 == 1 ? "1 video" : "\($0) videos" }
            browse = ["years": "Years", "places": "Places", "people": "People", "keywords": "Keywords", "favorites": "Favourites"]
            albumCount = { $0 == 1 ? "1 album" : "\($0) albums" }
            views = [.masonry: "Masonry", .justified: "Rows", .wheel: "Wheel", .carousel: "Carousel", .circle: "Circle"]
            previous = "← Previous"; next = "Next →"; wholeAlbum = "The whole album"
            allPageByPage = { "All \($0 == .photos ? "photos" : $0 == .videos ? "videos" : "photos and videos"), page by page" }
            photoUnavailable = "Photo unavailable"; download = "Download"; madeWith = "Made with gallery"
            isEnglish = true
        }
    }

    /// Every word, for the fonts' subsets (their characters must be in the cut fonts).
    var allText: String {
        ([photoCount(1), photoCount(12), videoCount(1), videoCount(3), listSeparator, albumCount(1), albumCount(3), previous, next, wholeAlbum, ]
         + Holding.allCases.map(allPageByPage) + [
         photoUnavailable, download, madeWith, map, notLoaded, someFailed, firstOnly,
         search, searchPlaceholder, searchNeedsScript, foundOne, foundMany, foundNone, scrubber, mapCluster, browseTitle, downloadAll, fileSize(1_234_567), "()", privateAlbum, privateAsk, password, open, wrongPassword, opening,
          privateNeedsServer, privateDamaged, linkCopied, copyLink] + sizeUnits + ["0123456789"]).joined(separator: " ")
            + " " + browse.values.sorted().joined(separator: " ")
            + " " + views.values.sorted().joined(separator: " ")
    }

    /// The script's words as `<html data-words>` JSON, or nil for English (the script's own,
    /// `scriptEnglishJSON`).
    var scriptWordsJSON: String? {
        isEnglish ? nil : scriptJSON
    }

    /// The English words the script starts from (`galleryEnglishWords`): the only copy of them
    /// is here.
    static let scriptEnglishJSON = SiteWords(language: "en").scriptJSON

    /// gallery.js `galleryWords`, key for key.
    private var scriptJSON: String {
        struct ScriptWords: Encodable {
            var map, notLoaded, someFailed, firstOnly, foundOne, foundMany, foundNone, scrubber, mapCluster, slideshowPlaying, slideshowPaused, linkCopied: String
            /// The lightbox's (gallery-5-lightbox.js).
            var close, fullScreen, share, slideshow, previousPhoto, nextPhoto, playLivePhoto, liveMark, copyLink, download: String
        }
        // Plain strings only: encoding them cannot fail.
        return (try? JSON.string(ScriptWords(map: map, notLoaded: notLoaded, someFailed: someFailed, firstOnly: firstOnly,
                                             foundOne: foundOne, foundMany: foundMany, foundNone: foundNone, scrubber: scrubber,
                                             mapCluster: mapCluster, slideshowPlaying: slideshowPlaying, slideshowPaused: slideshowPaused,
                                             linkCopied: linkCopied, close: label("Close"), fullScreen: label("Full screen"), share: label("Share"),
                                             slideshow: label("Slideshow"), previousPhoto: label("Previous photo"), nextPhoto: label("Next photo"),
                                             playLivePhoto: label("Play Live Photo"), liveMark: CellMarkup.liveMark, copyLink: copyLink,
                                             download: download))) ?? "{}"
    }
}
