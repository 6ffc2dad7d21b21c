#if canImport(Glibc)
    import Glibc
#endif

/// Standard input, output and error as bento finds them at start-up.
enum StandardStreams {
    /// Fills a closed descriptor 0, 1 or 2 (`bento diff - new.json <&-`) with
    /// `/dev/null` opened the wrong way round.
    ///
    /// Otherwise the next `open` would get the closed number, and standard
    /// input would silently read another input file (a wrong "identical"), or
    /// output would go into a file. The stand-in keeps the closed stream's
    /// behaviour: reading standard input fails with `-: Bad file descriptor`,
    /// writing output with `write error: Bad file descriptor`, as GNU tools
    /// report them.
    static func occupyClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free number: this one, normally.
            let standIn = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
            if standIn >= 0 && standIn != fd {
                dup2(standIn, fd)
                close(standIn)
            }
        }
    }
}
