/// A configuration file that cannot be used, as facts: which file, which line and key, what
/// is wrong and what would be accepted. `description` puts them in one line.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem has no line (the file cannot be read).
    public var line: Int?
    /// "look.caption_size"; nil for a syntax error.
    public var key: String?
    public var problem: String
    /// What the key takes ("a number from 8 to 48", "one of light, dark, auto").
    public var accepted: String?

    public init(file: String, line: Int?, key: String?, problem: String, accepted: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
        self.accepted = accepted
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        text += problem
        if let accepted { text += " (accepted: \(accepted))" }
        return text
    }
}
