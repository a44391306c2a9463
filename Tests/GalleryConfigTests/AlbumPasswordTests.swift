import Foundation
import GalleryConfig
import GalleryTestSupport
import Testing

/// A private album's password: from the environment, a file, the album's own file (warned
/// about) or the terminal, in that order; none, an empty one or an unreadable file is one
/// error naming the album's file.
@Suite("Private albums' passwords: environment, file, album file, terminal")
struct AlbumPasswordTests {
    static func never(_ prompt: String) -> String? { nil }

    @Test("the environment variable's name from any folder name")
    func names() {
        #expect(AlbumPassword.environmentName(folder: "/photos/Family Trip 2024") == "GALLERY_ALBUM_PASSWORD_FAMILY_TRIP_2024")
        #expect(AlbumPassword.environmentName(folder: "/photos/Été à Brest") == "GALLERY_ALBUM_PASSWORD_ETE_A_BREST")
        #expect(AlbumPassword.environmentName(folder: "/photos/東京") == "GALLERY_ALBUM_PASSWORD___")
    }

    @Test("first found first: environment, password_file, password (with a warning), the terminal")
    func order() throws {
        let folder = try TemporaryDirectory("password")
        try folder.write("secret.txt", text: "from the file\nsecond line\n")
        _ = chmod(folder.url.appending(path: "secret.txt").path, 0o600)
        let path = folder.url.path, file = path + "/album.toml"
        let variable = AlbumPassword.environmentName(folder: path)
        var settings = AlbumSettings(access: .public)
        settings.passwordFile = "secret.txt"
        settings.password = "inline"
        var asked: [String] = []
        let ask: (String) -> String? = { prompt in asked.append(prompt); return "typed" }

        let fromEnvironment = try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [variable: "from env"], ask: ask)
        #expect(fromEnvironment.password == "from env" && fromEnvironment.source == variable && fromEnvironment.warnings.isEmpty)
        let fromFile = try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: ask)
        #expect(fromFile.password == "from the file" && fromFile.warnings.isEmpty)
        settings.passwordFile = nil
        let inline = try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: ask)
        #expect(inline.password == "inline" && inline.warnings.count == 1 && inline.warnings[0].contains(variable))
        settings.password = nil
        #expect(try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: ask).password == "typed")
        #expect(asked.count == 1 && asked[0].contains("private album"), "asked once, at the end")
    }

    @Test("no password, an empty one, a file that cannot be read: one error naming the album's file; a file others can read: a warning")
    func mistakes() throws {
        let folder = try TemporaryDirectory("password-bad")
        let path = folder.url.path, file = path + "/album.toml"
        var settings = AlbumSettings()
        #expect(throws: ConfigurationError.self) { try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: Self.never) }
        do {
            _ = try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: Self.never)
        } catch {
            #expect(error.file == file && error.description.contains("no password") && error.description.contains("GALLERY_ALBUM_PASSWORD_"), "\(error)")
        }
        #expect(throws: ConfigurationError.self) {
            try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [AlbumPassword.environmentName(folder: path): ""], ask: Self.never)
        }
        settings.passwordFile = "missing.txt"
        #expect(throws: ConfigurationError.self) { try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: Self.never) }
        try folder.write("empty.txt", text: "\n")
        settings.passwordFile = "empty.txt"
        #expect(throws: ConfigurationError.self) { try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: Self.never) }
        try folder.write("open.txt", text: "pw\r\n")
        _ = chmod(folder.url.appending(path: "open.txt").path, 0o644)
        settings.passwordFile = "open.txt"
        let open = try AlbumPassword.find(settings: settings, folder: path, settingsFile: file, environment: [:], ask: Self.never)
        #expect(open.password == "pw" && open.warnings.first?.contains("chmod 600") == true, "\(open)")
    }
}
