// Signal handlers here use only async-signal-safe calls (tcsetattr, write, sigaction,
// raise) on state written before they were installed: no allocation, no locks, no
// Swift runtime, which could be in the middle of any of those when a signal lands.
#define _GNU_SOURCE
#include "process_control.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

int storefront_forbid_core_dumps(void) {
    struct rlimit none = { 0, 0 };
    int limited = setrlimit(RLIMIT_CORE, &none);
    int undumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return (limited == 0 && undumpable == 0) ? 0 : -1;
}

// The signal's default action again: the end of the process for SIGINT, SIGTERM, SIGHUP
// and SIGQUIT, nothing for SIGWINCH.
static void restore_default_action(int signal_number) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
}

// MARK: - Ending after a report of SIGQUIT

static struct sigaction quit_reporter;

static void report_then_end(int signal_number, siginfo_t *info, void *context) {
    // The report first, as if the signal had come to its handler alone.
    if (quit_reporter.sa_flags & SA_SIGINFO) {
        quit_reporter.sa_sigaction(signal_number, info, context);
    } else {
        quit_reporter.sa_handler(signal_number);
    }
    restore_default_action(signal_number);
    raise(signal_number); // pending until this handler returns, then fatal
}

int storefront_end_after_quit_report(void) {
    struct sigaction current;
    if (sigaction(SIGQUIT, NULL, &current) != 0) return -1;
    if (!(current.sa_flags & SA_SIGINFO) && (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN)) return 0;
    quit_reporter = current;
    struct sigaction action = current;
    action.sa_flags = (current.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
    action.sa_sigaction = report_then_end;
    return sigaction(SIGQUIT, &action, NULL);
}

// MARK: - Restoring the terminal on a signal

enum { guarded_count = 3, restore_capacity = 64 };
static const int guarded_signals[guarded_count] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction previous_actions[guarded_count];
static int installed[guarded_count];

static volatile sig_atomic_t guard_armed = 0;
static int guard_terminal = -1;
static struct termios guard_modes;
static int guard_output = -1;
static char guard_bytes[restore_capacity];
static size_t guard_length = 0;

static void restore_terminal_and_reraise(int signal_number) {
    if (guard_armed) {
        guard_armed = 0;
        // Typed but unread bytes (half a password) would be echoed once echo is back on:
        // drop them first. TCSANOW, not TCSAFLUSH: a handler must not wait for output to
        // drain to a terminal that may be gone.
        tcflush(guard_terminal, TCIFLUSH);
        tcsetattr(guard_terminal, TCSANOW, &guard_modes);
        ssize_t written = write(guard_output, guard_bytes, guard_length);
        (void)written;
    }
    // Die of the signal itself rather than exit(128+n): a shell running us in a loop
    // stops the loop on Ctrl-C only when it sees the child was killed by SIGINT.
    restore_default_action(signal_number);
    raise(signal_number); // pending until this handler returns, then fatal
}

int storefront_terminal_guard_arm(int terminal, const struct termios *modes, int output, const char *bytes, size_t length) {
    if (length > restore_capacity) return -1;
    storefront_terminal_guard_disarm();
    guard_terminal = terminal;
    guard_modes = *modes;
    guard_output = output;
    memcpy(guard_bytes, bytes, length);
    guard_length = length;
    guard_armed = 1;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_terminal_and_reraise;
    sigemptyset(&action.sa_mask);
    // While one of them is being handled, the others wait: the terminal is restored once.
    for (int index = 0; index < guarded_count; index++) sigaddset(&action.sa_mask, guarded_signals[index]);

    for (int index = 0; index < guarded_count; index++) {
        if (sigaction(guarded_signals[index], &action, &previous_actions[index]) != 0) {
            storefront_terminal_guard_disarm();
            return -1;
        }
        installed[index] = 1;
        if (previous_actions[index].sa_handler == SIG_IGN) {
            // Started under nohup (or the like): whoever started us wants this one ignored.
            sigaction(guarded_signals[index], &previous_actions[index], NULL);
            installed[index] = 0;
        }
    }
    return 0;
}

void storefront_terminal_guard_disarm(void) {
    for (int index = 0; index < guarded_count; index++) {
        if (installed[index]) {
            sigaction(guarded_signals[index], &previous_actions[index], NULL);
            installed[index] = 0;
        }
    }
    guard_armed = 0;
}

// MARK: - Resize notifications

static volatile sig_atomic_t resize_writer = -1;

static void note_resize(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    int writer = resize_writer;
    if (writer >= 0) {
        char byte = 1;
        ssize_t written = write(writer, &byte, 1); // non-blocking: a full pipe already says "resized"
        (void)written;
    }
    errno = saved_errno;
}

int storefront_resize_notifications_start(void) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(ends[1], F_GETFL);
    if (flags < 0 || fcntl(ends[1], F_SETFL, flags | O_NONBLOCK) != 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    resize_writer = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_resize;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGWINCH, &action, NULL) != 0) {
        resize_writer = -1;
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    return ends[0];
}

void storefront_resize_notifications_stop(void) {
    restore_default_action(SIGWINCH);
    int writer = resize_writer;
    // Forgotten before it is closed, so no handler that starts after this can write into
    // a descriptor number the process has reused.
    resize_writer = -1;
    if (writer >= 0) close(writer);
}

void storefront_end_by_signal(int signal_number) {
    restore_default_action(signal_number);
    sigset_t just_this;
    sigemptyset(&just_this);
    sigaddset(&just_this, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &just_this, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

void storefront_wipe(void *bytes, size_t length) {
    explicit_bzero(bytes, length);
}
