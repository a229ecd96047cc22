import FeedshotLayout
import Foundation

/// The process's own figures, with the names Prometheus's client libraries use: resident and
/// virtual memory, CPU seconds, open and allowed descriptors, start time. Read from `/proc/self`
/// (Linux, proc(5)); figures a system does not have are left out.
struct ProcessMetrics {
    var residentBytes: Int?
    var virtualBytes: Int?
    var cpuSeconds: Double?
    var openFDs: Int?
    var maxFDs: Int?
    var startTime: Double?

    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`).
    static let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    /// The process's start, in seconds since the epoch: measured once, when first asked.
    static let started: Double? = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8), let fields = fields(of: stat),
            let startTicks = Double(fields[19]), let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
            let up = Double(uptime.split(separator: " ").first ?? "")
        else { return nil }
        let boot = Date().timeIntervalSince1970 - up
        return boot + startTicks / ticks
    }()

    /// The fields of `/proc/self/stat` after the command name (field 3, `state`, is index 0).
    static func fields(of stat: String) -> [Substring]? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 21 ? fields : nil
    }

    static func current() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8), let fields = fields(of: stat) {
            // utime and stime are fields 14 and 15 (indices 11 and 12 here); vsize 23, rss 24 (pages).
            if let user = Double(fields[11]), let system = Double(fields[12]) { metrics.cpuSeconds = (user + system) / ticks }
            metrics.virtualBytes = Int(fields[20])
            if let pages = Int(fields[21]) { metrics.residentBytes = pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        metrics.openFDs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { metrics.maxFDs = Int(limit.rlim_cur) }
        metrics.startTime = started
        return metrics
    }

    /// The Prometheus lines of the figures present.
    var exposition: String {
        var text = ""
        func add(_ name: String, _ type: String, _ help: String, _ value: String?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        add("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", residentBytes.map(String.init))
        add("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", virtualBytes.map(String.init))
        add("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", cpuSeconds.map { "\($0)" })
        add("process_open_fds", "gauge", "Number of open file descriptors.", openFDs.map(String.init))
        add("process_max_fds", "gauge", "Maximum number of open file descriptors.", maxFDs.map(String.init))
        add(
            "process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
            startTime.map { FixedDecimal.text($0, digits: 2) })
        return text
    }
}
