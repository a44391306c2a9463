// The C math library (a system module, not a package and not Foundation) for the few
// elementary functions the viewport layouts and the map's projection need.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// At file scope these names resolve to the C library imported above, whichever it is; inside
// `Elementary` they would resolve to its own members.
private func cAtan(_ x: Double) -> Double { atan(x) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cLog(_ x: Double) -> Double { log(x) }
private func cExp(_ x: Double) -> Double { exp(x) }

enum Elementary {
    static func atan(_ x: Double) -> Double { cAtan(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
    static func sin(_ x: Double) -> Double { cSin(x) }
    static func cos(_ x: Double) -> Double { cCos(x) }
    static func log(_ x: Double) -> Double { cLog(x) }
    static func exp(_ x: Double) -> Double { cExp(x) }
}
