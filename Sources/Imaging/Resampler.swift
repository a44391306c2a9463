/// Resizes RGB images with a separable Lanczos-3 filter. When shrinking, the kernel is widened
/// by the scale factor, so every source pixel contributes and fine detail does not alias
/// (the same approach as Pillow's and libvips' reducers).
public enum Resampler {
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

    /// For each output index, the first contributing input index and normalised weights.
    static func contributions(input: Int, output: Int) -> [(start: Int, weights: [Float])] {
        let scale = Double(input) / Double(output)
        let support = 3 * max(scale, 1)
        let stretch = max(scale, 1)
        return (0 ..< output).map { i in
            let center = (Double(i) + 0.5) * scale
            let start = max(0, Int((center - support).rounded(.down)))
            let end = min(input, Int((center + support).rounded(.up)))
            var weights: [Double] = []
            for j in start ..< end {
                weights.append(lanczos3((Double(j) + 0.5 - center) / stretch))
            }
            let total = weights.reduce(0, +)
            return (start, weights.map { Float(total == 0 ? 0 : $0 / total) })
        }
    }

    public static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        guard width != image.width || height != image.height else { return image }
        let horizontal = contributions(input: image.width, output: width)
        let vertical = contributions(input: image.height, output: height)
        // Horizontal pass into floats, then vertical pass into bytes.
        var temporary = [Float](repeating: 0, count: width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { source in
            temporary.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< image.height {
                    let row = y * image.width * 3
                    for x in 0 ..< width {
                        let (start, weights) = horizontal[x]
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for (k, weight) in weights.enumerated() {
                            let i = row + (start + k) * 3
                            r += Float(source[i]) * weight
                            g += Float(source[i + 1]) * weight
                            b += Float(source[i + 2]) * weight
                        }
                        let o = (y * width + x) * 3
                        out[o] = r
                        out[o + 1] = g
                        out[o + 2] = b
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        temporary.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< height {
                    let (start, weights) = vertical[y]
                    for x in 0 ..< width * 3 {
                        var sum: Float = 0
                        for (k, weight) in weights.enumerated() {
                            sum += source[(start + k) * width * 3 + x] * weight
                        }
                        out[y * width * 3 + x] = UInt8(max(0, min(255, sum.rounded())))
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
