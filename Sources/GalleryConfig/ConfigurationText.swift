import Foundation
import TOMLKit

/// What the configuration readers share: a file read as UTF-8 text, and TOML parsed with its
/// syntax errors turned into `ConfigurationError`s that name the file and line.
enum ConfigurationText {
    static func read(_ path: String, missing: String = "cannot be read (missing, or no permission)") throws(ConfigurationError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: path, line: nil, key: nil, problem: missing)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, line: nil, key: nil, problem: "is not UTF-8 text", accepted: "a file saved as UTF-8")
        }
        return text
    }

    static func table(_ text: String, file: String) throws(ConfigurationError) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(file: file, line: error.source.begin.line, key: nil,
                                     problem: "is not valid TOML: \(error.description) (column \(error.source.begin.column))")
        } catch {
            throw ConfigurationError(file: file, line: nil, key: nil, problem: "is not valid TOML: \(error)")
        }
    }
}
