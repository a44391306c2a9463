extension Orientation {
    /// The image as it is meant to be seen: the stored pixels turned and mirrored per EXIF.
    public func apply(to image: RGBImage) -> RGBImage {
        guard rawValue != 1 else { return image }
        let w = image.width, h = image.height
        let outWidth = swapsDimensions ? h : w
        let outHeight = swapsDimensions ? w : h
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< outHeight {
                    for x in 0 ..< outWidth {
                        // Where displayed pixel (x, y) is stored.
                        let (sx, sy): (Int, Int)
                        switch rawValue {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)  // 8
                        }
                        let i = (sy * w + sx) * 3, o = (y * outWidth + x) * 3
                        out[o] = source[i]
                        out[o + 1] = source[i + 1]
                        out[o + 2] = source[i + 2]
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: pixels)
    }
}
