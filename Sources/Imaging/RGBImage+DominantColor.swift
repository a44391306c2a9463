extension RGBImage {
    /// The colour most of the picture is: pixels are counted in 4,096 boxes of the colour cube
    /// (16 steps a channel) and the fullest box's mean colour is returned (ties: the first box).
    /// A mean over the whole picture would be the muddy mix of a blue sky and a red boat; the
    /// fullest box is the sky, which is what a placeholder should show before the photo arrives
    /// (Pinterest's and Immich's placeholders do the same).
    public var dominantColor: RGBColor {
        guard width > 0, height > 0 else { return RGBColor(red: 0, green: 0, blue: 0) }
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [Int](repeating: 0, count: 4096 * 3)
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i + 2 < p.count {
                let r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2])
                let box = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4)
                counts[box] += 1
                sums[box * 3] += r
                sums[box * 3 + 1] += g
                sums[box * 3 + 2] += b
                i += 3
            }
        }
        var best = 0
        for box in 1 ..< counts.count where counts[box] > counts[best] { best = box }
        let n = max(counts[best], 1)
        func mean(_ channel: Int) -> UInt8 { UInt8((sums[best * 3 + channel] + n / 2) / n) }
        return RGBColor(red: mean(0), green: mean(1), blue: mean(2))
    }
}
