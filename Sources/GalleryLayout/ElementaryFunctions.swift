// The C math library (a system module, not a package and not Foundation) for the few
// elementary functions the viewport layouts need.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Elementary {
    static func atan(_ x: Double) -> Double { Glibc.atan(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
    static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    static func cos(_ x: Double) -> Double { Glibc.cos(x) }
}
