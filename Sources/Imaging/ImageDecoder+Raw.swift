import PhotoFacts

extension ImageDecoder {
    /// What can be made of a raw file's picture (the importer asks, so a raw whose sensor data is
    /// missing or damaged is refused with the reason, or taken with a note, rather than shown
    /// black or white).
    public enum RawPicture: Sendable, Equatable {
        /// Its sensor data reads whole (or its preview covers what is made).
        case whole
        /// Only its embedded preview can be shown: the reason the sensor data cannot.
        case previewOnly(String)
        /// Nothing can be shown: why.
        case unreadable(String)
    }

    /// A camera raw as stored (before its orientation turns it), covering `minWidth` ×
    /// `minHeight` where the file allows (0 × 0: its full size): its embedded preview when that
    /// is large enough and has the raw's proportions — the camera's own rendering, as
    /// Lightroom's first view shows it, and no demosaicing — else its sensor data developed by
    /// LibRaw (`RawFile.developed`), else (sensor data damaged) its preview however small.
    /// - Parameters:
    ///   - open: opens the file anew. LibRaw takes one step per handle: its size query
    ///   ends a handle's use, and so does reading the preview, so the facts, the preview and the
    ///   sensor data each come from their own.
    ///   - sensorDataProblem: why the sensor data cannot be whole, known from the file's
    ///     structure before LibRaw reads it (`PhotoProbe.rawSensorDataProblem`).
    ///   - embeddedPreview: the largest JPEG inside the file, found by our own reading of its
    ///     structure (`RawEmbeddedPreview`): what is shown of a raw LibRaw cannot open.
    static func decodeRaw(minWidth: Int, minHeight: Int, sensorDataProblem: String?, open: () throws(RawFile.OpenFailure) -> RawFile,
                          embeddedPreview: () -> [UInt8]?) throws(CodecError) -> RGBImage {
        let first: RawFile
        do throws(RawFile.OpenFailure) {
            first = try open()
        } catch {
            if error.isUnsupported, let jpeg = embeddedPreview() { return try decode(jpeg, format: .jpeg, minWidth: minWidth, minHeight: minHeight) }
            throw error.codecError
        }
        let facts = first.facts()
        let preview = try? opened(open).preview()
        if let preview, let image = previewPicture(preview, facts: facts, minWidth: minWidth, minHeight: minHeight, mustCover: true) {
            return image
        }
        do throws(CodecError) {
            if let sensorDataProblem { throw CodecError(sensorDataProblem) }
            return try opened(open).developed(minWidth: minWidth, minHeight: minHeight)
        } catch {
            if let preview, let image = previewPicture(preview, facts: facts, minWidth: minWidth, minHeight: minHeight, mustCover: false) {
                return image
            }
            throw error
        }
    }

    /// What can be made of the raw file at `path` (`RawPicture`) for images up to `longSide`
    /// pixels on their long side (0: the raw's full size). Reads its sensor data unless its
    /// preview covers them.
    public static func rawPicture(path: String, longSide: Int = 0) -> RawPicture {
        let open = { () throws(RawFile.OpenFailure) in try RawFile(path: path) }
        let facts: RawFacts
        do throws(RawFile.OpenFailure) {
            facts = try open().facts()
        } catch {
            // A raw LibRaw cannot open is shown from the JPEG inside it (the probe said so).
            if error.isUnsupported, embeddedPreview(path: path) != nil { return .whole }
            return .unreadable(error.codecError.description)
        }
        let preview = try? opened(open).preview()
        let scale = longSide > 0 ? min(1, Double(longSide) / Double(max(facts.storedWidth, facts.storedHeight))) : 1
        let (coverWidth, coverHeight) = longSide > 0 ? (Int((Double(facts.storedWidth) * scale).rounded()), Int((Double(facts.storedHeight) * scale).rounded())) : (0, 0)
        if let preview, previewPicture(preview, facts: facts, minWidth: coverWidth, minHeight: coverHeight, mustCover: true, checkOnly: true) != nil {
            return .whole
        }
        do throws(CodecError) {
            if let problem = rawSensorDataProblem(path: path) { throw CodecError(problem) }
            try opened(open).unpack()
            return .whole
        } catch {
            if let preview, previewPicture(preview, facts: facts, minWidth: 1, minHeight: 1, mustCover: false, checkOnly: true) != nil {
                return .previewOnly(error.description)
            }
            return .unreadable(error.description)
        }
    }

    /// The largest JPEG inside the raw at `path` (`RawEmbeddedPreview`), or nil.
    static func embeddedPreview(path: String) -> [UInt8]? {
        guard var input = try? ProbeInput(path: path) else { return nil }
        return RawEmbeddedPreview.largest(&input)?.jpeg
    }

    /// `PhotoProbe.rawSensorDataProblem` of the file at `path`; nil when it cannot be read (LibRaw says why).
    static func rawSensorDataProblem(path: String) -> String? {
        do throws(ProbeError) {
            var input = try ProbeInput(path: path)
            return PhotoProbe.rawSensorDataProblem(&input)
        } catch {
            return nil
        }
    }

    /// A fresh handle on the raw (`open`'s failure as a codec's).
    private static func opened(_ open: () throws(RawFile.OpenFailure) -> RawFile) throws(CodecError) -> RawFile {
        do throws(RawFile.OpenFailure) {
            return try open()
        } catch {
            throw error.codecError
        }
    }

    /// The raw's preview as stored, or nil when it is damaged, cut to other proportions than the
    /// raw (a camera set to 16:9 or 1:1 crops only its JPEG) or, with `mustCover`, smaller
    /// than `minWidth` × `minHeight` (0 × 0: than nine tenths of the raw).
    /// - Parameter checkOnly: only whether it decodes matters (the import's question): a JPEG
    ///   preview is decoded at its smallest DCT scale, and the picture returned is that.
    private static func previewPicture(_ preview: RawFile.Preview, facts: RawFacts, minWidth: Int, minHeight: Int, mustCover: Bool,
                                       checkOnly: Bool = false) -> RGBImage? {
        guard facts.storedWidth > 0, facts.storedHeight > 0 else { return nil }
        let width: Int, height: Int
        switch preview {
        case .jpeg(let bytes):
            guard let probe = try? PhotoProbe.probe(bytes: bytes), probe.format == .jpeg else { return nil }
            (width, height) = (probe.width, probe.height)
        case .pixels(let image):
            (width, height) = (image.width, image.height)
        }
        guard width > 0, height > 0 else { return nil }
        // Most cameras store the preview as the sensor lies; some turn it upright already.
        let storedLandscape = facts.storedWidth >= facts.storedHeight
        let turned = (width >= height) != storedLandscape && width != height
        guard !turned || facts.orientation.swapsDimensions else { return nil }
        let (wanted, got) = (Double(facts.storedWidth) / Double(facts.storedHeight),
                             turned ? Double(height) / Double(width) : Double(width) / Double(height))
        guard abs(got - wanted) <= 0.02 * wanted else { return nil }
        let (needWidth, needHeight) = turned ? (minHeight, minWidth) : (minWidth, minHeight)
        if mustCover {
            let fullSize = minWidth == 0 && minHeight == 0
            guard fullSize ? width * height >= facts.storedWidth * facts.storedHeight * 9 / 10 : width >= needWidth && height >= needHeight else {
                return nil
            }
        }
        let image: RGBImage
        switch preview {
        case .jpeg(let bytes):
            let (decodeWidth, decodeHeight) = checkOnly ? (1, 1) : (min(needWidth, width), min(needHeight, height))
            guard let decoded = try? decode(bytes, format: .jpeg, minWidth: decodeWidth, minHeight: decodeHeight) else {
                return nil
            }
            image = decoded
        case .pixels(let pixels):
            image = pixels
        }
        return turned ? facts.orientation.inverse.apply(to: image) : image
    }
}
