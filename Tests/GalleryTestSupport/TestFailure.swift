/// Why a test's helper could not do its part (a browser that did not start, a tool that failed,
/// a page that never reported): the one failure type of the test support, with what happened.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}
