import Imaging
/// The resampler as it was written before its loops were vectorised (plain scalar loops, one
/// channel at a time): the reference `Resampler` must match byte for byte, since the images
/// an export makes must not change with the speed work (issue 40).
enum ScalarResampler {
    static func lanczos3(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= 3 { return 0 }
        let px = Double.pi * x
        return 3 * sinApprox(px) * sinApprox(px / 3) / (px * px)
    }

    /// sin without Foundation: the argument is folded into [-π, π] and a 11th-order Taylor
    /// series is used (error below 1e-6 there, far below what 8-bit output can show).
    static func sinApprox(_ value: Double) -> Double {
        var x = value.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi }
        if x < -Double.pi { x += 2 * Double.pi }
        let x2 = x * x
        return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110)))))
    }

    /// For each output index, the first contributing input index and normalised weights,
    /// flattened: `weights[i * taps ..< i * taps + counts[i]]`.
    struct Contributions {
        var starts: [Int]
        var counts: [Int]
        var taps: Int
        var weights: [Float]
    }

    static func contributions(input: Int, output: Int) -> Contributions {
        let scale = Double(input) / Double(output)
        let support = 3 * max(scale, 1)
        let stretch = max(scale, 1)
        let taps = Int((2 * support).rounded(.up)) + 2
        var result = Contributions(starts: [], counts: [], taps: taps, weights: Array(repeating: 0, count: output * taps))
        for i in 0 ..< output {
            let center = (Double(i) + 0.5) * scale
            let start = max(0, Int((center - support).rounded(.down)))
            let end = min(input, Int((center + support).rounded(.up)), start + taps)
            var weights: [Double] = []
            for j in start ..< end {
                weights.append(lanczos3((Double(j) + 0.5 - center) / stretch))
            }
            let total = weights.reduce(0, +)
            for (k, weight) in weights.enumerated() {
                result.weights[i * taps + k] = Float(total == 0 ? 0 : weight / total)
            }
            result.starts.append(start)
            result.counts.append(weights.count)
        }
        return result
    }

    static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        guard width != image.width || height != image.height else { return image }
        // Shrink by 2 with a 2×2 box average while at least 2× remains on both axes, then
        // finish with Lanczos-3 at a ratio below 2 (as libvips does: shrink, then reduce). The
        // box average is an exact low-pass for halving, so nothing aliases, at a fraction of
        // the cost of a kernel 4× wider.
        var source = image
        while source.width / 2 >= width && source.height / 2 >= height {
            source = halved(source)
        }
        return lanczos(source, width: width, height: height)
    }

    /// Each output pixel is the mean of a 2×2 block (an odd last row or column is dropped).
    static func halved(_ image: RGBImage) -> RGBImage {
        let width = image.width / 2, height = image.height / 2
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let stride = image.width * 3
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< height {
                    let top = 2 * y * stride, bottom = top + stride, o = y * width * 3
                    for x in 0 ..< width * 3 {
                        let channel = x % 3, column = (x / 3) * 6 + channel
                        let sum = UInt16(source[top + column]) + UInt16(source[top + column + 3])
                            + UInt16(source[bottom + column]) + UInt16(source[bottom + column + 3])
                        out[o + x] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func lanczos(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        guard width != image.width || height != image.height else { return image }
        let horizontal = contributions(input: image.width, output: width)
        let vertical = contributions(input: image.height, output: height)
        let rowLength = width * 3
        // Horizontal pass into floats: each output pixel gathers its taps along the row.
        var temporary = [Float](repeating: 0, count: rowLength * image.height)
        image.pixels.withUnsafeBufferPointer { source in
            temporary.withUnsafeMutableBufferPointer { out in
                horizontal.weights.withUnsafeBufferPointer { weights in
                    for y in 0 ..< image.height {
                        let row = y * image.width * 3
                        for x in 0 ..< width {
                            let start = horizontal.starts[x], count = horizontal.counts[x], base = x * horizontal.taps
                            var r: Float = 0, g: Float = 0, b: Float = 0
                            var i = row + start * 3
                            for k in 0 ..< count {
                                let weight = weights[base + k]
                                r += Float(source[i]) * weight
                                g += Float(source[i + 1]) * weight
                                b += Float(source[i + 2]) * weight
                                i += 3
                            }
                            let o = y * rowLength + x * 3
                            out[o] = r
                            out[o + 1] = g
                            out[o + 2] = b
                        }
                    }
                }
            }
        }
        // Vertical pass: each output row is a weighted sum of whole input rows, walked in
        // memory order (a column-wise walk would miss the cache on every tap).
        var pixels = [UInt8](repeating: 0, count: rowLength * height)
        var accumulator = [Float](repeating: 0, count: rowLength)
        temporary.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                accumulator.withUnsafeMutableBufferPointer { sum in
                    vertical.weights.withUnsafeBufferPointer { weights in
                        for y in 0 ..< height {
                            for x in 0 ..< rowLength { sum[x] = 0 }
                            let start = vertical.starts[y], base = y * vertical.taps
                            for k in 0 ..< vertical.counts[y] {
                                let weight = weights[base + k]
                                let input = (start + k) * rowLength
                                for x in 0 ..< rowLength { sum[x] += source[input + x] * weight }
                            }
                            let o = y * rowLength
                            for x in 0 ..< rowLength {
                                // Round half up and clamp, without a libm call per sample.
                                let value = sum[x] + 0.5
                                out[o + x] = value <= 0 ? 0 : (value >= 255 ? 255 : UInt8(value))
                            }
                        }
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
