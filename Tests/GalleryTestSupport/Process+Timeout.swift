import Foundation

extension Process {
    /// Waits for the process to end, at most `seconds`: past that it is asked to stop
    /// (SIGTERM), then made to (SIGKILL), so a hung program fails its test instead of hanging
    /// the whole run. True when it ended by itself in time.
    @discardableResult
    public func waitUntilExit(timeout seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let inTime = !isRunning
        if !inTime {
            terminate()
            let grace = Date().addingTimeInterval(3)
            while isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.05) }
            if isRunning { kill(processIdentifier, SIGKILL) }
        }
        waitUntilExit()
        return inTime
    }
}
