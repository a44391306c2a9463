import CFFmpeg

/// Turns decoded frames into 8-bit RGB at their stored size with libswscale, in each frame's
/// own matrix and range. One scaler is kept and made again only when a frame's size or format
/// changes (`sws_getCachedContext`), and libswscale writes into a picture FFmpeg allocated
/// itself: its rows aligned and padded, and spare rows after the last, because its SIMD
/// converters write whole blocks of pixels past a row's end (a packed `width * 3` buffer of
/// our own was overrun there, on clips 426 or 568 pixels wide: glibc's "corrupted top size").
/// The rows are then copied into the packed `RGBImage`.
final class FrameConverter {
    private var scaler: OpaquePointer?
    private let target: FFmpegFrame

    init(path: String) throws(VideoError) {
        target = try FFmpegFrame(path: path)
    }

    deinit {
        sws_freeContext(scaler)
    }

    /// `frame` as RGB, or nil when libswscale cannot read its format or it has no picture.
    func rgb(_ frame: UnsafeMutablePointer<AVFrame>) -> RGBImage? {
        let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        guard width > 0, height > 0, width <= 16_384, height <= 16_384, frame.pointee.data.0 != nil,
              let format = AVPixelFormat(rawValue: frame.pointee.format) as AVPixelFormat?,
              sws_isSupportedInput(format) != 0 else { return nil }
        scaler = sws_getCachedContext(scaler, Int32(width), Int32(height), format, Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                                      Int32(SWS_BICUBIC), nil, nil, nil)
        guard let scaler else { return nil }
        let hd = frame.pointee.colorspace == AVCOL_SPC_BT709 || (frame.pointee.colorspace == AVCOL_SPC_UNSPECIFIED && height >= 720)
        let coefficients = sws_getCoefficients(hd ? SWS_CS_ITU709 : SWS_CS_ITU601)
        let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        sws_setColorspaceDetails(scaler, coefficients, fullRange, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        let out = target.pointer
        if out.pointee.width != Int32(width) || out.pointee.height != Int32(height) || out.pointee.data.0 == nil {
            av_frame_unref(out)
            out.pointee.width = Int32(width)
            out.pointee.height = Int32(height)
            out.pointee.format = AV_PIX_FMT_RGB24.rawValue
            guard av_frame_get_buffer(out, 0) >= 0 else { return nil }
        }
        // Both frames hold reference-counted buffers, as sws_scale_frame asks.
        guard sws_scale_frame(scaler, out, frame) >= 0, let rows = out.pointee.data.0 else { return nil }
        return Self.packed(rows: rows, stride: Int(out.pointee.linesize.0), width: width, height: height)
    }

    /// Rows of `width` RGB pixels `stride` bytes apart, packed.
    static func packed(rows: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) -> RGBImage {
        let rowBytes = width * 3
        precondition(stride >= rowBytes, "a row of \(rowBytes) bytes in a stride of \(stride)")
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            for y in 0 ..< height {
                (buffer.baseAddress! + y * rowBytes).update(from: rows + y * stride, count: rowBytes)
            }
            count = rowBytes * height
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
