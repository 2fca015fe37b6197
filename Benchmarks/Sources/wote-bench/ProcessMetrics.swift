import CHeapStats
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Readings of this process's own memory and CPU time.
enum ProcessMetrics {
    /// Resident memory in bytes, from `/proc/self/statm` (its second field, in pages); 0 where
    /// there is no `/proc`.
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Bytes allocated with malloc and not yet freed, or `nil` where the C library cannot tell.
    static func heapInUseBytes() -> Int? {
        let bytes = wote_bench_heap_in_use()
        return bytes < 0 ? nil : Int(bytes)
    }

    /// Voluntary plus involuntary context switches of this process so far: a thread wake-up per
    /// request shows here.
    static func contextSwitches() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage.ru_nvcsw + usage.ru_nivcsw
    }

    /// User plus system CPU time used by every thread of this process so far.
    static func cpuTime() -> Duration {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration {
            .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}
