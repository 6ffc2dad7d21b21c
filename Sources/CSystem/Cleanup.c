#include "CSystem.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <signal.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

// A fixed table, written before a slot is marked active and never freed:
// the handler reads it without locks or allocation. A slot is active once
// its path is written whole (release), and the handler reads the flag
// first (acquire), so it never sees half a path. Threads that register
// and let go paths at once take turns (`lock`): two must not write one
// free slot, nor save and restore the signals' dispositions crosswise.
// The handler never takes the lock.
enum { SLOTS = 16, PATH_BYTES = PATH_MAX + 1 };

static struct {
    char path[PATH_BYTES];
    int is_directory;
    int active;
} slots[SLOTS];

static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
enum { SIGNALS = sizeof signals / sizeof signals[0] };
static struct sigaction previous[SIGNALS];
static int registered;  // slots in use; changed only under the lock, the signals blocked
static int lock;

static void take_lock(void) {
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) sched_yield();
}

static void let_go_lock(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }

static void remove_registered(int directories) {
    for (int k = 0; k < SLOTS; k++) {
        if (__atomic_load_n(&slots[k].active, __ATOMIC_ACQUIRE) && slots[k].is_directory == directories) {
            if (directories) rmdir(slots[k].path); else unlink(slots[k].path);
        }
    }
}

static void on_signal(int signal_number) {
    remove_registered(0);
    remove_registered(1);
    // The default action, then the same signal again: the process ends as
    // that signal ends it, and its parent sees 128 + its number.
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, 0);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    sigprocmask(SIG_UNBLOCK, &unblock, 0);
    raise(signal_number);
}

// Blocks the four signals in this thread; `saved` gets the mask before.
static void block(sigset_t *saved) {
    sigset_t set;
    sigemptyset(&set);
    for (int k = 0; k < SIGNALS; k++) sigaddset(&set, signals[k]);
    sigprocmask(SIG_BLOCK, &set, saved);
}

int bento_cleanup_add(const char *path, int is_directory) {
    size_t length = strlen(path);
    if (length >= PATH_BYTES) return -1;
    sigset_t saved;
    block(&saved);
    take_lock();
    int found = -1;
    for (int k = 0; k < SLOTS && found < 0; k++) {
        if (!__atomic_load_n(&slots[k].active, __ATOMIC_ACQUIRE)) found = k;
    }
    if (found >= 0) {
        memcpy(slots[found].path, path, length + 1);
        slots[found].is_directory = is_directory;
        __atomic_store_n(&slots[found].active, 1, __ATOMIC_RELEASE);
        if (registered++ == 0) {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_handler = on_signal;
            sigemptyset(&action.sa_mask);
            for (int k = 0; k < SIGNALS; k++) sigaddset(&action.sa_mask, signals[k]);
            for (int k = 0; k < SIGNALS; k++) sigaction(signals[k], &action, &previous[k]);
        }
    }
    let_go_lock();
    sigprocmask(SIG_SETMASK, &saved, 0);
    return found;
}

void bento_cleanup_remove(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    sigset_t saved;
    block(&saved);
    take_lock();
    if (__atomic_exchange_n(&slots[slot].active, 0, __ATOMIC_ACQ_REL) && --registered == 0) {
        for (int k = 0; k < SIGNALS; k++) sigaction(signals[k], &previous[k], 0);
    }
    let_go_lock();
    sigprocmask(SIG_SETMASK, &saved, 0);
}

int bento_cleanup_make(char *template, int is_directory, int *slot) {
    size_t length = strlen(template);
    *slot = bento_cleanup_add(template, is_directory);
    // The name is made in the slot itself, before the file is: a handler
    // reads either the template (nothing to remove) or the name.
    char *name = *slot >= 0 ? slots[*slot].path : template;
    int result;
    if (is_directory) {
        result = mkdtemp(name) ? 0 : -1;
    } else {
        result = mkstemp(name);
    }
    int saved = errno;
    if (name != template) memcpy(template, name, length + 1);
    if (result < 0 && *slot >= 0) {
        bento_cleanup_remove(*slot);
        *slot = -1;
    }
    errno = saved;
    return result;
}
