import BentoJSON

/// The merge of last resort, for a side that is no valid screen: the three
/// texts merged line by line as `git merge-file` merges them, markers and
/// all, so that nothing of either side is lost.
public enum LineMerge {
    /// `git merge-file -p` of three texts (OURS, BASE, THEIRS), labelled
    /// `labels` in its markers, in `style` (`merge`, `diff3`, `zdiff3`):
    /// the merged text and the number of conflicts; nil when git does not
    /// run. The texts go through files of a private temporary directory,
    /// removed after, and also by a signal while git runs.
    public static func gitMergeFile(_ texts: [[UInt8]], labels: [String], markerSize: Int, style: String)
        -> (text: [UInt8], conflicts: Int)?
    {
        let temporary = Platform.environmentVariable("TMPDIR") ?? "/tmp"
        guard let directory = try? TemporaryPath(directory: FilePath("\(temporary)/bento-merge-XXXXXX"))
        else { return nil }
        let files = ["ours", "base", "theirs"].map { directory.path.appending(FilePath($0)) }
        let ours = TemporaryPath(registering: files[0])
        let base = TemporaryPath(registering: files[1])
        let theirs = TemporaryPath(registering: files[2])
        defer {
            for file in [ours.path, base.path, theirs.path] { Platform.removeFile(file) }
            Platform.removeDirectory(directory.path)
        }
        for (file, text) in zip(files, texts) {
            guard case .success(let fd) = Platform.open(file, for: .createNew(permissions: 0o600)) else { return nil }
            let failed = text.withSpan { Platform.write(fd, $0) } != nil
            Platform.close(fd)
            if failed { return nil }
        }
        var command = ["git", "merge-file", "-p", "--marker-size=\(markerSize)"]
        if style != "merge" { command.append("--\(style)") }
        for label in labels { command += ["-L", label] }
        guard
            let exit = Platform.run(
                command + files.map(\.description), environment: Platform.environmentEntries(), searchingPath: true,
                output: .collected, error: .null),
            exit.exited, (0...127).contains(exit.status)
        else { return nil }
        return (exit.output, Int(exit.status))
    }
}
