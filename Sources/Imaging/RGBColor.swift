/// An 8-bit sRGB colour.
public struct RGBColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// "#rrggbb", lowercase: the form CSS and the library keep.
    public var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Parses "#rrggbb" (either case); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var values: [UInt8] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let value = UInt8(String(decoding: digits[index ..< index + 2], as: UTF8.self), radix: 16) else { return nil }
            values.append(value)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }
}
