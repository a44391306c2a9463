import CResample

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

    public static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        // Shrink by 2 with a 2×2 box average while at least 2× remains on both axes, then
        // finish with Lanczos-3 at a ratio below 2 (as libvips does: shrink, then reduce). The
        // box average is an exact low-pass for halving, so nothing aliases, at a fraction of
        // the cost of a kernel 4× wider.
        var halvings = Halvings(image)
        return halvings.resize(width: width, height: height)
    }

    /// An image and its halvings, each made once when first needed: sizes made from one image
    /// one after another (a photo's 708 and 472 px) share the halving they start from.
    struct Halvings {
        private var chain: [RGBImage]

        init(_ image: RGBImage) { chain = [image] }

        mutating func resize(width: Int, height: Int) -> RGBImage {
            guard width != chain[0].width || height != chain[0].height else { return chain[0] }
            var index = 0
            while chain[index].width / 2 >= width && chain[index].height / 2 >= height {
                if index + 1 == chain.count { chain.append(Resampler.halved(chain[index])) }
                index += 1
            }
            return Resampler.lanczos(chain[index], width: width, height: height)
        }
    }

    /// Each output pixel is the mean of a 2×2 block (an odd last row or column is dropped),
    /// rounded: (a + b + c + d + 2) / 4 (CResample).
    static func halved(_ image: RGBImage, allowAVX2: Bool = true) -> RGBImage {
        let width = image.width / 2, height = image.height / 2
        var sums = [UInt16](unsafeUninitializedCapacity: max(1, width * 6)) { _, initialized in initialized = max(1, width * 6) }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                sums.withUnsafeMutableBufferPointer { sums in
                    cresample_halve(source.baseAddress, image.width, image.height, out.baseAddress, sums.baseAddress, allowAVX2 ? 1 : 0)
                }
            }
            initialized = width * height * 3
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// - Parameter allowAVX2: false takes CResample's any-x86-64 build (for the tests, which
    ///   compare both with the scalar loops).
    static func lanczos(_ image: RGBImage, width: Int, height: Int, allowAVX2: Bool = true) -> RGBImage {
        guard width != image.width || height != image.height else { return image }
        let horizontal = contributions(input: image.width, output: width)
        let vertical = contributions(input: image.height, output: height)
        let temporary = horizontalPass(image, horizontal, width: width, allowAVX2: allowAVX2)
        return verticalPass(temporary, rowLength: width * 3, vertical, width: width, height: height, allowAVX2: allowAVX2)
    }

    /// Rows filtered along x into floats, `width * 3` a row (CResample: eight rows at a time,
    /// their samples laid side by side, so one tap of one channel is one eight-wide multiply and
    /// add for eight rows; per sample the same multiply and add, in the same order from zero, as
    /// a scalar sum along the row, so the same floats).
    private static func horizontalPass(_ image: RGBImage, _ horizontal: Contributions, width: Int, allowAVX2: Bool) -> [Float] {
        let rowLength = width * 3
        var lanes = [Float](unsafeUninitializedCapacity: image.width * 3 * 8) { _, initialized in initialized = image.width * 3 * 8 }
        return [Float](unsafeUninitializedCapacity: rowLength * image.height) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                lanes.withUnsafeMutableBufferPointer { lanes in
                    horizontal.starts.withUnsafeBufferPointer { starts in
                        horizontal.counts.withUnsafeBufferPointer { counts in
                            horizontal.weights.withUnsafeBufferPointer { weights in
                                cresample_horizontal(
                                    source.baseAddress, image.width, image.height, starts.baseAddress, counts.baseAddress,
                                    weights.baseAddress, horizontal.taps, width, lanes.baseAddress, out.baseAddress, allowAVX2 ? 1 : 0)
                            }
                        }
                    }
                }
            }
            initialized = rowLength * image.height
        }
    }

    /// Each output row a weighted sum of whole input rows (CResample: eight samples at a time,
    /// the taps summed in registers from zero in tap order, walking the rows in memory order),
    /// then rounded half up and clamped.
    private static func verticalPass(_ temporary: [Float], rowLength: Int, _ vertical: Contributions, width: Int, height: Int, allowAVX2: Bool) -> RGBImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: rowLength * height) { out, initialized in
            temporary.withUnsafeBufferPointer { source in
                vertical.starts.withUnsafeBufferPointer { starts in
                    vertical.counts.withUnsafeBufferPointer { counts in
                        vertical.weights.withUnsafeBufferPointer { weights in
                            cresample_vertical(
                                source.baseAddress, rowLength, height, starts.baseAddress, counts.baseAddress,
                                weights.baseAddress, vertical.taps, out.baseAddress, allowAVX2 ? 1 : 0)
                        }
                    }
                }
            }
            initialized = rowLength * height
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
