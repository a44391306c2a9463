/// Where a site goes: a bucket and a key prefix ("" or ending in "/"), from `s3://BUCKET[/PREFIX]`.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    public var prefix: String

    public init(bucket: String, prefix: String = "") {
        self.bucket = bucket
        let trimmed = prefix.split(separator: "/").joined(separator: "/")
        self.prefix = trimmed.isEmpty ? "" : trimmed + "/"
    }

    public init(parsing text: String) throws(PublishError) {
        guard text.hasPrefix("s3://") else { throw .target(text) }
        let rest = text.dropFirst("s3://".count)
        let bucket = rest.prefix { $0 != "/" }
        // Bucket names: 3-63 of lower-case letters, digits, dots and hyphens.
        guard (3 ... 63).contains(bucket.count), bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") }) else {
            throw .target(text)
        }
        self.init(bucket: String(bucket), prefix: String(rest.dropFirst(bucket.count)))
    }

    public var description: String { "s3://\(bucket)/\(prefix)" }
}
