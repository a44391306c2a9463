import Foundation

/// Where a private album's password comes from, first found first: the environment
/// (`GALLERY_ALBUM_PASSWORD_<NAME>`, NAME the folder's name in capitals, anything but A–Z and
/// 0–9 as "_"), the file `password_file` names, `password` in the album's own file (with a
/// warning), or the terminal (when there is one to ask).
public enum AlbumPassword {
    public struct Found: Sendable, Equatable {
        public var password: String
        /// Where it came from, for messages: "GALLERY_ALBUM_PASSWORD_FAMILY", a file's path,
        /// "album.toml", "the terminal".
        public var source: String
        public var warnings: [String]
    }

    /// The environment variable that holds the password of the album in `folder`.
    public static func environmentName(folder: String) -> String {
        let name = URL(fileURLWithPath: folder).lastPathComponent
            .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).uppercased()
        let part = String(name.unicodeScalars.map { ("A" ... "Z").contains($0) || ("0" ... "9").contains($0) ? Character($0) : "_" })
        return "GALLERY_ALBUM_PASSWORD_" + (part.isEmpty ? "ALBUM" : part)
    }

    /// - Parameters:
    ///   - settingsFile: the album.toml or index.md `settings` came from, for messages.
    ///   - ask: asks the person at the terminal (the prompt given), nil when there is none.
    /// - Throws: `ConfigurationError` naming the album's file and key: no password anywhere, an
    ///   empty one, a password file that cannot be read.
    public static func find(settings: AlbumSettings, folder: String, settingsFile: String, environment: [String: String],
                            ask: (String) -> String?) throws(ConfigurationError) -> Found {
        let variable = environmentName(folder: folder)
        func empty(_ source: String, key: String?) -> ConfigurationError {
            ConfigurationError(file: settingsFile, line: nil, key: key, problem: "the password from \(source) is empty",
                               accepted: "a password of at least one character (a long passphrase is best)")
        }
        if let password = environment[variable] {
            guard !password.isEmpty else { throw empty(variable, key: nil) }
            return Found(password: password, source: variable, warnings: [])
        }
        if let file = settings.passwordFile {
            let path = file.hasPrefix("/") ? file : file.hasPrefix("~/") ? NSHomeDirectory() + file.dropFirst(1) : folder + "/" + file
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw ConfigurationError(file: settingsFile, line: nil, key: "password_file", problem: "'\(path)' cannot be read",
                                         accepted: "a UTF-8 text file whose first line is the password")
            }
            // The first line, without its line ending ("\n" or Windows' "\r\n", one Character
            // to Swift): a file written by `echo` or Notepad works.
            let password = String(text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
            guard !password.isEmpty else { throw empty(path, key: "password_file") }
            var warnings: [String] = []
            if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o044 != 0 {
                warnings.append("\(path): others on this machine can read this password file; chmod 600 it")
            }
            return Found(password: password, source: path, warnings: warnings)
        }
        if let password = settings.password {
            guard !password.isEmpty else { throw empty(settingsFile, key: "password") }
            return Found(password: password, source: settingsFile, warnings: [
                "\(settingsFile): password: a password written in the album's file is copied and committed with it; "
                    + "use password_file or \(variable) instead",
            ])
        }
        let name = URL(fileURLWithPath: folder).lastPathComponent
        if let typed = ask("Password for the private album '\(name)': ") {
            guard !typed.isEmpty else { throw empty("the terminal", key: nil) }
            return Found(password: typed, source: "the terminal", warnings: [])
        }
        throw ConfigurationError(file: settingsFile, line: nil, key: "access", problem: "the album is private but has no password",
                                 accepted: "password_file = \"FILE\" in the album's file, or \(variable) in the environment, or run in a terminal to be asked")
    }
}
