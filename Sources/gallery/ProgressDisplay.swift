import Foundation
import GalleryWork
import Synchronization

/// Shows an import's progress: a redrawn bar on a terminal, a plain line every few seconds
/// otherwise (logs, CI), nothing with `--quiet`. Skipped files and warnings always go to stderr,
/// one line each, and never tear the bar.
final class ProgressDisplay: Sendable {
    enum Style { case bar, lines, none }

    private struct State {
        var lastDraw = 0.0
        var barVisible = false
        var done = 0
        var total = 0
    }

    private let style: Style
    private let verb: String
    private let started = Date()
    private let state = Mutex(State())

    init(quiet: Bool, verb: String) {
        self.verb = verb
        if quiet {
            style = .none
        } else {
            style = isatty(STDERR_FILENO) == 1 ? .bar : .lines
        }
    }

    func handle(_ event: ProgressEvent) {
        switch event {
        case .progress(let done, let total):
            update(done: done, total: total)
        case .skipped(let path, let reason):
            printLine("\(path): \(reason)")
        case .warning(let text):
            printLine("warning: \(text)")
        case .encoding(let path, let item, let items, let frames, let seconds, let duration):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let length = duration.map { String(format: " of %.1f", $0) } ?? ""
            status("video \(item)/\(items) \(name): " + String(format: "%.1f", seconds) + "\(length) s, \(frames) frames",
                   final: duration.map { seconds >= $0 - 0.1 } ?? false)
        }
    }

    /// A line about one long item, redrawn in the bar's place (a plain line every few seconds
    /// in a log).
    private func status(_ text: String, final: Bool) {
        guard style != .none else { return }
        state.withLock { state in
            let now = Date().timeIntervalSince(started)
            guard now - state.lastDraw >= (style == .bar ? 0.1 : 5.0) || final else { return }
            state.lastDraw = now
            if style == .bar {
                state.barVisible = true
                write("\r\u{1B}[2K" + text)
            } else {
                write("\(verb): \(text)\n")
            }
        }
    }

    /// Prints a message line on stderr, keeping the bar below it.
    func printLine(_ text: String) {
        state.withLock { state in
            var output = ""
            if state.barVisible { output += "\r\u{1B}[2K" }
            output += text + "\n"
            if state.barVisible { output += bar(state) }
            write(output)
        }
    }

    private func update(done: Int, total: Int) {
        guard style != .none else { return }
        state.withLock { state in
            state.done = max(state.done, done)
            state.total = total
            let now = Date().timeIntervalSince(started)
            let interval = style == .bar ? 0.1 : 5.0
            // The last update always shows, so a log ends with the final count.
            guard now - state.lastDraw >= interval || done == total else { return }
            state.lastDraw = now
            switch style {
            case .bar:
                state.barVisible = true
                write("\r\u{1B}[2K" + bar(state))
            case .lines:
                write("\(verb): " + figures(state) + "\n")
            case .none:
                break
            }
        }
    }

    /// Clears the bar before the summary is printed.
    func finish() {
        state.withLock { state in
            if state.barVisible { write("\r\u{1B}[2K") }
            state.barVisible = false
        }
    }

    private func bar(_ state: State) -> String {
        let width = 28
        let fraction = state.total > 0 ? Double(state.done) / Double(state.total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        return "\(verb) [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] " + figures(state)
    }

    private func figures(_ state: State) -> String {
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(state.done) / elapsed
        var text = "\(state.done)/\(state.total) files, " + String(format: "%.1f files/s", rate)
        if rate > 0, state.done < state.total {
            let seconds = Int((Double(state.total - state.done) / rate).rounded(.up))
            text += seconds >= 60 ? ", ETA \(seconds / 60)m\(seconds % 60)s" : ", ETA \(seconds)s"
        }
        return text
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
