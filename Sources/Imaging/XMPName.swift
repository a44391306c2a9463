/// A property's name: its namespace URI and local name (prefixes are the writer's choice).
public struct XMPName: Sendable, Hashable, CustomStringConvertible {
    public var namespace: String
    public var name: String

    public init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    public var description: String { namespace + name }
}
