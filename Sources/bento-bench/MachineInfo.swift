#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the figures were measured on: CPU model, cores and the load.
enum MachineInfo {
    static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static var cpuModel: String {
        guard let text = readText("/proc/cpuinfo") else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingSpaces
            }
        }
        return "unknown CPU"
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg writes them.
    static var load: String {
        guard let text = readText("/proc/loadavg") else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\n" }).reversed())
    }
}
