extension JPEGEncoder {
    /// Fixed Huffman tables for a baseline scan of a photograph, in three bands of detail
    /// (Sources/CJPEG/photo_huffman_tables.h, made by bench/jpeg_photo_tables.py from real
    /// photos' own optimal tables): libjpeg's per-image optimisation pass reads every
    /// coefficient a second time in scalar code, 6 of the 10 ms a 6 MP photo's large JPEG took.
    /// A smooth sky and a field of gravel use their symbols so differently that one set for all
    /// was 4.1 % over each photo's optimal tables on photos it was not made from (a smooth one
    /// 24 %); by band, 2.1 % (16 %).
    public enum PhotoTables: Int32, Sendable {
        case smooth = 1, textured, detailed

        /// The band of RGB pixels: the mean difference between horizontal neighbours' green
        /// values, every 8th row (below 2.5 smooth, below 7 textured; the generator's bounds).
        public init(rgb pixels: [UInt8], width: Int, height: Int) {
            var total = 0, count = 0
            pixels.withUnsafeBufferPointer { bytes in
                guard width > 1, bytes.count >= width * height * 3 else { return }
                for y in stride(from: 0, to: height, by: 8) {
                    let row = bytes.baseAddress! + y * width * 3 + 1
                    var previous = Int(row[0])
                    for x in 1 ..< width {
                        let green = Int(row[x * 3])
                        total += abs(green - previous)
                        previous = green
                    }
                    count += width - 1
                }
            }
            let detail = count == 0 ? 0 : Double(total) / Double(count)
            self = detail < 2.5 ? .smooth : (detail < 7 ? .textured : .detailed)
        }
    }
}
