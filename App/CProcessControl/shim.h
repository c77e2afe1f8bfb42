// prctl is variadic in C, which Swift cannot call; this wraps the one use the App has.
#ifndef STOREFRONT_CPROCESSCONTROL_SHIM_H
#define STOREFRONT_CPROCESSCONTROL_SHIM_H

#include <sys/prctl.h>
#include <sys/resource.h>

/// No core file, by any route: RLIMIT_CORE 0 stops the kernel writing one, and
/// PR_SET_DUMPABLE 0 also stops a core_pattern pipe (systemd-coredump, apport) and
/// ptrace-style readers of the process's memory. Returns 0 when both took effect.
static inline int storefront_forbid_core_dumps(void) {
    struct rlimit none = { 0, 0 };
    int limited = setrlimit(RLIMIT_CORE, &none);
    int undumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return (limited == 0 && undumpable == 0) ? 0 : -1;
}

#endif
