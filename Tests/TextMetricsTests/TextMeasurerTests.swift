import Dispatch
import Foundation
import GalleryTestSupport
import Synchronization
import Testing
@testable import TextMetrics

@Suite("Text metrics: rules and bad input, without a browser")
struct TextMeasurerTests {
    let comment = GalleryTextStyles.comment
    let caption = GalleryTextStyles.caption

    @Test("empty and white-space-only texts have no lines and height 0")
    func empty() throws {
        let measurer = TextMeasurer()
        for text in ["", " ", "   \t  ", "\n", " \n  "] {
            #expect(try measurer.measure(text, style: comment, width: 200) == .empty, "\(text.debugDescription)")
        }
    }

    @Test("white space collapses as in pre-line; line feeds are kept")
    func whiteSpace() throws {
        let measurer = TextMeasurer()
        let a = try measurer.measure("one two three four five six", style: comment, width: 90)
        let b = try measurer.measure("one    two \t three\tfour  five   six", style: comment, width: 90)
        #expect(a.lines == b.lines && a.height == b.height)
        #expect(try measurer.measure("a\nb", style: comment, width: 300).lines == 2)
        #expect(try measurer.measure("a\n\nb", style: comment, width: 300).lines == 3)
        #expect(try measurer.measure("a\r\nb\rc", style: comment, width: 300).lines == 3)
        #expect(try measurer.measure("a\n", style: comment, width: 300).lines == 1)
        #expect(try measurer.measure("\na", style: comment, width: 300).lines == 2)
        let withBreaks = try measurer.measure("first\nsecond", style: comment, width: 300)
        #expect(withBreaks.breaks == [6])
        #expect(withBreaks.height == 2 * comment.lineHeight)
    }

    @Test("the caption stops at two lines and says it was clamped")
    func clamp() throws {
        let measurer = TextMeasurer()
        let long = String(repeating: "A caption that goes on and on ", count: 6)
        let clamped = try measurer.measure(long, style: caption, width: 120)
        #expect(clamped.lines == 2 && clamped.clamped && clamped.height == 2 * caption.lineHeight)
        #expect(clamped.breaks.count == 1)
        let short = try measurer.measure("Short", style: caption, width: 120)
        #expect(short.lines == 1 && !short.clamped)
    }

    @Test("lines never get fewer as the box narrows, and a word wider than the box is broken")
    func monotonic() throws {
        let measurer = TextMeasurer()
        let text = "Donaudampfschifffahrtsgesellschaftskapitänsmütze and https://example.org/a/very/long/path"
        var previous = 0
        for width in stride(from: 600.0, through: 20, by: -10) {
            let lines = try measurer.measure(text, style: comment, width: width).lines
            #expect(lines >= previous, "at \(width) px")
            previous = lines
        }
        // One grapheme per line at the extreme, never zero.
        #expect(try measurer.measure("abc", style: comment, width: 1).lines == 3)
        #expect(try measurer.measure("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", style: comment, width: 1).lines == 2)
    }

    @Test("invalid UTF-8 is measured as U+FFFD")
    func invalidUTF8() throws {
        let measurer = TextMeasurer()
        let bytes: [UInt8] = Array("Caf".utf8) + [0xE9, 0xFF] + Array(" au lait".utf8)
        let measured = try measurer.measure(utf8: bytes, style: comment, width: 300)
        #expect(measured == (try measurer.measure("Caf\u{FFFD}\u{FFFD} au lait", style: comment, width: 300)))
        #expect(measured.lines == 1)
    }

    @Test("a character no font has is warned about once, however often it appears")
    func uncoveredWarnsOnce() throws {
        let warnings = Mutex<[String]>([])
        let measurer = TextMeasurer { message in warnings.withLock { $0.append(message) } }
        _ = try measurer.measure("\u{F0000} once", style: comment, width: 300)
        _ = try measurer.measure("\u{F0000} twice \u{F0000}", style: comment, width: 300)
        let seen = warnings.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.contains("U+F0000") == true)
    }

    @Test("a missing font file names the path and the package to install")
    func missingFont() {
        var style = comment
        style.fonts[0] = FontFace(family: "Nope", path: "/nonexistent/Nope.otf", package: "fonts-nope")
        do {
            _ = try TextMeasurer().measure("x", style: style, width: 100)
            Issue.record("expected an error")
        } catch {
            #expect(error == .missingFont(path: "/nonexistent/Nope.otf", package: "fonts-nope"))
            #expect(error.description.contains("apt-get install fonts-nope"))
        }
    }

    @Test("widths that are not positive finite numbers are refused", arguments: [0, -5, .nan, .infinity])
    func badWidth(_ width: Double) {
        // NaN equals nothing, so match the case rather than the value.
        #expect {
            try TextMeasurer().measure("x", style: comment, width: width)
        } throws: { error in
            if case TextMetricsError.invalidWidth = error { return true }
            return false
        }
    }

    @Test("results do not depend on cache state, order or threads")
    func cacheAndThreads() throws {
        let texts = try BrowserParityTests.corpus().map(\.text)
        let widths: [Double] = [80, 150, 240, 600]
        let reference = try texts.flatMap { text in try widths.map { try TextMeasurer().measure(text, style: comment, width: $0) } }
        let shared = TextMeasurer()
        let results = Mutex<[Int: TextMeasurement]>([:])
        DispatchQueue.concurrentPerform(iterations: reference.count) { index in
            let reversed = reference.count - 1 - index
            let text = texts[reversed / widths.count], width = widths[reversed % widths.count]
            if let value = try? shared.measure(text, style: comment, width: width) {
                results.withLock { $0[reversed] = value }
            }
        }
        let collected = results.withLock { $0 }
        #expect(collected.count == reference.count)
        for (index, expected) in reference.enumerated() { #expect(collected[index] == expected) }
    }

    @Test("the CSS is generated from the styles: every font declared, every class pinned")
    func css() {
        let css = TextStyle.css(for: GalleryTextStyles.all) { "fonts/" + URL(fileURLWithPath: $0.path).lastPathComponent }
        for face in GalleryTextStyles.all.flatMap(\.fonts) {
            #expect(css.contains("font-family: \"\(face.family)\";"))
        }
        #expect(css.contains(".caption {") && css.contains(".comment {"))
        #expect(css.contains("line-height: 20px;") && css.contains("line-height: 18px;"))
        #expect(css.contains("-webkit-line-clamp: 2;"))
        #expect(css.contains("white-space: pre-line;") && css.contains("overflow-wrap: anywhere;"))
    }
}
