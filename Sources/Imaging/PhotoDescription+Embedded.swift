extension PhotoDescription {
    /// What a photo file says of itself, its sources layered as the Metadata Working Group's
    /// guidelines say: XMP (with its Extended XMP), IPTC-IIM where XMP is silent (or before
    /// XMP when the IPTC digest shows the IPTC block was changed since), then the EXIF text tags.
    /// `warnings` name what could not be read (without the file's name: the caller adds it).
    public static func embedded(in probe: ProbeResult, exif: EXIFReading) -> (description: PhotoDescription, warnings: [String]) {
        var warnings: [String] = []
        var xmp = PhotoDescription()
        if let bytes = probe.xmp {
            do {
                var packet = try XMPPacket(parsing: bytes)
                if let guid = packet[XMPName(XMPNamespace.xmpNote, "HasExtendedXMP")]?.text, let extended = probe.extendedXMP[guid] {
                    packet.properties.merge(try XMPPacket(parsing: extended).properties) { main, _ in main }
                }
                xmp = PhotoDescription(xmp: packet)
            } catch {
                warnings.append(error.description)
            }
        }
        var layered = xmp
        if let resources = probe.photoshopResources {
            let iptc = IPTCReader.read(photoshopResources: resources)
            warnings += iptc.warnings
            layered = iptc.xmpIsCurrent ? xmp.filling(from: iptc.description) : iptc.description.filling(from: xmp)
        }
        return (layered.filling(from: exif.description), warnings)
    }
}
