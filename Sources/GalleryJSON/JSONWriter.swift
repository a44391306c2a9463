/// The bytes of one JSON text, written front to back by `JSONValueEncoder`.
///
/// Numbers: integers as integers, doubles without a trailing ".0" when whole (below 2^53), else
/// as Swift's shortest round-trip form: what `JSONEncoder` writes, but never "-0". Strings:
/// UTF-8, with `"`, `\` and control characters escaped as `JSONEncoder` escapes them, and "/"
/// left alone (the `withoutEscapingSlashes` form: URLs stay readable).
struct JSONWriter {
    var bytes: [UInt8] = []
    let options: JSONOutput

    init(options: JSONOutput) {
        self.options = options
    }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func writeNumber(_ value: Double) throws {
        guard value.isFinite else {
            throw JSONEncodingError.notFinite(value)
        }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// A Float as its own shortest form ("0.1", not 0.1's double "0.10000000149011612").
    mutating func writeNumber(_ value: Float) throws {
        guard value.isFinite else {
            throw JSONEncodingError.notFinite(Double(value))
        }
        var text = value == 0 ? "0" : value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeInteger(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): write("\\\"")
            case UInt8(ascii: "\\"): write("\\\\")
            case 0x0A: write("\\n")
            case 0x0D: write("\\r")
            case 0x09: write("\\t")
            case 0x08: write("\\b")
            case 0x0C: write("\\f")
            case 0 ..< 0x20:
                write("\\u00")
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A line break and the indentation of `depth`, when pretty-printing.
    mutating func newline(depth: Int) {
        guard options.pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    mutating func keySeparator() {
        if options.pretty { write(" : ") } else { write(":") }
    }
}
