// What bento needs of the C library that Swift cannot say, or cannot say
// safely: mallopt(3) and sync_file_range(2), which Swift's Glibc module
// does not bring (a static executable has no dynamic symbol table to look
// them up in; sync_file_range needs _GNU_SOURCE), and a signal
// handler, which may call only async-signal-safe functions and so must not
// run Swift code (no allocation, no reference counting, no lazy globals).
#ifndef BENTO_CSYSTEM_H
#define BENTO_CSYSTEM_H

/// Asks the C heap to grow `bytes` at a time (M_TOP_PAD); 0 where the C
/// library has no such setting (Darwin), else mallopt's result (1: done).
int bento_set_heap_step(int bytes);

/// Registers `path` (a file, or an empty directory when `is_directory`) to
/// be removed if SIGINT, SIGTERM, SIGHUP or SIGPIPE ends the process before
/// `bento_cleanup_remove` is called with the slot returned; -1 when every
/// slot is taken or the path is too long (nothing is registered). While
/// any path is registered, those signals remove every registered path
/// (files first, then directories) and end the process by the same signal,
/// its default action restored; when the last one is removed, the signals'
/// earlier dispositions come back.
int bento_cleanup_add(const char *path, int is_directory);

/// Forgets slot `slot` of `bento_cleanup_add`: its path is no longer removed.
void bento_cleanup_remove(int slot);

/// mkstemp(3) (`is_directory` 0) or mkdtemp(3) (1) on `template`, which
/// ends in XXXXXX and gets the name made, with the path registered as
/// `bento_cleanup_add` registers it from before it exists: a signal at any
/// moment leaves nothing behind. Returns the file's descriptor (for a
/// directory, 0), or -1 with errno set; `*slot` gets the slot, or -1 when
/// none was free (the file or directory is still made).
int bento_cleanup_make(char *template, int is_directory, int *slot);

/// Keeps the C heap to one arena (M_ARENA_MAX) where the C library has
/// the setting: each thread's arena reserves 64 MB of address space, which
/// a limit on it cannot spare. 0 where there is no such setting.
int bento_set_one_arena(void);

/// Makes `bytes` the stack size of threads made from now on without one
/// of their own (Dispatch's workers), where the C library allows it
/// (glibc's pthread_setattr_default_np); 0 when done.
int bento_set_thread_stack(unsigned long bytes);

/// Starts sending the dirty pages of the file open as `fd` to the disk,
/// without waiting (sync_file_range(2) with SYNC_FILE_RANGE_WRITE), so that
/// an fsync(2) at the end has little left to wait for. 0 when started; -1
/// where the system has no such call (Darwin) or the descriptor is no file.
int bento_start_writeback(int fd);

#endif
