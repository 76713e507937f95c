import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// The process's resident set size: `/proc/self/statm` on Linux, the Mach task's basic info on
/// Apple platforms: what `make soak` samples and the tests that pin a leak compare. Safe on
/// any thread.
public enum ResidentMemory {
    /// Resident bytes now, or nil when the system does not say.
    public static func bytes() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(task_self_trap(), task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return result == KERN_SUCCESS ? Int(info.resident_size) : nil
        #else
        return nil
        #endif
    }

    /// Resident megabytes now (0 when unknown).
    public static func megabytes() -> Double {
        Double(bytes() ?? 0) / 1_048_576
    }
}
