/// What a photo page's head says of the photo to chat apps and crawlers.
struct PhotoPreview {
    /// The comment, else the album's title.
    var description: String
    var alt: String
    var imageWidth: Int
    var imageHeight: Int
    /// Where the site's files are from the page ("../": photo pages are in photo/).
    var base: String
}

extension PageRenderer {
    /// The photo itself, with the parts of a page a link preview and a search engine read:
    /// Open Graph and Twitter tags of its large image, caption and album (with `base_url`), and
    /// the photo, its caption and comment and a link to its album for a reader without script.
    /// With script, the visitor is taken on to the album's lightbox open on the photo
    /// (`gallery-9-photo.js`), which is where the photo is meant to be seen.
    func photoPage(id: Int64, caption: String, comment: String, large: (name: String, width: Int, height: Int)?,
                   albumTitle: String, albumPage: String, page: String) -> String {
        let title = caption.isEmpty ? albumTitle : "\(caption) · \(albumTitle)"
        let preview = PhotoPreview(description: comment.isEmpty ? albumTitle : comment, alt: caption,
                                   imageWidth: large?.width ?? 0, imageHeight: large?.height ?? 0, base: "../")
        var html = head(title: title, page: page, image: large?.name, preview: preview,
                        bodyAttributes: " class=\"photo-page\" data-album-page=\"\(HTML.escape(albumPage))\" data-photo-id=\"\(id)\"")
        html += "<header class=\"site-header\"><a class=\"home\" href=\"\(HTML.escape(albumPage))#photo-\(id)\">← \(HTML.escape(albumTitle))</a></header>\n<main>\n<figure class=\"photo\">"
        // The caption is the figure's, beside the image: not said twice.
        if let large {
            html += "<img src=\"\(HTML.escape(large.name))\" width=\"\(large.width)\" height=\"\(large.height)\" alt=\"\(HTML.escape(caption.isEmpty ? albumTitle : ""))\">"
        }
        if !caption.isEmpty || !comment.isEmpty {
            html += "<figcaption>"
            if !caption.isEmpty { html += "<h1>\(HTML.escape(caption))</h1>" }
            if !comment.isEmpty { html += "<p class=\"comment\">\(HTML.escape(comment))</p>" }
            html += "</figcaption>"
        }
        return html + "</figure>\n</main>\n" + foot()
    }
}
