import ArgumentParser
import Foundation
import GalleryJSON
import TextMetrics

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure captions or comments as the gallery's pages will set them.",
        discussion: """
            Reads texts from stdin, one JSON string per line, and prints one JSON object per text: \
            {"lines": N, "height": PX}. With --print-css, prints the CSS those measurements assume \
            (classes .caption and .comment, @font-face rules with file:// URLs), so the same text \
            can be rendered in a browser and compared.
            """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("The box width in CSS px.", valueName: "px"))
    var width: Double?

    @Option(help: ArgumentHelp("The text style to measure with.", valueName: "style"))
    var style = TextStyleChoice(argument: GalleryTextStyles.comment.name)!

    @Flag(help: "Print JSON objects (the default output is JSON too; kept for symmetry with other commands).")
    var json = false

    @Flag(name: .customLong("print-css"), help: "Print the CSS for the styles and exit.")
    var printCSS = false

    /// One text's measurement; the keys are an interface.
    struct Measured: Encodable {
        var lines: Int
        var height: Double
        /// UTF-8 offsets where each line after the first begins (`TextMeasurement.breaks`).
        var breaks: [Int]
    }

    func validate() throws {
        if printCSS { return }
        guard let width else { throw ValidationError("--width is required (the box width in CSS px)") }
        guard width.isFinite, width > 0, width <= 100_000 else {
            throw ValidationError("--width must be a number of CSS px above 0 and at most 100000 (got \(width))")
        }
    }

    func run() throws {
        if printCSS {
            print(TextStyle.css(for: GalleryTextStyles.all) { URL(fileURLWithPath: $0.path).absoluteString }, terminator: "")
            return
        }
        guard let width else { return }
        let textStyle = style.style
        let measurer = TextMeasurer { warning in
            FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
        }
        try measurer.prepare(textStyle)
        var output = ""
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard let text = try? JSON.decode(String.self, from: line.utf8) else {
                throw CommandFailure(message: "stdin line \(lineNumber): not a JSON string; give one JSON string per line, e.g. \"Harbour at dusk\"")
            }
            let measurement = try measurer.measure(text, style: textStyle, width: width)
            output += try JSON.string(Measured(lines: measurement.lines, height: measurement.height, breaks: measurement.breaks)) + "\n"
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
