/// Makes display-ready JPEGs from a photo file: decoded at the smallest DCT scale that covers
/// the target, resampled (Lanczos-3) to the exact size, turned upright per EXIF, and encoded
/// progressive at quality 82, with no metadata (the pixels are already upright).
public enum Thumbnailer {
    public static let quality = 82

    /// The displayed size of a photo scaled to `width` (height rounded, at least 1).
    public static func size(displayWidth: Int, displayHeight: Int, toWidth width: Int) -> (width: Int, height: Int) {
        (width, max(1, Int((Double(width) * Double(displayHeight) / Double(displayWidth)).rounded())))
    }

    /// The displayed size of a photo fitted into `longSide`, never enlarged.
    public static func size(displayWidth: Int, displayHeight: Int, longSide: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(longSide) / Double(max(displayWidth, displayHeight)))
        return (max(1, Int((Double(displayWidth) * scale).rounded())), max(1, Int((Double(displayHeight) * scale).rounded())))
    }

    /// Renders each requested displayed size from one decode (the largest size decides the
    /// DCT scale). Sizes are (width, height) after orientation.
    public static func render(
        _ bytes: [UInt8], format: ImageFormat, orientation: Orientation, sizes: [(width: Int, height: Int)]
    ) throws(CodecError) -> [[UInt8]] {
        guard let largest = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return [] }
        let stored = orientation.swapsDimensions ? (largest.height, largest.width) : (largest.width, largest.height)
        let decoded = try ImageDecoder.decode(bytes, format: format, minWidth: stored.0, minHeight: stored.1)
        var outputs: [[UInt8]] = []
        for size in sizes {
            let target = orientation.swapsDimensions ? (size.height, size.width) : (size.width, size.height)
            let resized = Resampler.resize(decoded, width: target.0, height: target.1)
            let upright = orientation.apply(to: resized)
            outputs.append(try JPEGEncoder.encode(
                pixels: upright.pixels, width: upright.width, height: upright.height, format: .rgb,
                options: .init(quality: quality, progressive: true)))
        }
        return outputs
    }
}
