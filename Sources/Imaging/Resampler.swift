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
    /// rounded: (a + b + c + d + 2) / 4.
    static func halved(_ image: RGBImage) -> RGBImage {
        let width = image.width / 2, height = image.height / 2
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let stride = image.width * 3, used = width * 6
        // Each pair of rows summed into one row of 16-bit sums first: a straight loop the
        // compiler turns into vector adds; then each output byte is two of those sums, three
        // bytes apart (the same four values added, so the same result as adding them at once).
        var sums = [UInt16](repeating: 0, count: used)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                sums.withUnsafeMutableBufferPointer { sum in
                    for y in 0 ..< height {
                        let top = source.baseAddress! + 2 * y * stride, bottom = top + stride
                        for i in 0 ..< used { sum[i] = UInt16(top[i]) &+ UInt16(bottom[i]) }
                        let row = out.baseAddress! + y * width * 3
                        for x in 0 ..< width {
                            let a = x * 6, o = x * 3
                            row[o] = UInt8(truncatingIfNeeded: (sum[a] &+ sum[a + 3] &+ 2) >> 2)
                            row[o + 1] = UInt8(truncatingIfNeeded: (sum[a + 1] &+ sum[a + 4] &+ 2) >> 2)
                            row[o + 2] = UInt8(truncatingIfNeeded: (sum[a + 2] &+ sum[a + 5] &+ 2) >> 2)
                        }
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
        // Horizontal pass into floats: each output pixel gathers its taps along the row. The
        // row is first widened to floats (plus one spare), so a tap is one 4-wide load of
        // (r, g, b, next) and one multiply-add for all three channels: per channel the same
        // operations in the same order as three scalar sums, so the same result.
        var temporary = [Float](repeating: 0, count: rowLength * image.height)
        var widened = [Float](repeating: 0, count: image.width * 3 + 1)
        image.pixels.withUnsafeBufferPointer { source in
            temporary.withUnsafeMutableBufferPointer { out in
                widened.withUnsafeMutableBufferPointer { row in
                    horizontal.weights.withUnsafeBufferPointer { weights in
                        let rowPointer = UnsafeRawPointer(row.baseAddress!)
                        for y in 0 ..< image.height {
                            let first = y * image.width * 3
                            var i = 0
                            let widenedEnd = image.width * 3 - image.width * 3 % 8
                            let rowBytes = UnsafeMutableRawPointer(row.baseAddress!)
                            while i < widenedEnd {
                                let bytes = UnsafeRawPointer(source.baseAddress! + first + i).loadUnaligned(as: SIMD8<UInt8>.self)
                                rowBytes.storeBytes(of: SIMD8<Float>(bytes), toByteOffset: i * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
                                i += 8
                            }
                            while i < image.width * 3 {
                                row[i] = Float(source[first + i])
                                i += 1
                            }
                            // Two output pixels at a time: two independent sums keep the
                            // multiply-adds overlapping; each pixel's own sum keeps its order.
                            let step = 3 * MemoryLayout<Float>.stride
                            var x = 0
                            while x < width {
                                let second = x + 1 < width
                                let countA = horizontal.counts[x], countB = second ? horizontal.counts[x + 1] : 0
                                let baseA = x * horizontal.taps, baseB = baseA + horizontal.taps
                                var atA = horizontal.starts[x] * step, atB = second ? horizontal.starts[x + 1] * step : 0
                                var sumA = SIMD4<Float>(repeating: 0), sumB = SIMD4<Float>(repeating: 0)
                                let shared = min(countA, countB)
                                for k in 0 ..< shared {
                                    sumA += rowPointer.loadUnaligned(fromByteOffset: atA, as: SIMD4<Float>.self) * weights[baseA + k]
                                    sumB += rowPointer.loadUnaligned(fromByteOffset: atB, as: SIMD4<Float>.self) * weights[baseB + k]
                                    atA += step
                                    atB += step
                                }
                                for k in shared ..< countA {
                                    sumA += rowPointer.loadUnaligned(fromByteOffset: atA, as: SIMD4<Float>.self) * weights[baseA + k]
                                    atA += step
                                }
                                for k in shared ..< countB {
                                    sumB += rowPointer.loadUnaligned(fromByteOffset: atB, as: SIMD4<Float>.self) * weights[baseB + k]
                                    atB += step
                                }
                                let o = y * rowLength + x * 3
                                out[o] = sumA[0]
                                out[o + 1] = sumA[1]
                                out[o + 2] = sumA[2]
                                if second {
                                    out[o + 3] = sumB[0]
                                    out[o + 4] = sumB[1]
                                    out[o + 5] = sumB[2]
                                }
                                x += 2
                            }
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
                            // Eight samples at a time (the compiler leaves this loop scalar: it
                            // cannot tell `sum` and `source` apart); the same multiply and add
                            // per sample as the scalar tail, so the same result.
                            let vectorEnd = rowLength - rowLength % 8
                            let sums = UnsafeMutableRawPointer(sum.baseAddress!), inputs = UnsafeRawPointer(source.baseAddress!)
                            let floatSize = MemoryLayout<Float>.stride
                            for k in 0 ..< vertical.counts[y] {
                                let weight = weights[base + k]
                                let input = (start + k) * rowLength
                                var x = 0
                                while x < vectorEnd {
                                    let partial = sums.loadUnaligned(fromByteOffset: x * floatSize, as: SIMD8<Float>.self)
                                    let samples = inputs.loadUnaligned(fromByteOffset: (input + x) * floatSize, as: SIMD8<Float>.self)
                                    sums.storeBytes(of: partial + samples * weight, toByteOffset: x * floatSize, as: SIMD8<Float>.self)
                                    x += 8
                                }
                                while x < rowLength {
                                    sum[x] += source[input + x] * weight
                                    x += 1
                                }
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
