/// An RGB image in floating point (0...1), drawn into by the scenes.
struct Canvas {
    let width: Int
    let height: Int
    private(set) var pixels: [SIMD3<Float>]

    init(width: Int, height: Int, fill: SIMD3<Float> = .zero) {
        self.width = width
        self.height = height
        pixels = Array(repeating: fill, count: width * height)
    }

    subscript(x: Int, y: Int) -> SIMD3<Float> {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Blends `color` over pixel (x, y) with coverage `alpha`.
    mutating func blend(_ x: Int, _ y: Int, _ color: SIMD3<Float>, _ alpha: Float) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let a = min(alpha, 1)
        pixels[y * width + x] = pixels[y * width + x] * (1 - a) + color * a
    }

    /// 8-bit RGB rows, with a little dither so gradients do not band.
    /// - Parameter grain: extra noise amplitude in 8-bit steps, like a camera sensor's, so a
    ///   benchmark photo carries as much entropy-coded data as a real one.
    func rgbBytes(rng: inout SplitMix64, dither: Bool = true, grain: Float = 0) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for (i, p) in pixels.enumerated() {
            for c in 0 ..< 3 {
                let noise = dither ? Float(rng.nextDouble() - 0.5) * (1 + 2 * grain) / 255 : 0
                out[i * 3 + c] = UInt8(max(0, min(255, ((p[c] + noise) * 255).rounded())))
            }
        }
        return out
    }

    /// The pixels to store so that a viewer applying EXIF `orientation` shows this canvas.
    /// 6: the viewer turns the stored image 90° clockwise; 8: 90° counter-clockwise.
    func stored(forOrientation orientation: Int) -> Canvas {
        guard orientation == 6 || orientation == 8 else { return self }
        var out = Canvas(width: height, height: width)
        for ys in 0 ..< out.height {
            for xs in 0 ..< out.width {
                // The inverse of what a viewer does (Orientation.apply): 6 shows stored (x, y) at
                // displayed (H - 1 - y, x); 8 shows it at (y, W - 1 - x).
                out[xs, ys] = orientation == 6 ? self[out.height - 1 - ys, xs] : self[ys, out.width - 1 - xs]
            }
        }
        return out
    }
}

/// swift-algorithms' SplitMix64: a tiny seeded generator, so every run draws the same pictures.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func nextDouble() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func float(_ range: ClosedRange<Float>) -> Float {
        range.lowerBound + Float(nextDouble()) * (range.upperBound - range.lowerBound)
    }
}

func mix(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ t: Float) -> SIMD3<Float> { a + (b - a) * max(0, min(1, t)) }

func rgb(_ hex: UInt32) -> SIMD3<Float> {
    SIMD3(Float(hex >> 16 & 0xFF) / 255, Float(hex >> 8 & 0xFF) / 255, Float(hex & 0xFF) / 255)
}

func smoothstep(_ a: Float, _ b: Float, _ x: Float) -> Float {
    let t = max(0, min(1, (x - a) / (b - a)))
    return t * t * (3 - 2 * t)
}

func distance(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
    let d = a - b
    return (d * d).sum().squareRoot()
}
