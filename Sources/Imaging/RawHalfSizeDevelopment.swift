import Foundation

/// A Bayer raw developed at half size straight from its sensor data, as LibRaw's `dcraw_process`
/// develops it with `half_size` (each 2 × 2 block of the mosaic is one pixel: no demosaicing),
/// the camera's white balance, its matrix to sRGB, auto-brightness and sRGB's curve — step for
/// step and number for number (held within 1 of `dcraw_emu -h` by RawDevelopmentTests), but without
/// LibRaw's 16-bit four-channel copy of the picture: for a 60 MP raw that copy is 120 MB beside
/// the 120 MB of sensor data, and it is what kept a raw's development over 300 MB.
///
/// Only the plain case is taken (`RawFile.halfSizeDevelopment` checks it): a 2 × 2 colour filter
/// of three colours, square pixels, a black level the same at every position of the pattern, the
/// camera's own white balance. Everything else (X-Trans, Foveon, linear DNGs, Fujifilm's 45°
/// sensors, per-position black patterns) is left to LibRaw.
struct RawHalfSizeDevelopment {
    /// The visible area's size and where it starts in the sensor data, in sensor pixels.
    var width: Int, height: Int, top: Int, left: Int
    /// Sensor data samples from one row to the next.
    var pitch: Int
    /// dcraw's packed colour filter pattern (`filters`): 2 bits a position, 8 rows of 2.
    var filters: UInt32
    /// The black level to take off each colour (red, green, blue, second green).
    var black: (Int, Int, Int, Int)
    /// The sensor's white level above black, before LibRaw's adjustment to the data.
    var maximum: Int
    /// LibRaw's `adjust_maximum_thr`: the white level becomes the data's own brightest sample
    /// when that lies above this share of it.
    var adjustMaximumThreshold: Float
    /// The white balance multipliers (the camera's as shot), per colour.
    var multipliers: (Float, Float, Float, Float)
    /// The camera's matrix to sRGB (LibRaw's `rgb_cam`): rows red, green, blue; columns the
    /// camera's red, green and blue.
    var cameraToSRGB: [[Float]]
    /// LibRaw's `auto_bright_thr` (the share of pixels allowed to clip) and `bright`.
    var autoBrightThreshold: Float, brightness: Float
    /// The output curve's power and toe slope (LibRaw's `gamm[0]`, `gamm[1]`).
    var gammaPower: Double, gammaSlope: Double

    /// Whole 2 × 2 blocks only: of an odd side LibRaw keeps a last half pixel that has two of
    /// the four samples (its colour wrong: no blue, half the green, or no red), and dcraw_emu's
    /// picture leaves it out; so does ours.
    var outputWidth: Int { width / 2 }
    var outputHeight: Int { height / 2 }

    /// The colour (0 red, 1 green, 2 blue, 3 second green) of the visible pixel at (row, column).
    @inline(__always) func color(_ row: Int, _ column: Int) -> Int {
        Int(truncatingIfNeeded: filters >> ((((row << 1) & 14) | (column & 1)) << 1)) & 3
    }

    /// Where red, the first green, blue and the second green lie in a 2 × 2 block starting at
    /// each even row of the pattern's 8 (as offsets in samples from its top left), or nil when a
    /// block does not hold each of the four once (then LibRaw develops it).
    func blockLayouts() -> [(red: Int, green: Int, blue: Int, green2: Int)]? {
        var layouts: [(red: Int, green: Int, blue: Int, green2: Int)] = []
        for row in stride(from: 0, to: 8, by: 2) {
            var offsets = [Int](repeating: -1, count: 4)
            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let channel = color(row + dy, dx)
                guard offsets[channel] < 0 else { return nil }
                offsets[channel] = dy * pitch + dx
            }
            layouts.append((offsets[0], offsets[1], offsets[2], offsets[3]))
        }
        return layouts
    }

    /// The picture, 8-bit RGB, `outputWidth` × `outputHeight`, not turned; nil when its pattern
    /// is not one `blockLayouts` takes.
    func developed(_ raw: UnsafePointer<UInt16>) -> RGBImage? {
        guard let layouts = blockLayouts() else { return nil }
        let blacks = [black.0, black.1, black.2, black.3]
        // LibRaw takes the black off as it copies, and notes the brightest sample left.
        var brightest = 0
        for row in 0 ..< height {
            let line = raw + (row + top) * pitch + left
            let (even, odd) = (blacks[color(row, 0)], blacks[color(row, 1)])
            var column = 0
            while column + 1 < width {
                brightest = max(brightest, Int(line[column]) - even, Int(line[column + 1]) - odd)
                column += 2
            }
            if column < width { brightest = max(brightest, Int(line[column]) - even) }
        }
        var white = maximum
        if adjustMaximumThreshold >= 0.00001, brightest > 0, brightest < white,
           Float(brightest) > Float(white) * (adjustMaximumThreshold > 0.99999 ? 0.75 : adjustMaximumThreshold) {
            white = brightest
        }
        // scale_colors: the multipliers over the smallest of them, so that white is 65535.
        let multipliers = [self.multipliers.0, self.multipliers.1, self.multipliers.2, self.multipliers.3]
        let smallest = Double(multipliers.min() ?? 1)
        let scale = multipliers.map { multiplier -> Float in
            guard smallest > 0.00001, white > 0 else { return 1 }
            return Float(Double(Float(Double(multiplier) / smallest)) * 65535.0 / Double(white))
        }
        let pixels = Pixels(raw: raw, development: self, layouts: layouts, blacks: blacks, scale: scale)
        // convert_to_rgb counts each channel's values (in steps of 8) for auto-brightness...
        var histogram = [Int](repeating: 0, count: 3 * 0x2000)
        histogram.withUnsafeMutableBufferPointer { counts in
            pixels.forEach { _, red, green, blue in
                counts[red >> 3] += 1
                counts[0x2000 + (green >> 3)] += 1
                counts[0x4000 + (blue >> 3)] += 1
            }
        }
        // ...and its output makes the value that only `autoBrightThreshold` of pixels pass white.
        let allowed = Int(Float(outputWidth * outputHeight) * autoBrightThreshold)
        var whitePoint = 0
        for channel in 0 ..< 3 {
            var value = 0x2000, total = 0
            while true {
                value -= 1
                guard value > 32 else { break }
                total += histogram[channel * 0x2000 + value]
                if total > allowed { break }
            }
            whitePoint = max(whitePoint, value)
        }
        let curve = Self.curve(power: gammaPower, slope: gammaSlope, whiteAt: Int(Float(whitePoint << 3) / brightness))
        var out = [UInt8](repeating: 0, count: outputWidth * outputHeight * 3)
        curve.withUnsafeBufferPointer { curve in
            out.withUnsafeMutableBufferPointer { out in
                pixels.forEach { index, red, green, blue in
                    out[3 * index] = UInt8(truncatingIfNeeded: curve[red] >> 8)
                    out[3 * index + 1] = UInt8(truncatingIfNeeded: curve[green] >> 8)
                    out[3 * index + 2] = UInt8(truncatingIfNeeded: curve[blue] >> 8)
                }
            }
        }
        return RGBImage(width: outputWidth, height: outputHeight, pixels: out)
    }

    /// Each output pixel's linear sRGB (0–65535) in order: its 2 × 2 block's samples less black,
    /// scaled, the two greens averaged, the matrix applied — in LibRaw's arithmetic (Float
    /// products summed in order, truncated, clipped) so that the histogram and curve agree.
    private struct Pixels {
        let raw: UnsafePointer<UInt16>
        let development: RawHalfSizeDevelopment
        let layouts: [(red: Int, green: Int, blue: Int, green2: Int)]
        let blacks: [Int]
        let scale: [Float]

        @inline(__always) private static func scaled(_ sample: UInt16, black: Int, scale: Float) -> Float {
            let value = Int(sample) - black
            guard value > 0 else { return 0 }
            let product = Float(value) * scale
            return product >= 65535 ? 65535 : Float(Int(product))
        }

        @inline(__always) func forEach(_ body: (Int, Int, Int, Int) -> Void) {
            let d = development
            let m = d.cameraToSRGB
            let (m00, m01, m02) = (m[0][0], m[0][1], m[0][2])
            let (m10, m11, m12) = (m[1][0], m[1][1], m[1][2])
            let (m20, m21, m22) = (m[2][0], m[2][1], m[2][2])
            let (redBlack, greenBlack, blueBlack, green2Black) = (blacks[0], blacks[1], blacks[2], blacks[3])
            let (redScale, greenScale, blueScale, green2Scale) = (scale[0], scale[1], scale[2], scale[3])
            var index = 0
            for outRow in 0 ..< d.outputHeight {
                let block = raw + (2 * outRow + d.top) * d.pitch + d.left
                let layout = layouts[outRow & 3]
                for outColumn in 0 ..< d.outputWidth {
                    let start = block + 2 * outColumn
                    let red = Self.scaled(start[layout.red], black: redBlack, scale: redScale)
                    let green1 = Int(Self.scaled(start[layout.green], black: greenBlack, scale: greenScale))
                    let green2 = Int(Self.scaled(start[layout.green2], black: green2Black, scale: green2Scale))
                    let blue = Self.scaled(start[layout.blue], black: blueBlack, scale: blueScale)
                    let green = Float((green1 + green2) >> 1)
                    var outRed: Float = 0, outGreen: Float = 0, outBlue: Float = 0
                    outRed += m00 * red; outRed += m01 * green; outRed += m02 * blue
                    outGreen += m10 * red; outGreen += m11 * green; outGreen += m12 * blue
                    outBlue += m20 * red; outBlue += m21 * green; outBlue += m22 * blue
                    body(index, RawHalfSizeDevelopment.clipped(outRed), RawHalfSizeDevelopment.clipped(outGreen), RawHalfSizeDevelopment.clipped(outBlue))
                    index += 1
                }
            }
        }
    }

    @inline(__always) private static func clipped(_ value: Float) -> Int {
        value >= 65535 ? 65535 : value <= 0 ? 0 : Int(value)
    }

    /// dcraw's `gamma_curve` (mode 2): linear 0–65535 to the output curve, `whiteAt` and above white.
    static func curve(power: Double, slope: Double, whiteAt: Int) -> [UInt16] {
        var g = [power, slope, 0, 0, 0, 0]
        var bounds = [0.0, 0.0]
        bounds[g[1] >= 1 ? 1 : 0] = 1
        if g[1] != 0, (g[1] - 1) * (g[0] - 1) <= 0 {
            for _ in 0 ..< 48 {
                g[2] = (bounds[0] + bounds[1]) / 2
                if g[0] != 0 {
                    bounds[(pow(g[2] / g[1], -g[0]) - 1) / g[0] - 1 / g[2] > -1 ? 1 : 0] = g[2]
                } else {
                    bounds[g[2] / exp(1 - 1 / g[2]) < g[1] ? 1 : 0] = g[2]
                }
            }
            g[3] = g[2] / g[1]
            if g[0] != 0 { g[4] = g[2] * (1 / g[0] - 1) }
        }
        return (0 ..< 0x10000).map { i in
            let r = Double(i) / Double(whiteAt)
            guard r < 1 else { return 0xFFFF }
            let value = r < g[3] ? r * g[1] : (g[0] != 0 ? pow(r, g[0]) * (1 + g[4]) - g[4] : log(r) * g[2] + 1)
            return UInt16(max(0, min(65535, Int(0x10000 * value))))
        }
    }
}
