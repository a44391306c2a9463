import Foundation
import Imaging
import PhotoFacts

// make-sample-data: draws the demo library, or many photos for benchmarks.
//
//   make-sample-data sample-data/                 the ~30 demo photos, and a phone's folder with a video
//                                                 and a Live Photo (annotations.json is hand-written)
//   make-sample-data --many N --size WxH [--grain] [--camera] DIR
//                                                 N photos, a quarter with orientation 6 or 8
//   make-sample-data --phone DIR                  the demo's phone folder alone (DIR/moments)
//   make-sample-data --album N DIR                one album of N small photos of varied shapes,
//                                                 with annotations.json (large-album tests)
//
// Everything is seeded: the same command writes the same bytes.

struct Photo {
    var path: String
    var scene: Scene
    /// Displayed size (after orientation).
    var width: Int
    var height: Int
    var orientation: Int = 1
    var format: ImageFormat = .jpeg
    var progressive = false
    var grain: Float = 0
    /// A camera's whole EXIF block (date, camera, exposure, GPS) rather than orientation only:
    /// the n-th photo of a run, taken a minute after the one before.
    var cameraShot: Int?
    var camera = Camera.benchmark
}

/// A camera as its EXIF names it, with the exposure it writes.
struct Camera {
    var make: String, model: String, lens: String
    var fNumber: (UInt32, UInt32), exposure: (UInt32, UInt32), iso: Int, focalLength: (UInt32, UInt32)
    /// The first shot's date ("YYYY:MM:DD") and hour, the clock's offset, where it was.
    var day: String, hour: Int, offset: String
    var latitude: (ref: String, dms: [(UInt32, UInt32)]), longitude: (ref: String, dms: [(UInt32, UInt32)])

    static let benchmark = Camera(
        make: "Canon", model: "Canon EOS R6", lens: "RF24-105mm F4 L IS USM", fNumber: (28, 10), exposure: (1, 250), iso: 400,
        focalLength: (50, 1), day: "2024:06:01", hour: 0, offset: "+02:00",
        latitude: ("N", [(57, 1), (7, 1), (1234, 100)]), longitude: ("W", [(5, 1), (2, 1), (4321, 100)]))
    static let phone = Camera(
        make: "Google", model: "Pixel 7", lens: "Pixel 7 back camera 6.81mm f/1.85", fNumber: (185, 100), exposure: (1, 120), iso: 50,
        focalLength: (681, 100), day: "2024:07:14", hour: 6, offset: "+01:00",
        latitude: ("N", [(50, 1), (7, 1), (1480, 100)]), longitude: ("W", [(5, 1), (32, 1), (2210, 100)]))
    static let mirrorless = Camera(
        make: "FUJIFILM", model: "X-T5", lens: "XF16-55mmF2.8 R LM WR", fNumber: (56, 10), exposure: (1, 500), iso: 160,
        focalLength: (23, 1), day: "2024:10:02", hour: 7, offset: "+01:00",
        latitude: ("N", [(57, 1), (4, 1), (3020, 100)]), longitude: ("W", [(3, 1), (40, 1), (1140, 100)]))
}

/// What a camera writes: Make, Model, Orientation; the capture time (shot n: 37 minutes after
/// shot n − 1, so capture order is the order of the shots) with offset and sub-seconds,
/// exposure, lens; a GPS position.
func cameraEXIF(_ camera: Camera, shot: Int, orientation: Int) -> [UInt8] {
    let minutes = camera.hour * 60 + shot * 37
    let day = Int(camera.day.suffix(2))! + minutes / (60 * 24)
    let date = String(format: "%@:%02ld %02ld:%02ld:%02ld", String(camera.day.prefix(7)), day, minutes / 60 % 24, minutes % 60, shot % 60)
    return EXIFBuilder.tiff(
        ifd0: [(0x010F, .ascii(camera.make)), (0x0110, .ascii(camera.model)), (0x0112, .short(orientation))],
        exif: [(0x9003, .ascii(date)), (0x9011, .ascii(camera.offset)), (0x9291, .ascii(String(shot % 100))),
               (0x829D, .rational([camera.fNumber])), (0x829A, .rational([camera.exposure])), (0x8827, .short(camera.iso)),
               (0x920A, .rational([camera.focalLength])), (0xA434, .ascii(camera.lens))],
        gps: [(0x0001, .ascii(camera.latitude.ref)), (0x0002, .rational(camera.latitude.dms)),
              (0x0003, .ascii(camera.longitude.ref)), (0x0004, .rational(camera.longitude.dms))])
}

let demo: [Photo] = [
    Photo(path: "coast/01-harbour-dusk.jpg", scene: .sunset, width: 1200, height: 800),
    Photo(path: "coast/02-tide-pools.jpg", scene: .lake, width: 800, height: 1200),
    Photo(path: "coast/03-last-light.jpg", scene: .sunset, width: 900, height: 900),
    Photo(path: "coast/04-lighthouse-walk.jpg", scene: .dunes, width: 800, height: 1100, orientation: 6),
    Photo(path: "coast/05-salt-marsh.jpg", scene: .lake, width: 1200, height: 700),
    Photo(path: "coast/06-night-swim.jpg", scene: .bokeh, width: 800, height: 1000),
    Photo(path: "coast/07-bay-panorama.jpg", scene: .sunset, width: 2400, height: 640, progressive: true),
    Photo(path: "coast/08-dune-grass.jpg", scene: .dunes, width: 1000, height: 750),
    Photo(path: "coast/09-harbour-lights.jpg", scene: .bokeh, width: 1000, height: 1000),
    Photo(path: "coast/10-morning-fog.jpg", scene: .forest, width: 760, height: 1140, orientation: 8),
    Photo(path: "coast/11-cliff-path.jpg", scene: .mountains, width: 1100, height: 800),
    Photo(path: "coast/12-evening-tide.jpg", scene: .lake, width: 820, height: 1230),
    Photo(path: "coast/13-beach-fire.jpg", scene: .bokeh, width: 1200, height: 800),
    Photo(path: "coast/14-sand-ripples.jpg", scene: .dunes, width: 900, height: 1200),
    Photo(path: "coast/15-boats.png", scene: .dunes, width: 640, height: 480, format: .png),
    Photo(path: "highlands/01-first-snow.jpg", scene: .mountains, width: 1200, height: 800),
    Photo(path: "highlands/02-pine-ridge.jpg", scene: .forest, width: 800, height: 1200),
    Photo(path: "highlands/03-northern-lights.jpg", scene: .aurora, width: 1200, height: 800),
    Photo(path: "highlands/04-valley-mist.jpg", scene: .forest, width: 1000, height: 1000),
    Photo(path: "highlands/05-summit-ridge.jpg", scene: .mountains, width: 2400, height: 700),
    Photo(path: "highlands/06-loch.jpg", scene: .lake, width: 780, height: 1170, orientation: 6),
    Photo(path: "highlands/07-aurora-camp.jpg", scene: .aurora, width: 800, height: 1100),
    Photo(path: "highlands/08-dawn-peaks.jpg", scene: .mountains, width: 900, height: 1200, progressive: true),
    Photo(path: "highlands/09-birch-wood.jpg", scene: .forest, width: 1200, height: 850),
    Photo(path: "highlands/10-tarn.jpg", scene: .lake, width: 1000, height: 760, orientation: 8),
    Photo(path: "highlands/11-starfield.jpg", scene: .aurora, width: 1000, height: 1000),
    Photo(path: "highlands/12-corrie.jpg", scene: .mountains, width: 800, height: 1000),
    Photo(path: "highlands/13-bothy-lamp.jpg", scene: .bokeh, width: 840, height: 1260),
    Photo(path: "highlands/14-ridge-walk.jpg", scene: .mountains, width: 1200, height: 760),
    Photo(path: "highlands/15-descent.jpg", scene: .forest, width: 1100, height: 800),
]

func write(_ photo: Photo, into folder: URL, seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let canvas = photo.scene.draw(width: photo.width, height: photo.height, rng: &rng).stored(forOrientation: photo.orientation)
    // PNG is lossless: dither noise would cost more bytes than the banding it hides.
    let pixels = canvas.rgbBytes(rng: &rng, dither: photo.format != .png, grain: photo.grain)
    let bytes: [UInt8]
    switch photo.format {
    case .jpeg:
        let exif = photo.cameraShot.map { Array("Exif".utf8) + [0, 0] + cameraEXIF(photo.camera, shot: $0, orientation: photo.orientation) }
            ?? (photo.orientation == 1 ? nil : EXIFBuilder.app1(orientation: photo.orientation, byteOrder: seed % 2 == 0 ? .littleEndian : .bigEndian))
        bytes = try JPEGEncoder.encode(
            pixels: pixels, width: canvas.width, height: canvas.height, format: .rgb,
            options: .init(quality: 80, progressive: photo.progressive, app1: exif))
    case .png:
        bytes = try PNGEncoder.encode(pixels: pixels, width: canvas.width, height: canvas.height, channels: 3,
                                      exifOrientation: photo.orientation == 1 ? nil : photo.orientation)
    case .heic, .avif, .webp, .tiff, .gif, .bmp, .raw, .jxl:
        throw CodecError("the sample photos are drawn as JPEG or PNG, not \(photo.format.rawValue)")
    }
    let url = folder.appending(path: photo.path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
}

var arguments = Array(CommandLine.arguments.dropFirst())
do {
    // --grain: sensor-like noise, so files weigh what camera JPEGs weigh (benchmarks).
    let grain: Float = arguments.contains("--grain") ? 40 : 0
    // --camera: every JPEG carries a camera's whole EXIF block (benchmarks of metadata reading).
    let camera = arguments.contains("--camera")
    arguments.removeAll { $0 == "--grain" || $0 == "--camera" }
    if arguments.first == "--many", arguments.count == 5, let count = Int(arguments[1]), arguments[2] == "--size" {
        let size = arguments[3].split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw CodecError("--size takes WxH") }
        let folder = URL(fileURLWithPath: arguments[4])
        let scenes = Scene.allCases
        for i in 0 ..< count {
            // A quarter turned: every eighth photo orientation 6, every eighth 8.
            let orientation = i % 8 == 1 ? 6 : (i % 8 == 5 ? 8 : 1)
            let portrait = i % 3 == 2
            let photo = Photo(
                path: String(format: "album-%02ld/photo-%06ld.jpg", i / 500, i), scene: scenes[i % scenes.count],
                width: portrait ? size[1] : size[0], height: portrait ? size[0] : size[1], orientation: orientation, grain: grain,
                cameraShot: camera ? i : nil)
            try write(photo, into: folder, seed: UInt64(i) &* 7919 &+ 1)
        }
        print("wrote \(count) photos under \(folder.path)")
    } else if arguments.first == "--phone", arguments.count == 2 {
        try PhoneMoments.make(into: URL(fileURLWithPath: arguments[1]))
        print("wrote the phone folder under \(arguments[1])/moments")
    } else if arguments.first == "--album", arguments.count == 3, let count = Int(arguments[1]), count >= 0 {
        try GeneratedAlbum.write(count: count, into: URL(fileURLWithPath: arguments[2]))
        print("wrote \(count) photos under \(arguments[2])/big")
    } else if arguments.count == 1, !arguments[0].hasPrefix("-") {
        // An option it does not know ("--help") is not a folder to fill.
        let folder = URL(fileURLWithPath: arguments[0])
        for (i, photo) in demo.enumerated() {
            // The coast taken with a phone in July, the highlands with a camera in October, in
            // the files' order (the PNG, a screenshot, has no EXIF).
            var shot = photo
            shot.cameraShot = i % 15
            shot.camera = photo.path.hasPrefix("coast/") ? .phone : .mirrorless
            try write(shot, into: folder, seed: UInt64(i) + 2026)
        }
        try PhoneMoments.make(into: folder)
        print("wrote \(demo.count + 3) photos and 2 videos (one the motion of a Live Photo) under \(folder.path)")
    } else {
        FileHandle.standardError.write(Data("usage: make-sample-data DIR | make-sample-data --many N --size WxH [--grain] [--camera] DIR | make-sample-data --phone DIR | make-sample-data --album N DIR\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("make-sample-data: \(error)\n".utf8))
    exit(1)
}
