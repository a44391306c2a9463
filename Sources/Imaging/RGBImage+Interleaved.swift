extension RGBImage {
    /// An image from a decoder's interleaved rows (RGB, or RGBA composited over `background`
    /// as a browser shows it over the page).
    init(interleaved source: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, alpha: Bool,
         background: (UInt8, UInt8, UInt8)) {
        let back = (Int(background.0), Int(background.1), Int(background.2))
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            for y in 0 ..< height {
                let row = source + y * stride
                var o = y * width * 3
                if alpha {
                    for x in 0 ..< width {
                        let a = Int(row[x * 4 + 3])
                        out[o] = UInt8((Int(row[x * 4]) * a + back.0 * (255 - a) + 127) / 255)
                        out[o + 1] = UInt8((Int(row[x * 4 + 1]) * a + back.1 * (255 - a) + 127) / 255)
                        out[o + 2] = UInt8((Int(row[x * 4 + 2]) * a + back.2 * (255 - a) + 127) / 255)
                        o += 3
                    }
                } else {
                    for x in 0 ..< width * 3 { out[o + x] = row[x] }
                }
            }
            count = width * height * 3
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    init(interleaved source: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, alpha: Bool,
         background: (UInt8, UInt8, UInt8)) {
        self.init(interleaved: UnsafePointer(source), width: width, height: height, stride: stride, alpha: alpha, background: background)
    }
}
