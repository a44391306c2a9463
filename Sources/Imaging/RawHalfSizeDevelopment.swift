import Foundation

/// A Bayer raw developed at half size straight from its sensor data, as LibRaw's `dcraw_process`
/// develops it with `half_size` (each 2 × 2 block of the mosaic is one pixel: no demosaicing),
/// the camera's white balance, its matrix to sRGB, auto-brightness and sRGB's curve — step for
/// step and number for number (held within 1 of `dcraw_emu -h` by RawTests), but without
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

    /// The picture, 8-bit RGB, `outputWidth` × `outputHeight`, not turned.
    func developed(_ raw: UnsafePointer<UInt16>) -> RGBImage {
        let blacks = [black.0, black.1, black.2, black.3]
        // LibRaw takes the black off as it copies, and notes the brightest sample left.
        var brightest = 0
        for row in 0 ..< height {
            let line = raw + (row + top) * pitch + left
            for column in 0 ..< width {
                let value = Int(line[column]) - blacks[color(row, column)]
                if value > brightest { brightest = value }
            }
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
        // convert_to_rgb counts each channel's values (in steps of 8) for auto-brightness...
        var histogram = [Int](repeating: 0, count: 3 * 0x2000)
        histogram.withUnsafeMutableBufferPointer { counts in
            forEachPixel(raw, blacks: blacks, scale: scale) { _, red, green, blue in
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
        var pixels = [UInt8](repeating: 0, count: outputWidth * outputHeight * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            forEachPixel(raw, blacks: blacks, scale: scale) { index, red, green, blue in
                out[3 * index] = UInt8(curve[red] >> 8)
                out[3 * index + 1] = UInt8(curve[green] >> 8)
                out[3 * index + 2] = UInt8(curve[blue] >> 8)
            }
        }
        return RGBImage(width: outputWidth, height: outputHeight, pixels: pixels)
    }

    /// Each output pixel's linear sRGB (0–65535) in order: its 2 × 2 block's samples less black,
    /// scaled, the two greens averaged, the matrix applied — in LibRaw's arithmetic (Float
    /// products summed in order, truncated, clipped) so that the histogram and curve agree.
    @inline(__always)
    private func forEachPixel(_ raw: UnsafePointer<UInt16>, blacks: [Int], scale: [Float], _ body: (Int, Int, Int, Int) -> Void) {
        let m = cameraToSRGB
        let (m00, m01, m02) = (m[0][0], m[0][1], m[0][2])
        let (m10, m11, m12) = (m[1][0], m[1][1], m[1][2])
        let (m20, m21, m22) = (m[2][0], m[2][1], m[2][2])
        var index = 0
        for outRow in 0 ..< outputHeight {
            for outColumn in 0 ..< outputWidth {
                var samples = (0, 0, 0, 0)
                for row in 2 * outRow ..< 2 * outRow + 2 {
                    let line = raw + (row + top) * pitch + left
                    for column in 2 * outColumn ..< 2 * outColumn + 2 {
                        let color = color(row, column)
                        let value = max(0, Int(line[column]) - blacks[color])
                        let scaled = value == 0 ? 0 : min(65535, max(0, Int(Float(value) * scale[color])))
                        switch color {
                        case 0: samples.0 = scaled
                        case 1: samples.1 = scaled
                        case 2: samples.2 = scaled
                        default: samples.3 = scaled
                        }
                    }
                }
                let (red, green, blue) = (Float(samples.0), Float((samples.1 + samples.3) >> 1), Float(samples.2))
                var outRed: Float = 0, outGreen: Float = 0, outBlue: Float = 0
                outRed += m00 * red; outRed += m01 * green; outRed += m02 * blue
                outGreen += m10 * red; outGreen += m11 * green; outGreen += m12 * blue
                outBlue += m20 * red; outBlue += m21 * green; outBlue += m22 * blue
                body(index, Self.clipped(outRed), Self.clipped(outGreen), Self.clipped(outBlue))
                index += 1
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
