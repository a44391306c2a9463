import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryImport
import GalleryServer
import GalleryTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// `gallery serve` and videos, over real HTTP on 127.0.0.1: the rendition a page names is made
/// when first asked for, and every file answers byte ranges (Safari plays no video without).
@Suite("gallery serve: videos' renditions on demand, byte ranges")
struct VideoServeTests {
    static func request(_ path: String, port: Int, headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/" + path)))
        request.timeoutInterval = 300
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (body, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, fields, body)
    }

    @Test("a page's video is made on request, typed video/mp4, and answers ranges: first bytes, open-ended, suffix, past the end, If-Range")
    func renditionAndRanges() async throws {
        let library = try ServedLibrary(photos: 2)
        try TestVideos.make(library.work.path + "/photos/clip.webm", width: 320, height: 240, seconds: 1, codec: "libvpx-vp9")
        _ = try Importer(database: library.database, folder: library.work.path + "/photos").run()
        try await library.app().test(.live) { client in
            let port = try #require(client.port)
            let page = String(decoding: try await Self.request("", port: port).body, as: UTF8.self)
            let video = try #require(page.firstMatch(of: #/data-video="(?<name>videos/[0-9a-f]{16}-320x240\.mp4)"/#).map { String($0.output.name) }, "\(page.prefix(2000))")
            let file = library.siteFolder.appending(path: video)
            #expect(!FileManager.default.fileExists(atPath: file.path), "made when asked for, not with the page")

            // Safari's first request: two bytes.
            let first = try await Self.request(video, port: port, headers: ["Range": "bytes=0-1"])
            let bytes = try Data(contentsOf: file)
            #expect(first.status == 206 && first.body == bytes.prefix(2), "\(first.status) \(first.headers)")
            #expect(first.headers["content-range"] == "bytes 0-1/\(bytes.count)" && first.headers["content-type"] == "video/mp4")
            #expect(first.headers["accept-ranges"] == "bytes" && first.headers["content-length"] == "2")
            #expect(try TestVideos.ffprobe(file.path).video?.codec_name == "h264", "a WebM clip is served as H.264")

            let tail = try await Self.request(video, port: port, headers: ["Range": "bytes=100-"])
            #expect(tail.status == 206 && tail.body == bytes.dropFirst(100) && tail.headers["content-range"] == "bytes 100-\(bytes.count - 1)/\(bytes.count)")
            let suffix = try await Self.request(video, port: port, headers: ["Range": "bytes=-50"])
            #expect(suffix.status == 206 && suffix.body == bytes.suffix(50))
            let beyond = try await Self.request(video, port: port, headers: ["Range": "bytes=\(bytes.count)-"])
            #expect(beyond.status == 416 && beyond.headers["content-range"] == "bytes */\(bytes.count)" && beyond.body.isEmpty)
            // Several ranges, or a range of a file that changed since (If-Range): the whole file.
            let several = try await Self.request(video, port: port, headers: ["Range": "bytes=0-1,4-5"])
            #expect(several.status == 200 && several.body == bytes)
            let whole = try await Self.request(video, port: port)
            let stale = try await Self.request(video, port: port, headers: ["Range": "bytes=0-1", "If-Range": "\"0-0\""])
            #expect(stale.status == 200 && stale.body == bytes)
            let fresh = try await Self.request(video, port: port, headers: ["Range": "bytes=0-1", "If-Range": try #require(whole.headers["etag"])])
            #expect(fresh.status == 206 && fresh.body == bytes.prefix(2))
            #expect(whole.headers["cache-control"] == "public, max-age=31536000, immutable", "named by content, as images")

            // A file larger than one piece is sent in pieces, whole and in ranges across them (a
            // name of the form the site's files have: the server serves no other).
            var random = SplitMix64(seed: 7)
            let large = Data((0 ..< 2_500_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            try large.write(to: library.siteFolder.appending(path: "videos/0123456789abcdef-1920x1080.mp4"))
            let sent = try await Self.request("videos/0123456789abcdef-1920x1080.mp4", port: port)
            #expect(sent.status == 200 && sent.body == large && sent.headers["content-length"] == "2500000")
            let across = try await Self.request("videos/0123456789abcdef-1920x1080.mp4", port: port, headers: ["Range": "bytes=1000000-2200000"])
            #expect(across.status == 206 && across.body == large[1_000_000 ... 2_200_000])
        }
    }

    @Test("a Live Photo's clip and a motion photo's are made on request from the MOV and from inside the JPEG")
    func liveClips() async throws {
        let library = try ServedLibrary(photos: 1)
        let identifier = "11111111-2222-4333-8444-555555555555"
        try library.work.write("photos/IMG_0001.JPG", TestLivePhotos.appleStill(identifier: identifier))
        try TestLivePhotos.appleMotion(library.work.path + "/photos/IMG_0001.MOV", identifier: identifier, seconds: 1)
        try TestVideos.make(library.work.path + "/clip.mp4", width: 320, height: 240, seconds: 1, rotate: 90)
        try library.work.write("photos/PXL_0002.MP.jpg", try TestLivePhotos.motionPhoto(video: library.work.path + "/clip.mp4"))
        _ = try Importer(database: library.database, folder: library.work.path + "/photos").run()
        try await library.app().test(.live) { client in
            let port = try #require(client.port)
            let page = String(decoding: try await Self.request("", port: port).body, as: UTF8.self)
            let clips = page.matches(of: #/data-motion="(?<name>videos/[0-9a-f]{16}-(?<size>\d+x\d+)\.mp4)"/#).map { (String($0.output.name), String($0.output.size)) }
            #expect(clips.map(\.1).sorted() == ["240x320", "320x240"], "\(clips)")
            for (clip, size) in clips {
                let answer = try await Self.request(clip, port: port)
                #expect(answer.status == 200 && answer.headers["content-type"] == "video/mp4", "\(clip): \(answer.status)")
                let file = library.siteFolder.appending(path: clip).path
                let report = try TestVideos.ffprobe(file)
                // A copied H.264 clip keeps its display matrix: shown turned, as named.
                let turned = try TestVideos.ffprobeRotation(file).map { abs($0) % 180 == 90 } ?? false
                let (width, height) = (report.video?.width ?? 0, report.video?.height ?? 0)
                #expect(report.video?.codec_name == "h264" && (turned ? "\(height)x\(width)" : "\(width)x\(height)") == size, "\(clip): \(report.streams)")
            }
        }
    }
}
