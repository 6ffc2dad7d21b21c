import BentoJSON

/// What the figures were measured on: CPU model, cores and the load.
enum MachineInfo {
    static var cores: Int { Platform.cores }

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
        guard let text = try? InputFile.read(path) else { return nil }
        return String(decoding: text.bytes, as: UTF8.self)
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\n" }).reversed())
    }
}
