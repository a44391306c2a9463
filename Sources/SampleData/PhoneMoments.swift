import Foundation
import Imaging

/// The demo's phone folder ("moments"): what an iPhone's camera roll holds besides photos. A
/// Live Photo (a still with the maker note's content identifier, and its 1.5-second MOV with
/// the same identifier), a video filmed upright (stored sideways, turned by its display
/// matrix), and two plain photos. The clips pan slowly across a drawn scene, so that they move.
enum PhoneMoments {
    static let liveIdentifier = "7B3F2C1A-5D4E-4F60-8A9B-0C1D2E3F4A5B"
    static let iPhone = Camera(
        make: "Apple", model: "iPhone 15 Pro", lens: "iPhone 15 Pro back triple camera 6.765mm f/1.78", fNumber: (178, 100),
        exposure: (1, 120), iso: 64, focalLength: (6765, 1000), day: "2024:08:03", hour: 19, offset: "+01:00",
        latitude: ("N", [(50, 1), (9, 1), (1230, 100)]), longitude: ("W", [(5, 1), (4, 1), (3310, 100)]))

    static func make(into folder: URL) throws {
        let moments = folder.appending(path: "moments")
        try FileManager.default.createDirectory(at: moments, withIntermediateDirectories: true)
        var rng = SplitMix64(seed: 2027)

        // The Live Photo: its still is the clip's middle frame, as an iPhone's is (the key photo).
        let stillSize = (width: 1008, height: 756), clipSize = (width: 640, height: 480), frames = 45
        let wide = Scene.sunset.draw(width: clipSize.width + frames * 2, height: clipSize.height, rng: &rng)
        let still = crop(wide, x: frames, y: 0, width: clipSize.width, height: clipSize.height).scaled(width: stillSize.width, height: stillSize.height)
        let exif = EXIFBuilder.tiff(
            ifd0: [(0x010F, .ascii(iPhone.make)), (0x0110, .ascii(iPhone.model))],
            exif: [(0x9003, .ascii("2024:08:03 19:12:05")), (0x9011, .ascii(iPhone.offset)),
                   (0x829D, .rational([iPhone.fNumber])), (0x829A, .rational([iPhone.exposure])), (0x8827, .short(iPhone.iso)),
                   (0x920A, .rational([iPhone.focalLength])), (0xA434, .ascii(iPhone.lens)),
                   (0x927C, .undefined(EXIFBuilder.appleMakerNote(contentIdentifier: liveIdentifier)))])
        let jpeg = try JPEGEncoder.encode(pixels: still.rgbBytes(rng: &rng), width: stillSize.width, height: stillSize.height, format: .rgb,
                                          options: .init(quality: 80, app1: Array("Exif".utf8) + [0, 0] + exif))
        try Data(jpeg).write(to: moments.appending(path: "IMG_0412.JPG"))
        let live = ClipWriter(width: clipSize.width, height: clipSize.height, metadata: [
            "com.apple.quicktime.content.identifier": liveIdentifier, "com.apple.quicktime.make": iPhone.make,
            "com.apple.quicktime.model": iPhone.model, "com.apple.quicktime.creationdate": "2024-08-03T19:12:04+0100",
        ])
        try live.write(to: moments.appending(path: "IMG_0412.MOV").path, count: frames) { i in
            crop(wide, x: i * 2, y: 0, width: clipSize.width, height: clipSize.height).rgbBytes(rng: &rng, dither: false)
        }

        // Filmed upright: 360×640 as shown, stored 640×360 and turned 90° by the display matrix.
        let tall = Scene.aurora.draw(width: 360, height: 640 + 150, rng: &rng)
        let upright = ClipWriter(width: 640, height: 360, rotation: 90, metadata: [
            "com.apple.quicktime.make": iPhone.make, "com.apple.quicktime.model": iPhone.model,
            "com.apple.quicktime.creationdate": "2024-08-03T22:41:10+0100",
        ])
        try upright.write(to: moments.appending(path: "IMG_0413.MOV").path, count: 75) { i in
            crop(tall, x: 0, y: 150 - i * 2, width: 360, height: 640).stored(forOrientation: 6).rgbBytes(rng: &rng, dither: false)
        }

        // Two photos from the same evening.
        for (i, (scene, width, height)) in [(Scene.lake, 756, 1008), (Scene.bokeh, 1008, 756)].enumerated() {
            var photo = Photo(path: "moments/IMG_04\(14 + i).JPG", scene: scene, width: width, height: height)
            photo.cameraShot = i + 1
            photo.camera = iPhone
            try write(photo, into: folder, seed: 2030 + UInt64(i))
        }
    }

    static func crop(_ canvas: Canvas, x: Int, y: Int, width: Int, height: Int) -> Canvas {
        var out = Canvas(width: width, height: height)
        for row in 0 ..< height {
            for column in 0 ..< width { out[column, row] = canvas[min(canvas.width - 1, x + column), min(canvas.height - 1, y + row)] }
        }
        return out
    }
}

extension Canvas {
    /// Nearest-neighbour resize (the scenes are soft: no aliasing to speak of).
    func scaled(width: Int, height: Int) -> Canvas {
        var out = Canvas(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width { out[x, y] = self[x * self.width / width, y * self.height / height] }
        }
        return out
    }
}
