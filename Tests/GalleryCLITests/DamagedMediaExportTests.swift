import Foundation
import GalleryTestSupport
import Testing

/// A folder of odd and damaged media, imported and exported by the real `gallery` under glibc's
/// malloc checks: libswscale's and the codecs' SIMD loops are assembly that AddressSanitizer
/// does not see, but a byte written past a block is found when the block is freed, and the
/// process aborts. One bad file is a line; every other file makes its images and web version.
@Suite("gallery build on odd and damaged media")
struct DamagedMediaExportTests {
    @Test("odd clips and damaged copies: exit 0, each good clip with a poster and a web version, each bad file one line")
    func buildSurvives() throws {
        let work = try TemporaryDirectory("damaged-media-export")
        try FileManager.default.createDirectory(atPath: work.path + "/photos", withIntermediateDirectories: true)
        let clips = try DamagedMedia.makeOddClips(in: work.path + "/photos")
        let first = [UInt8](try Data(contentsOf: URL(fileURLWithPath: clips[0])))
        for (index, copy) in DamagedMedia.damagedCopies(of: first, count: 6, seed: 36).enumerated() {
            try work.write("photos/damaged-\(index).mov", copy.bytes)
        }
        try work.write("photos/damaged.jpg", Array(TestImages.jpegPattern(width: 301, height: 203).prefix(900)))
        let checked = Self.mallocChecks
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url, environment: checked, timeout: 900)
        #expect(built.status == 0, "exit \(built.status): \(built.stderr.suffix(3000))")

        let photos = try GalleryBinary.listedPhotos(in: work.url)
        let listed = Set(photos.compactMap { $0["path"] as? String })
        for clip in clips.map({ URL(fileURLWithPath: $0).lastPathComponent }) {
            #expect(listed.contains(clip), "\(clip) was not imported: \(built.stderr.suffix(2000))")
        }
        // Every odd clip has its web version and its grid images on disk.
        let site = work.url.appending(path: "site")
        let videos = (try? FileManager.default.contentsOfDirectory(atPath: site.appending(path: "videos").path)) ?? []
        #expect(videos.filter { $0.hasSuffix(".mp4") }.count >= clips.count, "\(videos)")
        let output = built.stdout + built.stderr
        // Each damaged file that was not made is named on a line of its own.
        for index in 0 ..< 6 where !listed.contains("damaged-\(index).mov") {
            #expect(output.contains("damaged-\(index).mov"), "damaged-\(index).mov is neither imported nor named")
        }
        #expect(output.contains("damaged.jpg"))
    }

    /// glibc's malloc checks (its debug library), where the system has them and no sanitizer
    /// has taken over malloc already.
    static var mallocChecks: [String: String] {
        let library = "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"
        guard FileManager.default.fileExists(atPath: library), ProcessInfo.processInfo.environment["GALLERY_SANITIZER"] == nil else { return [:] }
        return ["MALLOC_CHECK_": "3", "LD_PRELOAD": library]
    }
}
