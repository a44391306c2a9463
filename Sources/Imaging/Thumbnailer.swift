import PhotoFacts

/// Makes display-ready images from a photo file: decoded at the smallest DCT scale that covers
/// the target, resampled (Lanczos-3) to the exact size, turned upright per EXIF, and encoded
/// (JPEG, progressive for the grid, or WebP) at quality 82, with no metadata (the pixels are already upright).
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

    /// The large view's displayed size: "about" `longSide`. For a JPEG, the DCT-scaled size
    /// (M/8 of the stored size, as libjpeg rounds it) nearest to `longSide`, so the decoder's
    /// own frequency-domain downscaling makes it and no resampling is needed; never larger
    /// than the original. For PNG, the size fitted into `longSide`.
    public static func largeSize(
        format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: Orientation, longSide: Int
    ) -> (width: Int, height: Int) {
        let displayWidth = orientation.swapsDimensions ? storedHeight : storedWidth
        let displayHeight = orientation.swapsDimensions ? storedWidth : storedHeight
        guard format == .jpeg, max(storedWidth, storedHeight) > longSide else {
            return size(displayWidth: displayWidth, displayHeight: displayHeight, longSide: longSide)
        }
        let long = max(storedWidth, storedHeight)
        let m = (1 ... 8).min { abs((long * $0 + 7) / 8 - longSide) < abs((long * $1 + 7) / 8 - longSide) } ?? 8
        let width = (displayWidth * m + 7) / 8, height = (displayHeight * m + 7) / 8
        return (width, height)
    }

    /// Renders each requested displayed size from one decode (the largest size decides the
    /// DCT scale). Sizes are (width, height) after orientation.
    public static func render(
        _ bytes: [UInt8], format: ImageFormat, orientation: Orientation, sizes: [(width: Int, height: Int)]
    ) throws(CodecError) -> [[UInt8]] {
        try renderWithColor(bytes, format: format, orientation: orientation, sizes: sizes).images
    }

    /// `render`, and the photo's dominant colour (`RGBImage.dominantColor`), taken from the
    /// smallest size's pixels: a page's placeholder until the image arrives.
    /// - Parameter encodings: each size's file format, `.jpeg` or `.webp` (by default all JPEG).
    public static func renderWithColor(
        _ bytes: [UInt8], format: ImageFormat, orientation: Orientation, sizes: [(width: Int, height: Int)], quality: Int = quality,
        encodings: [ImageFormat]? = nil
    ) throws(CodecError) -> (images: [[UInt8]], dominantColor: RGBColor) {
        guard let stored = storedSizeToDecode(sizes, orientation: orientation) else { return ([], RGBColor(red: 0, green: 0, blue: 0)) }
        let decoded = try ImageDecoder.decode(bytes, format: format, minWidth: stored.width, minHeight: stored.height)
        return try renderWithColor(decoded, orientation: orientation, sizes: sizes, quality: quality, encodings: encodings)
    }

    /// `renderWithColor` from the image file at `path` (a TIFF is read strip by strip, never
    /// whole into memory).
    public static func renderWithColor(
        path: String, format: ImageFormat, orientation: Orientation, sizes: [(width: Int, height: Int)], quality: Int = quality,
        encodings: [ImageFormat]? = nil
    ) throws(CodecError) -> (images: [[UInt8]], dominantColor: RGBColor) {
        guard let stored = storedSizeToDecode(sizes, orientation: orientation) else { return ([], RGBColor(red: 0, green: 0, blue: 0)) }
        let decoded = try ImageDecoder.decode(path: path, format: format, minWidth: stored.width, minHeight: stored.height)
        return try renderWithColor(decoded, orientation: orientation, sizes: sizes, quality: quality, encodings: encodings)
    }

    /// The largest of `sizes` (displayed) as stored, before `orientation` turns it: what the
    /// decoder must cover. Nil when there is nothing to make.
    private static func storedSizeToDecode(_ sizes: [(width: Int, height: Int)], orientation: Orientation) -> (width: Int, height: Int)? {
        guard let largest = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return nil }
        return orientation.swapsDimensions ? (largest.height, largest.width) : (largest.width, largest.height)
    }

    /// The same from a picture already decoded (a video's poster frame), as stored: the sizes
    /// are after `orientation`, and each is resampled to exactly that, so a frame of non-square
    /// pixels comes out square.
    public static func renderWithColor(
        _ decoded: RGBImage, orientation: Orientation, sizes: [(width: Int, height: Int)], quality: Int = quality,
        encodings: [ImageFormat]? = nil
    ) throws(CodecError) -> (images: [[UInt8]], dominantColor: RGBColor) {
        guard !sizes.isEmpty else { return ([], RGBColor(red: 0, green: 0, blue: 0)) }
        let largest = sizes.indices.max { sizes[$0].width * sizes[$0].height < sizes[$1].width * sizes[$1].height }
        var outputs = [[UInt8]](repeating: [], count: sizes.count)
        let smallest = try eachSize(decoded, orientation: orientation, sizes: sizes) { (index, upright) throws(CodecError) in
            if encodings?[index] == .webp {
                outputs[index] = try WebPEncoder.encode(rgb: upright.pixels, width: upright.width, height: upright.height, quality: quality)
            } else {
                // The largest of several sizes is the lightbox's, which the page swaps in only
                // once it is decoded: drawing it progressively shows nothing, and a baseline scan
                // (the same pixels) takes a fifth less time to encode. The grid's, drawn as they
                // arrive, stay progressive. Its Huffman tables are the fixed ones made for
                // photographs of its detail (JPEGEncoder.PhotoTables: less than half the
                // encoding time, the same pixels).
                let swappedInWhole = sizes.count > 1 && index == largest
                outputs[index] = try JPEGEncoder.encode(
                    pixels: upright.pixels, width: upright.width, height: upright.height, format: .rgb,
                    options: .init(quality: quality, progressive: !swappedInWhole,
                                   photoTables: swappedInWhole ? .init(rgb: upright.pixels, width: upright.width, height: upright.height) : nil))
            }
        }
        return (outputs, smallest.dominantColor)
    }

    /// Makes each size's pixels, upright, largest first, and hands each to `body` with its index
    /// in `sizes` before making the next (so only one is held at a time): what the export
    /// encodes, and what the tests hold to golden digests. Returns the smallest as stored (its
    /// dominant colour is the placeholder's).
    static func eachSize<Failure: Error>(
        _ decoded: RGBImage, orientation: Orientation, sizes: [(width: Int, height: Int)],
        _ body: (_ index: Int, _ upright: RGBImage) throws(Failure) -> Void
    ) throws(Failure) -> RGBImage {
        // Each smaller size is resampled from the previous result when that is still at least
        // twice its size (a two-step Lanczos loses nothing visible and costs a fraction of
        // filtering the whole decode with a wide kernel).
        let order = sizes.indices.sorted { sizes[$0].width * sizes[$0].height > sizes[$1].width * sizes[$1].height }
        var previous = decoded
        // The decode's halvings, shared by the sizes made from it (a 6 MP photo's 708 and 472
        // both start from its 750 px halving).
        var fromDecode = Resampler.Halvings(decoded)
        for index in order {
            let size = sizes[index]
            let target = orientation.swapsDimensions ? (size.height, size.width) : (size.width, size.height)
            let fromPrevious = previous.width >= 2 * target.0 && previous.height >= 2 * target.1
            let resized = fromPrevious ? Resampler.resize(previous, width: target.0, height: target.1)
                : fromDecode.resize(width: target.0, height: target.1)
            previous = resized
            try body(index, orientation.apply(to: resized))
        }
        return previous
    }
}
