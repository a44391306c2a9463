@testable import Imaging
import Testing

/// The vectorised resampler against the scalar one it replaced, on random pixels at the ratios
/// an export uses (halving then Lanczos, Lanczos alone, odd sizes, enlarging), through both of
/// CResample's builds.
@Suite("Resampler: the same bytes as the scalar loops")
struct ResamplerEquivalenceTests {
    @Test("every ratio the export uses gives the scalar resampler's bytes")
    func sameBytes() {
        var state: UInt64 = 12345
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 33) }
        for (w, h, tw, th) in [(1500, 1000, 708, 472), (1000, 1500, 708, 1062), (1001, 667, 473, 315), (37, 23, 19, 11), (300, 200, 299, 199), (120, 90, 200, 150)] {
            let image = RGBImage(width: w, height: h, pixels: (0 ..< w * h * 3).map { _ in next() })
            let old = ScalarResampler.resize(image, width: tw, height: th)
            let new = Resampler.resize(image, width: tw, height: th)
            #expect(old.pixels == new.pixels, "\(w)x\(h) → \(tw)x\(th)")
            // Halving and Lanczos alone, through both of CResample's builds (AVX2 where the processor has it).
            for allowAVX2 in [true, false] {
                #expect(Resampler.halved(image, allowAVX2: allowAVX2).pixels == ScalarResampler.halved(image).pixels,
                        "\(w)x\(h) halved, AVX2 allowed: \(allowAVX2)")
            }
            let scalar = ScalarResampler.lanczos(image, width: tw, height: th)
            for allowAVX2 in [true, false] {
                #expect(Resampler.lanczos(image, width: tw, height: th, allowAVX2: allowAVX2).pixels == scalar.pixels,
                        "\(w)x\(h) → \(tw)x\(th), AVX2 allowed: \(allowAVX2)")
            }
        }
    }

    @Test("sizes made from one decode's shared halvings are each the scalar resampler's bytes (odd sides too)")
    func sharedHalvings() {
        var state: UInt64 = 777
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 33) }
        for (w, h) in [(1500, 1000), (1001, 1501), (3001, 1999)] {
            let image = RGBImage(width: w, height: h, pixels: (0 ..< w * h * 3).map { _ in next() })
            var halvings = Resampler.Halvings(image)
            for (tw, th) in [(w, h), (708, 472 * h / max(1, w) + 1), (472, 315), (236, 157), (600, 601), (w / 2, h / 2)] {
                let shared = halvings.resize(width: tw, height: th)
                #expect(shared.pixels == ScalarResampler.resize(image, width: tw, height: th).pixels, "\(w)x\(h) → \(tw)x\(th)")
            }
        }
    }
}
