#if canImport(Glibc)
import Glibc
#endif

/// The number of cores this process may use.
public enum ProcessorCount {
    public static var online: Int {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
