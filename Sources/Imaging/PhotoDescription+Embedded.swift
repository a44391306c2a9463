extension PhotoDescription {
    /// What a photo file says of itself, its sources layered as the Metadata Working Group's
    /// guidelines say: XMP (with its Extended XMP), IPTC-IIM where XMP is silent (or before
    /// XMP when the IPTC digest shows the IPTC block was changed since), then the EXIF text
    /// tags, then a JPEG's comment. A camera's placeholder text is no source's word
    /// (`withoutPlaceholders`): a lower source's shows instead.
    /// `warnings` name what could not be read (without the file's name: the caller adds it).
    public static func embedded(in probe: ProbeResult, exif: EXIFReading) -> (description: PhotoDescription, warnings: [String]) {
        var warnings: [String] = []
        let make = exif.cameraMake, model = exif.cameraModel
        var xmp = PhotoDescription()
        if let bytes = probe.xmp {
            do {
                var packet = try XMPPacket(parsing: bytes)
                if let guid = packet[XMPName(XMPNamespace.xmpNote, "HasExtendedXMP")]?.text, let extended = probe.extendedXMP[guid] {
                    packet.properties.merge(try XMPPacket(parsing: extended).properties) { main, _ in main }
                }
                xmp = PhotoDescription(xmp: packet).withoutPlaceholders(make: make, model: model)
            } catch {
                warnings.append(error.description)
            }
        }
        var layered = xmp
        if let resources = probe.photoshopResources {
            let iptc = IPTCReader.read(photoshopResources: resources)
            warnings += iptc.warnings
            let words = iptc.description.withoutPlaceholders(make: make, model: model)
            layered = iptc.xmpIsCurrent ? xmp.filling(from: words) : words.filling(from: xmp)
        }
        var lowest = exif.description
        if lowest.description == nil, let comment = probe.comment { lowest.description = Self.comment(comment, make: make, model: model) }
        return (layered.filling(from: lowest), warnings)
    }
}
