import CResample
import PhotoFacts

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
        let pixels = [UInt8](unsafeUninitializedCapacity: image.pixels.count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                cresample_turn(source.baseAddress, origin, stepX, stepY, outWidth, outHeight, out.baseAddress)
            }
            initialized = image.pixels.count
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: pixels)
    }
}
