/// How a text sets at one width: its line count and height, and where its lines begin.
public struct TextMeasurement: Sendable, Hashable, Codable {
    /// Lines drawn (after the style's line limit).
    public var lines: Int
    /// Height in CSS px: lines × line height.
    public var height: Double
    /// UTF-8 offsets, in the text as given, where each line after the first begins.
    public var breaks: [Int]
    /// True when the style's line limit cut the text (the browser draws an ellipsis).
    public var clamped: Bool

    public static let empty = TextMeasurement(lines: 0, height: 0, breaks: [], clamped: false)
}
