// What the App needs from the process that Swift cannot do safely: calls that are
// variadic in C (prctl), and signal handlers, which must not enter the Swift runtime.
#ifndef STOREFRONT_PROCESS_CONTROL_H
#define STOREFRONT_PROCESS_CONTROL_H

#include <stddef.h>
#include <termios.h>

/// No core file, by any route: RLIMIT_CORE 0 stops the kernel writing one, and
/// PR_SET_DUMPABLE 0 also stops a core_pattern pipe (systemd-coredump, apport) and
/// ptrace-style readers of the process's memory. Returns 0 when both took effect.
int storefront_forbid_core_dumps(void);

/// Makes SIGQUIT end the process after the handler it has now (Swift's backtracer,
/// when SWIFT_BACKTRACE enables it) has written its report: that handler returns after
/// an asynchronous signal, and the program would go on. Ends it by SIGQUIT, with its
/// default action (no core file, once they are forbidden). A default or ignored
/// SIGQUIT is left as it is. Returns 0, or -1 if the handler could not be installed.
int storefront_end_after_quit_report(void);

/// Until disarmed, SIGINT, SIGTERM and SIGHUP first put `modes` back on `terminal`
/// and write `bytes` (at most 64, e.g. "leave the alternate screen") to `output`, then
/// end the process by the same signal, so a shell sees 130, 143 or 129. A signal the
/// process was started ignoring (nohup) stays ignored. Returns 0, or -1 if `length`
/// is too long or a handler could not be installed.
int storefront_terminal_guard_arm(int terminal, const struct termios *modes, int output, const char *bytes, size_t length);

/// Puts the handlers that were there before `arm` back.
void storefront_terminal_guard_disarm(void);

/// Starts turning SIGWINCH into one byte on a pipe and returns the pipe's reading
/// end (blocking), or -1. A thread can wait on it; nothing polls.
int storefront_resize_notifications_start(void);

/// Stops the notifications and closes the writing end, so the reader sees the end.
void storefront_resize_notifications_stop(void);

/// Ends the process by `signal_number` with its default action, as if it had arrived
/// from outside: unblocked first, because Swift's concurrency threads block signals,
/// and a raise() there would only leave it pending. Falls back to exit status 128 + n.
void storefront_end_by_signal(int signal_number) __attribute__((noreturn));

/// Overwrites `length` bytes at `bytes` with zeros in a way the compiler may not skip.
void storefront_wipe(void *bytes, size_t length);

#endif
