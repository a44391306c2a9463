/// Text after CSS white-space processing for `white-space: pre-line` (CSS Text 3 §4.1.1):
/// line feeds are kept as forced breaks, spaces and tabs around them are removed, tabs become
/// spaces, and runs of spaces collapse to one. CR LF and lone CR become LF, as the HTML parser
/// makes them.
///
/// The result is split into paragraphs at the forced breaks; `offsets` map each kept byte back
/// to its position in the original UTF-8, so break positions can be reported in the text the
/// caller gave.
struct CollapsedText {
    struct Paragraph {
        var bytes: [UInt8]
        /// Original UTF-8 offset of each byte of `bytes`, and one past the end.
        var originalOffsets: [Int]
    }

    private(set) var paragraphs: [Paragraph] = []

    init(_ text: String) {
        let source = Array(text.utf8)
        var current = Paragraph(bytes: [], originalOffsets: [])
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func endParagraph(at offset: Int) {
            // Spaces before a segment break are removed.
            while let last = current.bytes.last, last == 0x20 {
                current.bytes.removeLast()
                current.originalOffsets.removeLast()
            }
            current.originalOffsets.append(offset)
            paragraphs.append(current)
            current = Paragraph(bytes: [], originalOffsets: [])
        }
        while index < source.count {
            let byte = source[index]
            if byte == 0x0D || byte == 0x0A {
                endParagraph(at: index)
                index += (byte == 0x0D && index + 1 < source.count && source[index + 1] == 0x0A) ? 2 : 1
                // Spaces after a segment break are removed.
                while index < source.count, isSpace(source[index]) { index += 1 }
                continue
            }
            if isSpace(byte) {
                if current.bytes.last != 0x20 {
                    current.bytes.append(0x20)
                    current.originalOffsets.append(index)
                }
                index += 1
                continue
            }
            current.bytes.append(byte)
            current.originalOffsets.append(index)
            index += 1
        }
        // A forced break at the very end opens no new line (as a trailing <br> does not).
        if !current.bytes.isEmpty || paragraphs.isEmpty {
            endParagraph(at: source.count)
        }
        // Text that is only white space draws nothing.
        if paragraphs.count == 1 && paragraphs[0].bytes.allSatisfy({ $0 == 0x20 }) {
            paragraphs = []
        }
    }
}
