/// One of the files a site ships of a face (`FontCut`).
public struct FontFile: Sendable {
    public var face: FontFace
    public var cut: FontCut
    public var bytes: [UInt8]

    /// The files of `face` for texts that draw `used` with it: the whole base range the face
    /// has, with the marks and joiners they use (`FontCut.glueRanges`), when they use any of its
    /// other characters; and the rest cut to what they use. The base file's bytes change only
    /// with the font, or when the texts first use a mark or joiner with this face (text in NFD:
    /// Inter's marks for Latin-1 would make every site's base file 10 KB larger).
    public static func cuts(of face: FontFace, used: Set<Unicode.Scalar>) throws(TextMetricsError) -> [FontFile] {
        let glue = used.filter(FontCut.isGlue)
        let needsBase = used.contains { !FontCut.isGlue($0) && FontCut.base.holds($0) }
        let needsRest = used.contains { !FontCut.isGlue($0) && FontCut.rest.holds($0) } || (!needsBase && !glue.isEmpty)
        var files: [FontFile] = []
        if needsBase, let bytes = try FontSubsetter.subset(face, characters: baseCharacters.union(glue)) {
            files.append(FontFile(face: face, cut: .base, bytes: bytes))
        }
        if needsRest, let bytes = try FontSubsetter.subset(face, characters: used.filter(FontCut.rest.holds)) {
            files.append(FontFile(face: face, cut: .rest, bytes: bytes))
        }
        return files
    }

    private static let baseCharacters = Set(FontCut.baseRanges.joined().compactMap(Unicode.Scalar.init))
}
