import Foundation

/// An access key, its secret and perhaps a session token, found the way every S3 tool finds
/// them: `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` / `AWS_SESSION_TOKEN`, else the profile
/// `AWS_PROFILE` (or "default") of `~/.aws/credentials` (`AWS_SHARED_CREDENTIALS_FILE`). The
/// secret is never printed: `description` names the key and where it came from only.
public struct PublishCredentials: Sendable, CustomStringConvertible {
    public var accessKeyID: String
    public var secretAccessKey: String
    public var sessionToken: String?
    /// Where they were found, for messages.
    public var source: String

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil, source: String = "given") {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.source = source
    }

    public var description: String { "access key \(accessKeyID) (from \(source))" }

    /// From the environment, else the shared credentials file.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PublishError) -> PublishCredentials {
        if let key = environment["AWS_ACCESS_KEY_ID"], !key.isEmpty {
            guard let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty else {
                throw .credentials("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not")
            }
            return PublishCredentials(accessKeyID: key, secretAccessKey: secret,
                                      sessionToken: environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }, source: "the environment")
        }
        let profile = environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let home = environment["HOME"] ?? NSHomeDirectory()
        let path = environment["AWS_SHARED_CREDENTIALS_FILE"] ?? home + "/.aws/credentials"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .credentials("no AWS_ACCESS_KEY_ID in the environment and no file \(path)")
        }
        let values = Self.profile(profile, in: text)
        guard let key = values["aws_access_key_id"], let secret = values["aws_secret_access_key"] else {
            throw .credentials("the profile [\(profile)] of \(path) has no aws_access_key_id and aws_secret_access_key")
        }
        return PublishCredentials(accessKeyID: key, secretAccessKey: secret, sessionToken: values["aws_session_token"],
                                  source: "profile \(profile) of \(path)")
    }

    /// The keys of one `[name]` section of an INI file such as ~/.aws/credentials.
    static func profile(_ name: String, in text: String) -> [String: String] {
        var values: [String: String] = [:]
        var inside = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                inside = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) == name
                continue
            }
            guard inside, let equals = line.firstIndex(of: "=") else { continue }
            values[line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }
}
