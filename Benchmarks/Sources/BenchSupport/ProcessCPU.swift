#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the whole process (every thread), in nanoseconds.
///
/// package-benchmark's own CPU metric reads `/proc/self/stat`, whose unit on Linux is a
/// scheduler tick (10 ms): a sample of a few milliseconds reads as 0 or 10 ms. These clocks
/// count in nanoseconds (microseconds for `getrusage`).
public enum ProcessCPU {
    /// `CLOCK_PROCESS_CPUTIME_ID`: user + system time of all threads, nanosecond resolution.
    public static func clockNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    /// `getrusage(RUSAGE_SELF)` user + system time, as the issue prescribes for the live
    /// comparison.
    public static func rusageNanoseconds() -> Int {
        let usage = selfUsage()
        let micros = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
            + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return micros * 1_000
    }

    /// Context switches of the whole process so far, voluntary and involuntary: how often its
    /// threads went to sleep or were put aside.
    public static func contextSwitches() -> Int {
        let usage = selfUsage()
        return usage.ru_nvcsw + usage.ru_nivcsw
    }

    /// `getrusage(RUSAGE_SELF)`: the whole process, every thread.
    private static func selfUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}
