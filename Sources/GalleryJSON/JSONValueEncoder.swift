/// An `Encoder` that writes JSON text as the value encodes itself, keeping the order in which
/// keys are encoded (a Codable struct's declaration order), which `JSONEncoder` does not.
///
/// Each value is written by one of these; the container it opens is closed by `finish()` when
/// the value's `encode(to:)` returns. A nested container or super-encoder, whose end the
/// encoder is not told, is finished before its parent writes its next entry or closes.
final class JSONValueEncoder: Encoder {
    let output: JSONOutputBuffer
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var container: Container?

    private final class Container {
        let isObject: Bool
        /// Where the container's first entry starts (after its bracket).
        let start: Int
        var count = 0
        /// Keys and byte ranges of the entries, when they are to be sorted.
        var entries: [(key: String, range: Range<Int>)] = []
        var pending: JSONValueEncoder?
        var error: (any Error)?

        init(isObject: Bool, start: Int) {
            self.isObject = isObject
            self.start = start
        }
    }

    /// Where this value's text starts: a value that wrote nothing is `{}`.
    private let startOfValue: Int
    /// Told where the value's text ends (a pending entry's range, when keys are sorted).
    private var onFinish: ((Int) -> Void)?

    init(output: JSONOutputBuffer, depth: Int) {
        self.output = output
        self.depth = depth
        startOfValue = output.writer.bytes.count
    }

    /// Writes `value` at `depth`: primitives directly, anything else through its `encode(to:)`.
    static func write<T: Encodable>(_ value: T, to output: JSONOutputBuffer, depth: Int) throws {
        switch value {
        case let text as String: output.writer.writeString(text)
        case let number as Double: try output.writer.writeNumber(number)
        case let number as Int: output.writer.writeInteger(number)
        case let number as Int64: output.writer.writeInteger(number)
        case let flag as Bool: flag ? output.writer.write("true") : output.writer.write("false")
        case let number as Float: try output.writer.writeNumber(number)
        case let number as Int32: output.writer.writeInteger(number)
        case let number as UInt32: output.writer.writeInteger(number)
        case let number as UInt64: output.writer.writeInteger(number)
        case let number as UInt: output.writer.writeInteger(number)
        case let number as Int16: output.writer.writeInteger(number)
        case let number as UInt16: output.writer.writeInteger(number)
        case let number as Int8: output.writer.writeInteger(number)
        case let number as UInt8: output.writer.writeInteger(number)
        default:
            let encoder = JSONValueEncoder(output: output, depth: depth)
            try value.encode(to: encoder)
            try encoder.finish()
        }
    }

    /// Closes what the value opened; a value that wrote nothing is an empty object.
    func finish() throws {
        defer { onFinish?(output.writer.bytes.count) }
        guard let container else {
            if output.writer.bytes.count == startOfValue { output.writer.write("{}") }
            return
        }
        try finishPending(container)
        if let error = container.error { throw error }
        if output.writer.options.sortedKeys, container.isObject, container.entries.count > 1 {
            let sorted = container.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            // Only this object's bytes are copied and written again: copying the whole output
            // for each object made a file of n objects cost n² (an annotations.json of 100,000
            // entries took hours).
            let start = container.start
            let written = Array(output.writer.bytes[start...])
            output.writer.bytes.removeSubrange(start...)
            for (position, entry) in sorted.enumerated() {
                if position > 0 { output.writer.write(",") }
                output.writer.bytes.append(contentsOf: written[(entry.range.lowerBound - start) ..< (entry.range.upperBound - start)])
            }
        }
        // JSONEncoder's pretty form of an empty container is "[", an empty line, then "]".
        if output.writer.options.pretty, container.count == 0 { output.writer.bytes.append(0x0A) }
        output.writer.newline(depth: depth)
        if container.isObject { output.writer.write("}") } else { output.writer.write("]") }
    }

    private func open(isObject: Bool) -> Container {
        if let container { return container }
        if isObject { output.writer.write("{") } else { output.writer.write("[") }
        let opened = Container(isObject: isObject, start: output.writer.bytes.count)
        container = opened
        return opened
    }

    private func finishPending(_ container: Container) throws {
        if let pending = container.pending {
            container.pending = nil
            try pending.finish()
        }
    }

    /// Starts an entry (comma, line break, key); the caller then writes its value.
    private func beginEntry(_ container: Container, key: String?) throws {
        try finishPending(container)
        let sorting = output.writer.options.sortedKeys && container.isObject
        if container.count > 0, !sorting { output.writer.write(",") }
        container.count += 1
        output.writer.newline(depth: depth + 1)
        if let key {
            output.writer.writeString(key)
            output.writer.keySeparator()
        }
    }

    private func entry(_ container: Container, key: String?, _ write: () throws -> Void) throws {
        try finishPending(container)
        let start = output.writer.bytes.count
        try beginEntry(container, key: key)
        try write()
        if output.writer.options.sortedKeys, container.isObject, let key {
            container.entries.append((key, start ..< output.writer.bytes.count))
        }
    }

    /// An entry whose value is written later by a nested container or super-encoder.
    private func pendingEntry(_ container: Container, key: String?) -> JSONValueEncoder {
        do { try finishPending(container) } catch { container.error = error }
        let start = output.writer.bytes.count
        do { try beginEntry(container, key: key) } catch { container.error = error }
        let child = JSONValueEncoder(output: output, depth: depth + 1)
        container.pending = child
        if output.writer.options.sortedKeys, container.isObject, let key {
            // Its range is completed when the parent closes: the child ends where the next entry starts.
            container.entries.append((key, start ..< start))
            child.onFinish = { [unowned container] end in
                if let last = container.entries.indices.last { container.entries[last].range = start ..< end }
            }
        }
        return child
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self, container: open(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Unkeyed(encoder: self, container: open(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(encoder: self)
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONValueEncoder
        let container: Container
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            try encoder.entry(container, key: key.stringValue) { encoder.output.writer.write("null") }
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.entry(container, key: key.stringValue) {
                try JSONValueEncoder.write(value, to: encoder.output, depth: encoder.depth + 1)
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.pendingEntry(container, key: key.stringValue).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.pendingEntry(container, key: key.stringValue).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            encoder.pendingEntry(container, key: "super")
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            encoder.pendingEntry(container, key: key.stringValue)
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: JSONValueEncoder
        let container: Container
        var codingPath: [any CodingKey] { [] }
        var count: Int { container.count }

        mutating func encodeNil() throws {
            try encoder.entry(container, key: nil) { encoder.output.writer.write("null") }
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try encoder.entry(container, key: nil) {
                try JSONValueEncoder.write(value, to: encoder.output, depth: encoder.depth + 1)
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.pendingEntry(container, key: nil).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            encoder.pendingEntry(container, key: nil).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            encoder.pendingEntry(container, key: nil)
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.output.writer.write("null") }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONValueEncoder.write(value, to: encoder.output, depth: encoder.depth)
        }
    }
}

/// The text being written, shared by the encoders of one value and its parts.
final class JSONOutputBuffer {
    var writer: JSONWriter

    init(options: JSONOutput) {
        writer = JSONWriter(options: options)
    }
}
