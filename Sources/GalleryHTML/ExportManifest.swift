/// `.gallery-export.json`: the files an export owns in its folder (the only ones it will ever
/// delete), and whether an export into the folder has finished.
struct ExportManifest: Codable {
    var generator = "gallery"
    var complete: Bool
    var files: [String]

    init(complete: Bool, files: [String]) {
        self.complete = complete
        self.files = files
    }
}
