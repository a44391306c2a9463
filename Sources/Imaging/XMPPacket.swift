import CExpat

/// The properties of an XMP packet (an embedded one, an Extended XMP part, or a sidecar file),
/// read with a real XML parser (expat) and RDF's rules, whatever form a writer chose:
/// attributes of `rdf:Description`, elements with text, `rdf:Bag`/`Seq`/`Alt` arrays, language
/// alternatives and structures (`rdf:parseType="Resource"`, a nested `rdf:Description`, or
/// attributes on the property's element).
///
/// Untrusted input: a packet that declares entities (billion laughs, external entities) is
/// refused before any is expanded; expat never fetches anything; sizes and depth are capped.
public struct XMPPacket: Sendable, Hashable {
    public var properties: [XMPName: XMPValue] = [:]

    /// Larger packets are refused: a real one, thumbnails and all, is well under this.
    public static let largestPacket = 16 << 20
    /// Deeper nesting is refused (real packets nest a handful of levels).
    static let deepestNesting = 64
    /// More elements are refused.
    static let mostElements = 200_000

    public subscript(_ name: XMPName) -> XMPValue? { properties[name] }

    public init(properties: [XMPName: XMPValue] = [:]) {
        self.properties = properties
    }

    /// Parses `bytes` (UTF-8 or UTF-16, as XML says); a packet with no `rdf:RDF` has no
    /// properties.
    public init(parsing bytes: some Collection<UInt8>) throws(XMPError) {
        guard bytes.count <= Self.largestPacket else { throw .tooLarge(bytes: bytes.count) }
        let root = try XMLTree.parse(Array(bytes))
        guard let rdf = root.first(named: XMPNamespace.rdf, "RDF") else { return }
        for description in rdf.children where description.name == XMPName(XMPNamespace.rdf, "Description") {
            for (name, value) in Self.fields(of: description) { properties[name] = value }
        }
    }

    /// The properties an element gives: its attributes (other than RDF's and xml:lang) and
    /// its child elements.
    static func fields(of element: XMLTree.Element) -> [XMPName: XMPValue] {
        var fields: [XMPName: XMPValue] = [:]
        for (name, value) in element.attributes where !isSyntax(name) {
            fields[name] = .text(value, language: nil)
        }
        for child in element.children where !isSyntax(child.name) {
            fields[child.name] = value(of: child)
        }
        return fields
    }

    /// A property element's value.
    static func value(of element: XMLTree.Element) -> XMPValue {
        let language = element.attribute(XMPNamespace.xml, "lang")
        if element.attribute(XMPNamespace.rdf, "parseType") == "Resource" {
            return .structure(fields(of: element))
        }
        if let resource = element.attribute(XMPNamespace.rdf, "resource") {
            return .text(resource, language: language)
        }
        if let inner = element.children.first {
            if inner.name.namespace == XMPNamespace.rdf, ["Bag", "Seq", "Alt"].contains(inner.name.name) {
                return .array(inner.children.filter { $0.name == XMPName(XMPNamespace.rdf, "li") }.map(value(of:)))
            }
            if inner.name == XMPName(XMPNamespace.rdf, "Description") {
                return .structure(fields(of: inner))
            }
            return .structure(fields(of: element))
        }
        if element.attributes.contains(where: { !isSyntax($0.name) }) {
            return .structure(fields(of: element))
        }
        return .text(element.text, language: language)
    }

    /// RDF's own names and xml:lang, which are syntax, not properties.
    static func isSyntax(_ name: XMPName) -> Bool {
        name.namespace == XMPNamespace.rdf || name.namespace == XMPNamespace.xml
    }
}
