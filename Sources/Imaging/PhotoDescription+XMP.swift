import PhotoFacts

extension PhotoDescription {
    /// What an XMP packet says (embedded or a sidecar), by the schemas Lightroom, darktable,
    /// digiKam, Capture One, Photo Mechanic and Windows write.
    public init(xmp: XMPPacket) {
        typealias N = XMPNamespace
        self.init()
        title = Self.cleaned(xmp[XMPName(N.dc, "title")]?.text)
        headline = Self.cleaned(xmp[XMPName(N.photoshop, "Headline")]?.text)
        description = Self.cleaned(xmp[XMPName(N.dc, "description")]?.text)
        keywords = Self.cleanedList((xmp[XMPName(N.dc, "subject")]?.texts ?? [])
            + (xmp[XMPName(N.lightroom, "hierarchicalSubject")]?.texts ?? []).flatMap(Self.keywordAndLeaf)
            + (xmp[XMPName(N.digiKam, "TagsList")]?.texts ?? []).flatMap {
                Self.keywordAndLeaf($0.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "|"))
            })
        // Faces: MWG regions of type Face, then Microsoft Photo's regions.
        var faces: [FaceArea] = []
        var names: [String] = []
        for region in xmp[XMPName(N.mwgRegions, "Regions")]?[XMPName(N.mwgRegions, "RegionList")]?.items ?? [] {
            guard let name = Self.cleaned(region[XMPName(N.mwgRegions, "Name")]?.text) else { continue }
            let type = region[XMPName(N.mwgRegions, "Type")]?.text ?? "Face"
            guard type == "Face" else { continue }
            names.append(name)
            if let area = region[XMPName(N.mwgRegions, "Area")] {
                func number(_ field: String) -> Double? { area[XMPName(N.area, field)]?.text.flatMap { Double($0) } }
                if let x = number("x"), let y = number("y"), let w = number("w"), let h = number("h") {
                    faces.append(FaceArea(name: name, x: x, y: y, width: w, height: h))
                }
            }
        }
        let microsoft = xmp[XMPName(N.microsoftPhoto, "RegionInfo")]?[XMPName(N.microsoftRegionInfo, "Regions")]?.items ?? []
        for region in microsoft {
            guard let name = Self.cleaned(region[XMPName(N.microsoftRegion, "PersonDisplayName")]?.text) else { continue }
            names.append(name)
            // "x, y, w, h" from the top left corner.
            let parts = (region[XMPName(N.microsoftRegion, "Rectangle")]?.text ?? "").split(separator: ",").compactMap { Double($0.filter { $0 != " " }) }
            if parts.count == 4 {
                faces.append(FaceArea(name: name, x: parts[0] + parts[2] / 2, y: parts[1] + parts[3] / 2, width: parts[2], height: parts[3]))
            }
        }
        people = Self.cleanedList((xmp[XMPName(N.iptcExtension, "PersonInImage")]?.texts ?? []) + names)
        self.faces = faces.isEmpty ? nil : faces
        if let text = Self.cleaned(xmp[XMPName(N.xmp, "Rating")]?.text), let value = Double(text), value.isFinite {
            // Rounded as readers show stars; -1 is a reject; out of range is no rating.
            let stars = Int(value.rounded())
            if (-1 ... 5).contains(stars) { rating = stars }
        } else if let text = N.microsoftPhotoRating.lazy.compactMap({ Self.cleaned(xmp[XMPName($0, "Rating")]?.text) }).first, let percent = Double(text) {
            // Windows' own: a percentage (`stars(percent:)`).
            rating = Self.stars(percent: percent)
        }
        place = PhotoPlace.from(
            sublocation: xmp[XMPName(N.iptcCore, "Location")]?.text, city: xmp[XMPName(N.photoshop, "City")]?.text,
            state: xmp[XMPName(N.photoshop, "State")]?.text, country: xmp[XMPName(N.photoshop, "Country")]?.text)
    }

    /// A hierarchical keyword ("Places|France|Paris"; digiKam's TagsList writes
    /// "Places/France/Paris") kept whole, and its leaf, which counts as a keyword too.
    /// (digiKam's form is written as Lightroom's, so the two are one keyword.)
    static func keywordAndLeaf(_ keyword: String) -> [String] {
        guard let leaf = keyword.split(separator: "|").last, leaf.count < keyword.count else { return [keyword] }
        return [keyword, String(leaf)]
    }
}
