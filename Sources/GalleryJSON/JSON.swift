import Foundation

/// The one way the program writes and reads JSON: Codable values, written with their keys in
/// declaration order (the CLI's `--json`, the API, the site's data files, the manifest) and
/// read with Foundation's decoder.
public enum JSON {
    /// The UTF-8 text of `value`.
    public static func encode<T: Encodable>(_ value: T, _ output: JSONOutput = .compact) throws -> [UInt8] {
        let buffer = JSONOutputBuffer(options: output)
        try JSONValueEncoder.write(value, to: buffer, depth: 0)
        return buffer.writer.bytes
    }

    /// `encode` as a String.
    public static func string<T: Encodable>(_ value: T, _ output: JSONOutput = .compact) throws -> String {
        String(decoding: try encode(value, output), as: UTF8.self)
    }

    /// A value read from JSON text; `userInfo` is handed to its `init(from:)`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Sequence<UInt8>,
                                            userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        return try decoder.decode(type, from: Data(bytes))
    }

    /// What is wrong with a text `decode` refused, in words (no Foundation error domains).
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return (detail ?? context.debugDescription) + path(context)
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\"" + path(context)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription + path(context)
        @unknown default:
            return "\(error)"
        }
    }
}
