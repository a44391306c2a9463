/// Why an XMP packet could not be read; the caller names the file.
public enum XMPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Larger than `XMPPacket.largestPacket`.
    case tooLarge(bytes: Int)
    /// The XML parser's complaint, where it stopped.
    case notXML(reason: String, line: Int, column: Int)
    /// It declares entities, which XMP never needs (and which are how XML bombs and
    /// external-entity reads are made).
    case declaresEntities
    /// Nested deeper, or with more elements, than any real packet.
    case tooComplex

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "its XMP is \(bytes) bytes, more than the \(XMPPacket.largestPacket >> 20) MB an XMP packet may have; not read"
        case .notXML(let reason, let line, let column): "its XMP is not well-formed XML (\(reason) at line \(line), column \(column)); not read"
        case .declaresEntities: "its XMP declares XML entities, which XMP never uses; not read"
        case .tooComplex: "its XMP nests deeper or has more elements than any real packet; not read"
        }
    }
}
