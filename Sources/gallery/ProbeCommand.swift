import ArgumentParser
import Foundation
import GalleryJSON
import Imaging

struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Show what gallery reads from image and video files' headers (format, size, orientation, a video's length).",
        discussion: "Decodes no pixels. With --stats, prints only the count and the rate, for benchmarks."
    )

    @Argument(help: ArgumentHelp("Image or video files.", valueName: "file"))
    var files: [String]

    @Flag(help: "Print one JSON object per file.")
    var json = false

    @Flag(help: "Print only how many files were probed and how fast.")
    var stats = false

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        var failures = 0
        var output = ""
        for file in files {
            do {
                if let container = VideoProbe.container(atPath: file) {
                    let video = try VideoProbe.probe(path: file, container: container)
                    guard !stats else { continue }
                    if json {
                        output += try JSON.string(Probed(
                            path: file, format: container.rawValue, width: video.width, height: video.height,
                            orientation: video.orientation.rawValue, displayWidth: video.displayWidth, displayHeight: video.displayHeight,
                            kind: "video", duration: video.duration, videoCodec: video.videoCodec, audioCodec: video.audioCodec)) + "\n"
                    } else {
                        let length = video.duration.map { String(format: ", %.2f s", $0) } ?? ""
                        output += "\(file): \(container.rawValue) video \(video.width)×\(video.height), orientation \(video.orientation), displayed \(video.displayWidth)×\(video.displayHeight)\(length), \(video.videoCodec)\(video.audioCodec.map { " + " + $0 } ?? "")\n"
                    }
                    continue
                }
                let result = try PhotoProbe.probe(path: file)
                guard !stats else { continue }
                if json {
                    output += try JSON.string(Probed(
                        path: file, format: result.format.rawValue, width: result.width, height: result.height,
                        orientation: result.orientation.rawValue, displayWidth: result.displayWidth,
                        displayHeight: result.displayHeight)) + "\n"
                } else {
                    output += "\(file): \(result.format.rawValue) \(result.width)×\(result.height), orientation \(result.orientation), displayed \(result.displayWidth)×\(result.displayHeight)\n"
                }
            } catch {
                failures += 1
                FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
            }
        }
        if stats {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            output = String(format: "probed %ld files in %.3f s: %.0f files/s\n", files.count, seconds, Double(files.count) / seconds)
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        if failures > 0 { throw ExitCode(1) }
    }

    /// One file in `--json`; the keys are an interface.
    struct Probed: Encodable {
        var path: String
        var format: String
        var width: Int
        var height: Int
        var orientation: Int
        var displayWidth: Int
        var displayHeight: Int
        /// "photo" or "video"; a video's seconds and codecs (nil for a photo).
        var kind = "photo"
        var duration: Double?
        var videoCodec: String?
        var audioCodec: String?
    }
}
