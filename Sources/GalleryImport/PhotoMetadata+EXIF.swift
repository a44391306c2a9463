import GalleryStore
import Imaging

extension PhotoMetadata {
    /// What the library stores of a file's EXIF.
    init(_ exif: EXIFReading) {
        self.init(
            takenAt: exif.takenAt, cameraMake: exif.cameraMake, cameraModel: exif.cameraModel, lens: exif.lens,
            fNumber: exif.fNumber, exposureTime: exif.exposureTime, iso: exif.iso, focalLength: exif.focalLength,
            latitude: exif.latitude, longitude: exif.longitude)
    }
}
