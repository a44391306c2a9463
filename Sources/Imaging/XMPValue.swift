/// One property's value in an XMP packet, as RDF writes it: a text (with its language, in an
/// alternative), an array (`rdf:Bag`, `rdf:Seq`, `rdf:Alt`) or a structure of named fields.
public indirect enum XMPValue: Sendable, Hashable {
    case text(String, language: String?)
    case array([XMPValue])
    case structure([XMPName: XMPValue])

    /// The text of a simple value, or of an alternative's `x-default` item (else its only or
    /// first item), as readers show a language alternative.
    public var text: String? {
        switch self {
        case .text(let text, _):
            return text
        case .array(let items):
            let texts = items.compactMap { item -> (String, String?)? in
                if case .text(let text, let language) = item { return (text, language) }
                return nil
            }
            return (texts.first { $0.1?.lowercased() == "x-default" } ?? texts.first)?.0
        case .structure:
            return nil
        }
    }

    /// Every text of an array (or the one text of a simple value).
    public var texts: [String] {
        switch self {
        case .text(let text, _): [text]
        case .array(let items): items.flatMap(\.texts)
        case .structure: []
        }
    }

    /// The items of an array, or the value itself.
    public var items: [XMPValue] {
        if case .array(let items) = self { return items }
        return [self]
    }

    /// A field of a structure.
    public subscript(_ name: XMPName) -> XMPValue? {
        if case .structure(let fields) = self { return fields[name] }
        return nil
    }
}
