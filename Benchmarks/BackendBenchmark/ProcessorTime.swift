import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Processor time, user and system: this process's (client and gateways), and the
/// PostgreSQL cluster's when there is one (its postmaster, the children it has reaped,
/// and those still running). Each phase reports it per request beside its rate: with
/// every core busy the two tell the same story, and this one also says where the time
/// went, the gateways' process or the database.
struct ProcessorTime {
    var benchmark: Duration
    var database: Duration

    var total: Duration { benchmark + database }

    /// Now, for this process, and for the cluster whose postmaster is `postmaster`.
    static func now(postmaster: Int32?) -> ProcessorTime {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let own = Duration.seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return ProcessorTime(benchmark: own, database: postmaster.map(clusterTime) ?? .zero)
    }

    static func - (later: ProcessorTime, earlier: ProcessorTime) -> ProcessorTime {
        ProcessorTime(benchmark: later.benchmark - earlier.benchmark, database: later.database - earlier.database)
    }

    /// The time of each of `count` requests that took `time` in all.
    static func / (time: ProcessorTime, count: Int) -> ProcessorTime {
        ProcessorTime(benchmark: time.benchmark / count, database: time.database / count)
    }

    /// The postmaster's process id, from the lock file beside the socket that
    /// `uri` (scripts/with-postgres's `postgres://…?host=FOLDER&port=PORT`) names.
    static func postmaster(of uri: String) -> Int32? {
        guard let items = URLComponents(string: uri)?.queryItems,
              let folder = items.first(where: { $0.name == "host" })?.value,
              let port = items.first(where: { $0.name == "port" })?.value,
              let lock = try? String(contentsOfFile: "\(folder)/.s.PGSQL.\(port).lock", encoding: .utf8) else { return nil }
        return lock.split(separator: "\n").first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The postmaster's time with its reaped children's (a connection closed during a
    /// phase moves there), and each living child's.
    private static func clusterTime(_ postmaster: Int32) -> Duration {
        var ticks = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let fields = statFields(pid) else { continue }
            if pid == postmaster {
                ticks += fields[11...14].compactMap { Int($0) }.reduce(0, +)
            } else if Int32(fields[1]) == postmaster {
                ticks += fields[11...12].compactMap { Int($0) }.reduce(0, +)
            }
        }
        return .milliseconds(ticks * 1_000 / sysconf(Int32(_SC_CLK_TCK)))
    }

    /// /proc/PID/stat from its third field on (the state), past the name in parentheses,
    /// which may hold spaces: [1] is the parent, [11] and [12] user and system time,
    /// [13] and [14] those of the children it has reaped, in clock ticks.
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 14 ? fields : nil
    }
}
