import CExpat

/// The elements of an XML document, parsed by expat with namespaces resolved: the little of
/// XML the XMP reader needs (names, attributes, text), built as expat reports it.
enum XMLTree {
    final class Element {
        let name: XMPName
        let attributes: [(name: XMPName, value: String)]
        var children: [Element] = []
        var text = ""

        init(name: XMPName, attributes: [(name: XMPName, value: String)]) {
            self.name = name
            self.attributes = attributes
        }

        func attribute(_ namespace: String, _ name: String) -> String? {
            attributes.first { $0.name.namespace == namespace && $0.name.name == name }?.value
        }

        /// This element or the first below it (depth first) with that name.
        func first(named namespace: String, _ name: String) -> Element? {
            if self.name.namespace == namespace && self.name.name == name { return self }
            for child in children {
                if let found = child.first(named: namespace, name) { return found }
            }
            return nil
        }
    }

    /// What expat's callbacks build, and why they stopped it.
    private final class Builder {
        let document = Element(name: XMPName("", "#document"), attributes: [])
        var open: [Element] = []
        var elements = 0
        var refusal: XMPError?
        var parser: XML_Parser?
        /// Whether the document's root element has ended: bytes after it (padding, NULs a
        /// writer left after the packet) are not the packet's.
        var rootClosed = false

        init() { open = [document] }

        func stop(_ reason: XMPError) {
            if refusal == nil { refusal = reason }
            XML_StopParser(parser, XML_FALSE)
        }
    }

    /// The separator expat puts between a name's namespace URI and its local name.
    private static let separator: CChar = 0x01

    /// Parses a whole document; returns its document node (the root element is its child).
    static func parse(_ bytes: [UInt8]) throws(XMPError) -> Element {
        guard let parser = XML_ParserCreateNS(nil, separator) else { throw .notXML(reason: "out of memory", line: 0, column: 0) }
        defer { XML_ParserFree(parser) }
        let builder = Builder()
        builder.parser = parser
        let unmanaged = Unmanaged.passRetained(builder)
        defer { unmanaged.release() }
        XML_SetUserData(parser, unmanaged.toOpaque())
        // Parameter entities and external DTDs are never read; a declared entity stops it all.
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetEntityDeclHandler(parser) { data, _, _, _, _, _, _, _, _ in
            Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue().stop(.declaresEntities)
        }
        XML_SetElementHandler(parser, { data, name, attributes in
            let builder = Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
            builder.elements += 1
            guard builder.open.count <= XMPPacket.deepestNesting, builder.elements <= XMPPacket.mostElements else {
                builder.stop(.tooComplex)
                return
            }
            var pairs: [(name: XMPName, value: String)] = []
            var at = 0
            while let key = attributes?[at], let value = attributes?[at + 1] {
                pairs.append((XMLTree.name(key), String(cString: value)))
                at += 2
            }
            let element = Element(name: XMLTree.name(name!), attributes: pairs)
            builder.open.last!.children.append(element)
            builder.open.append(element)
        }, { data, _ in
            let builder = Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
            if builder.open.count > 1 { builder.open.removeLast() }
            if builder.open.count == 1 { builder.rootClosed = true }
        })
        XML_SetCharacterDataHandler(parser) { data, characters, length in
            let builder = Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
            guard builder.open.count > 1, let characters, length > 0 else { return }
            let text = characters.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
            builder.open.last!.text += text
        }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { XML_Parse(parser, $0.baseAddress, Int32(buffer.count), 1) }
        }
        if let refusal = builder.refusal { throw refusal }
        if status != XML_STATUS_OK, !builder.rootClosed {
            let reason = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "unknown error"
            throw .notXML(reason: reason, line: Int(XML_GetCurrentLineNumber(parser)), column: Int(XML_GetCurrentColumnNumber(parser)))
        }
        return builder.document
    }

    /// "URI\u{1}local" as expat gives a namespaced name; a name without a namespace has none.
    private static func name(_ raw: UnsafePointer<CChar>) -> XMPName {
        let text = String(cString: raw)
        guard let cut = text.firstIndex(of: "\u{1}") else { return XMPName("", text) }
        return XMPName(String(text[..<cut]), String(text[text.index(after: cut)...]))
    }
}
