/// An encoder or decoder failure, with the library's own message.
public struct CodecError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
