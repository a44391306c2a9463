import Dispatch
import Foundation
import TextMetrics

// gallery-bench: in-process micro-benchmarks that make bench runs (release build).
// Prints one line per figure: "name value unit".

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// ~120-character comments made from real sentences in several scripts, all different.
func comments(_ count: Int) -> [String] {
    let pieces = [
        "The ferry had just left and the bay turned the colour of a shell.",
        "Thirty seconds at f/2.8, ISO 3200, on a rock for a tripod.",
        "Die Wattenmeer-Nationalparkverwaltung bittet, auf den Wegen zu bleiben.",
        "夕方になると港の灯りが一つずつ点いていく。",
        "كان الماء ساكناً تماماً عند الفجر.",
        "Eleven kilometres, 900 m of ascent, one sandwich too few.",
        "Someone brought a guitar. Someone always brings a guitar. 🎸",
        "L'été dernier, nous avons pris le bac à l'aube.",
    ]
    return (0 ..< count).map { i in
        var text = "#\(i) "
        var k = i
        while text.count < 120 {
            text += pieces[k % pieces.count] + " "
            k = k / 3 + 7
        }
        return String(text.prefix(120))
    }
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "measure" {
    let texts = comments(5_000)
    let style = GalleryTextStyles.comment
    // Cold: a new measurer, every text shaped for the first time.
    let cold = TextMeasurer()
    try cold.prepare(style)
    let coldTime = try seconds { for text in texts { _ = try cold.measure(text, style: style, width: 236) } }
    // Warm: the same texts again (shaping cached), at another width, so lines are refilled.
    var rounds = 0
    let warmTime = try seconds {
        for width in [236.0, 180, 300, 236, 180, 300, 236, 180, 300, 236] {
            for text in texts { _ = try cold.measure(text, style: style, width: width) }
            rounds += 1
        }
    }
    print(String(format: "measure_cold %.0f texts/s", Double(texts.count) / coldTime))
    print(String(format: "measure_warm %.0f texts/s", Double(texts.count * rounds) / warmTime))
} else {
    FileHandle.standardError.write(Data("usage: gallery-bench measure\n".utf8))
    exit(2)
}
