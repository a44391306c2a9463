/// The namespaces of the XMP properties the gallery reads (writers choose the prefixes; the
/// URIs are fixed by their schemas).
public enum XMPNamespace {
    public static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let dc = "http://purl.org/dc/elements/1.1/"
    public static let xmp = "http://ns.adobe.com/xap/1.0/"
    public static let xmpNote = "http://ns.adobe.com/xmp/note/"
    public static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    public static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
    public static let digiKam = "http://www.digikam.org/ns/1.0/"
    public static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
    public static let iptcExtension = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    public static let mwgRegions = "http://www.metadataworkinggroup.com/schemas/regions/"
    public static let area = "http://ns.adobe.com/xmp/sType/Area#"
    public static let microsoftPhoto = "http://ns.microsoft.com/photo/1.2/"
    /// Windows' first photo schema (its Rating percentage); Explorer writes it with the final
    /// "/", exiftool without.
    public static let microsoftPhotoRating = ["http://ns.microsoft.com/photo/1.0/", "http://ns.microsoft.com/photo/1.0"]
    public static let microsoftRegionInfo = "http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
    public static let microsoftRegion = "http://ns.microsoft.com/photo/1.2/t/Region#"
}
