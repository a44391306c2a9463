import Foundation
import GalleryJSON
import Testing

@Suite("JSON: keys in declaration order, otherwise byte for byte what JSONEncoder writes")
struct JSONTests {
    /// A value of every shape the program writes: nested objects, arrays, optionals, odd keys.
    struct Sample: Codable, Equatable {
        var name: String
        var width: Double
        var count: Int
        var flag: Bool
        var missing: String?
        var values: [Double]
        var nested: [Nested]
        var table: [String: Int]
        var empty: [Int]
        var B: Int
        var a10: Int
        var a9: Int
    }

    struct Nested: Codable, Equatable {
        var zeta: Int64
        var alpha: String
        var scale: Float
    }

    /// SplitMix64: the same samples on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func text(_ random: inout Seeded) -> String {
        let pieces = ["a", "Z", "/", "\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本", "👩🏽‍💻", "\u{2028}", " ", "</script>", "\u{8}", "\u{C}", "\r"]
        return (0 ..< Int.random(in: 0 ... 8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func number(_ random: inout Seeded) -> Double {
        switch Int.random(in: 0 ..< 6, using: &random) {
        case 0: return Double(Int.random(in: -5000 ... 5000, using: &random))
        case 1: return Double.random(in: -1e6 ... 1e6, using: &random)
        case 2: return Double.random(in: 0 ... 1e-6, using: &random)
        case 3: return Double(Int.random(in: 0 ... 1 << 40, using: &random)) / 64
        case 4: return Double.random(in: 1e17 ... 1e300, using: &random)
        default: return (Double(Int.random(in: 0 ... 100_000, using: &random)) / 100).rounded(.toNearestOrEven)
        }
    }

    static func sample(_ random: inout Seeded) -> Sample {
        Sample(
            name: text(&random), width: number(&random), count: Int.random(in: Int.min ... Int.max, using: &random),
            flag: Bool.random(using: &random), missing: Bool.random(using: &random) ? text(&random) : nil,
            values: (0 ..< Int.random(in: 0 ... 5, using: &random)).map { _ in number(&random) },
            nested: (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                Nested(zeta: Int64.random(in: -1000 ... 1000, using: &random), alpha: text(&random), scale: Float(number(&random).truncatingRemainder(dividingBy: 1e30)))
            },
            table: Dictionary((0 ..< Int.random(in: 0 ... 4, using: &random)).map { _ in (text(&random), Int.random(in: 0 ... 9, using: &random)) }, uniquingKeysWith: { a, _ in a }),
            empty: [], B: 1, a10: 2, a9: 3)
    }

    @Test("sorted keys, compact and pretty: the same bytes as JSONEncoder on 500 seeded values")
    func agreesWithJSONEncoder() throws {
        var random = Seeded(state: 14)
        for _ in 0 ..< 500 {
            let value = Self.sample(&random)
            for pretty in [false, true] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
                let expected = String(decoding: try encoder.encode(value), as: UTF8.self)
                let written = try JSON.string(value, JSONOutput(pretty: pretty, sortedKeys: true))
                #expect(written == expected)
                #expect(try JSON.decode(Sample.self, from: Array(written.utf8)) == value)
            }
        }
    }

    @Test("without sorting, keys come in declaration order and absent optionals are left out")
    func declarationOrder() throws {
        let value = Nested(zeta: 1, alpha: "x", scale: 0.1)
        #expect(try JSON.string(value) == #"{"zeta":1,"alpha":"x","scale":0.1}"#)
        #expect(try JSON.string([252.0, -0.0, 0.5, 1e21]) == "[252,0,0.5,1e+21]")
        #expect(try JSON.string(["path": "a/b"]) == #"{"path":"a/b"}"#)
    }

    @Test("infinity and NaN are refused with the number named")
    func notFinite() {
        #expect(throws: JSONEncodingError.notFinite(.infinity)) { try JSON.encode([Double.infinity]) }
    }

    struct Nesting: Encodable {
        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case b, a, c }
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try inner.encode(2, forKey: .c)
            try inner.encode(1, forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .a)
            try list.encode("x")
            try container.encode(true, forKey: .c)
        }
    }

    @Test("nested containers are closed before their parent goes on, sorted or not")
    func nestedContainers() throws {
        #expect(try JSON.string(Nesting()) == #"{"b":{"c":2,"a":1},"a":["x"],"c":true}"#)
        let sorted = try JSON.string(Nesting(), JSONOutput(sortedKeys: true))
        #expect(sorted == #"{"a":["x"],"b":{"a":1,"c":2},"c":true}"#)
    }

    @Test("a text that is not JSON is described in words")
    func describesErrors() {
        #expect(throws: (any Error).self) { try JSON.decode([Int].self, from: Array("[1,".utf8)) }
        do {
            _ = try JSON.decode([Nested].self, from: Array(#"[{"zeta":1}]"#.utf8))
        } catch {
            #expect(JSON.describe(error).contains("missing \"alpha\""))
        }
    }
}
