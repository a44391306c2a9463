import Foundation

/// Procedural landscapes: gradients, ridges, discs and curtains, soft enough to compress small.
enum Scene: CaseIterable {
    case sunset, mountains, dunes, aurora, bokeh, forest, lake

    func draw(width: Int, height: Int, rng: inout SplitMix64) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let w = Float(width), h = Float(height)
        switch self {
        case .sunset:
            let horizon = h * rng.float(0.55 ... 0.7)
            let sun = SIMD2(w * rng.float(0.25 ... 0.75), horizon - h * rng.float(0.05 ... 0.15))
            let radius = min(w, h) * 0.07
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let fy = Float(y)
                    var color: SIMD3<Float>
                    if fy < horizon {
                        let t = fy / horizon
                        color = t < 0.6 ? mix(rgb(0x1B2A49), rgb(0xC0506A), t / 0.6) : mix(rgb(0xC0506A), rgb(0xF6A25E), (t - 0.6) / 0.4)
                        let d = distance(SIMD2(Float(x), fy), sun)
                        color = mix(color, rgb(0xFFE7B0), smoothstep(radius * 1.02, radius * 0.98, d))
                        color += rgb(0xFF9A50) * 0.35 * exp(-d / (radius * 3))
                    } else {
                        let t = (fy - horizon) / (h - horizon)
                        color = mix(rgb(0x6A3A55), rgb(0x141C33), t)
                        let shimmer = abs(Float(x) - sun.x) < radius * (1.2 + 2 * t) && Int(fy) % 7 < 3
                        if shimmer { color = mix(color, rgb(0xFFC980), 0.5 * (1 - t)) }
                    }
                    canvas[x, y] = color
                }
            }
        case .mountains, .forest:
            let layers = self == .mountains ? 5 : 4
            let sky = self == .mountains ? (rgb(0x9EC5E8), rgb(0xF3E6D8)) : (rgb(0xCFD8CF), rgb(0xEEF1E6))
            let far = self == .mountains ? rgb(0x8AA3C2) : rgb(0xA9BBA8)
            let near = self == .mountains ? rgb(0x23324A) : rgb(0x1F3324)
            for y in 0 ..< height {
                for x in 0 ..< width { canvas[x, y] = mix(sky.0, sky.1, Float(y) / h) }
            }
            for layer in 0 ..< layers {
                let t = Float(layer) / Float(layers - 1)
                let base = h * (0.35 + 0.13 * Float(layer))
                let phases = (0 ..< 4).map { _ in rng.float(0 ... 6.28) }
                let color = mix(far, near, t)
                for x in 0 ..< width {
                    let fx = Float(x) / w
                    var ridge = base
                    for (k, phase) in phases.enumerated() {
                        let f = Float(k + 1) * (self == .mountains ? 2.3 : 9)
                        ridge -= h * 0.06 / Float(k + 1) * sin(fx * f * 3.14 + phase)
                    }
                    if self == .forest {
                        // Tree tops: a saw of narrow spikes.
                        let spike = abs(sin(fx * 60 * (1 + t) + phases[0]))
                        ridge -= h * 0.08 * (1 - t * 0.5) * pow(spike, 6)
                    }
                    for y in max(0, Int(ridge)) ..< height {
                        canvas.blend(x, y, color, 1 - 0.15 * (1 - t) * smoothstep(0, h * 0.3, Float(y) - ridge))
                    }
                }
            }
        case .dunes:
            let sky = (rgb(0x7FB2D9), rgb(0xF5DDB8))
            for y in 0 ..< height {
                for x in 0 ..< width { canvas[x, y] = mix(sky.0, sky.1, Float(y) / (h * 0.5)) }
            }
            for layer in 0 ..< 4 {
                let base = h * (0.45 + 0.14 * Float(layer))
                let phase = rng.float(0 ... 6.28)
                let light = mix(rgb(0xF2C58A), rgb(0xD98C4A), Float(layer) / 3)
                let shade = light * 0.7
                for x in 0 ..< width {
                    let fx = Float(x) / w * 6.28 * (1.2 + Float(layer) * 0.4)
                    let crest = base - h * 0.07 * sin(fx + phase)
                    let slope = cos(fx + phase)
                    for y in max(0, Int(crest)) ..< height {
                        canvas[x, y] = mix(light, shade, slope > 0 ? 0.2 : 0.8)
                    }
                }
            }
        case .aurora:
            for y in 0 ..< height {
                for x in 0 ..< width { canvas[x, y] = mix(rgb(0x050B1E), rgb(0x14294A), Float(y) / h) }
            }
            for _ in 0 ..< (width * height / 900) {
                let x = Int(rng.nextDouble() * Double(width)), y = Int(rng.nextDouble() * Double(height) * 0.7)
                canvas.blend(x, y, SIMD3(1, 1, 1), rng.float(0.3 ... 0.9))
            }
            let phase = rng.float(0 ... 6.28)
            for x in 0 ..< width {
                let fx = Float(x) / w
                let center = h * (0.35 + 0.12 * sin(fx * 5 + phase) + 0.05 * sin(fx * 13))
                let strength = 0.5 + 0.5 * sin(fx * 23 + phase * 2)
                for y in 0 ..< height {
                    let d = (Float(y) - center) / (h * 0.12)
                    let glow = exp(-d * d) * strength
                    canvas.blend(x, y, d < 0 ? rgb(0x7CF2B0) : rgb(0x9A6CF0), glow * 0.8)
                }
            }
            let ground = h * 0.86
            for x in 0 ..< width {
                let top = ground - h * 0.03 * sin(Float(x) / w * 9 + phase)
                for y in max(0, Int(top)) ..< height { canvas[x, y] = rgb(0x03060C) }
            }
        case .bokeh:
            let tint = [rgb(0xF7B267), rgb(0xF25C54), rgb(0x7BDFF2), rgb(0xB2F7EF), rgb(0xF4F1BB)]
            for y in 0 ..< height {
                for x in 0 ..< width { canvas[x, y] = mix(rgb(0x140F1F), rgb(0x2B1B3A), Float(x + y) / (w + h)) }
            }
            for _ in 0 ..< 40 {
                let c = SIMD2(rng.float(0 ... w), rng.float(0 ... h))
                let r = min(w, h) * rng.float(0.03 ... 0.12)
                let color = tint[Int(rng.nextDouble() * Double(tint.count))]
                let alpha = rng.float(0.15 ... 0.45)
                for y in max(0, Int(c.y - r)) ... min(height - 1, Int(c.y + r)) {
                    for x in max(0, Int(c.x - r)) ... min(width - 1, Int(c.x + r)) {
                        let d = distance(SIMD2(Float(x), Float(y)), c)
                        canvas.blend(x, y, color, alpha * smoothstep(r, r * 0.9, d))
                    }
                }
            }
        case .lake:
            let horizon = h * rng.float(0.45 ... 0.55)
            let phases = (0 ..< 3).map { _ in rng.float(0 ... 6.28) }
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let fx = Float(x) / w
                    var ridge = horizon - h * 0.12
                    for (k, phase) in phases.enumerated() { ridge -= h * 0.05 / Float(k + 1) * sin(fx * Float(k + 2) * 3.1 + phase) }
                    let mirrored = Float(y) < horizon ? Float(y) : 2 * horizon - Float(y)
                    var color = mix(rgb(0xFAD6A5), rgb(0x6C8EBF), 1 - mirrored / horizon)
                    if mirrored > ridge { color = mix(rgb(0x35524A), rgb(0x1E2F2A), (mirrored - ridge) / (horizon - ridge)) }
                    if Float(y) >= horizon {
                        color = color * 0.82 + rgb(0x102030) * 0.1
                        if Int(Float(y) + 4 * sin(fx * 40)) % 9 == 0 { color = color * 1.08 }
                    }
                    canvas[x, y] = color
                }
            }
        }
        return canvas
    }
}

