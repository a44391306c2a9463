extension Orientation {
    /// The image as it is meant to be seen: the stored pixels turned and mirrored per EXIF.
    public func apply(to image: RGBImage) -> RGBImage {
        guard rawValue != 1 else { return image }
        let w = image.width, h = image.height
        let outWidth = swapsDimensions ? h : w
        let outHeight = swapsDimensions ? w : h
        // Where displayed pixel (x, y) is stored, as a pixel index: origin + x * stepX + y * stepY.
        let (origin, stepX, stepY): (Int, Int, Int) = switch rawValue {
        case 2: (w - 1, -1, w)                     // (w - 1 - x, y)
        case 3: ((h - 1) * w + w - 1, -1, -w)      // (w - 1 - x, h - 1 - y)
        case 4: ((h - 1) * w, 1, -w)               // (x, h - 1 - y)
        case 5: (0, w, 1)                          // (y, x)
        case 6: ((h - 1) * w, -w, 1)               // (y, h - 1 - x)
        case 7: ((h - 1) * w + w - 1, -w, -1)      // (w - 1 - y, h - 1 - x)
        default: (w - 1, w, -1)                    // 8: (w - 1 - y, x)
        }
        // In tiles of 32 × 32: a quarter turn reads the stored image down its columns, and a
        // whole column per output row would touch a new cache line for every pixel.
        let tile = 32
        let pixels = [UInt8](unsafeUninitializedCapacity: image.pixels.count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                for tileY in stride(from: 0, to: outHeight, by: tile) {
                    for tileX in stride(from: 0, to: outWidth, by: tile) {
                        for y in tileY ..< min(tileY + tile, outHeight) {
                            var i = (origin + tileX * stepX + y * stepY) * 3
                            var o = (y * outWidth + tileX) * 3
                            for _ in tileX ..< min(tileX + tile, outWidth) {
                                out[o] = source[i]
                                out[o + 1] = source[i + 1]
                                out[o + 2] = source[i + 2]
                                i += stepX * 3
                                o += 3
                            }
                        }
                    }
                }
            }
            initialized = image.pixels.count
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: pixels)
    }
}
