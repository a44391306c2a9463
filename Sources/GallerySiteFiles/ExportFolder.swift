/// The hidden files an export keeps in its folder, which serve and publish read too (hidden
/// files are never part of the site).
public enum ExportFolder {
    /// `.gallery-export.json`: the files the export owns and whether it finished.
    public static let manifestName = ".gallery-export.json"
    /// Lies in the folder while an export writes into it, and stays when one is killed or
    /// fails part-way: the folder may then hold new pages beside old images, or the reverse.
    public static let runningMarkerName = ".gallery-export.running"
    /// `.gallery-export-inputs.json`: what each album's files were made from, as the last
    /// complete export wrote them (`ExportInputs`); taken away while an export runs.
    public static let inputsName = ".gallery-export-inputs.json"
}
