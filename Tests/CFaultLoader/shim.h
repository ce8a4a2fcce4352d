#ifndef PHOTOZOOM_CFAULTLOADER_SHIM_H
#define PHOTOZOOM_CFAULTLOADER_SHIM_H
/* The calls the tests' loader tries inside the sandbox, which Swift cannot make itself (the
   raw system calls behind glibc's variadic syscall). Test-only: no shipped program has them. */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <fcntl.h>
#include <unistd.h>

static inline long fault_tgkill(int process, int thread, int signal) {
    return syscall(SYS_tgkill, process, thread, signal);
}

static inline int fault_seals(int fd) { return fcntl(fd, 1034 /* F_GET_SEALS */); }

static inline long fault_memfd_create(const char *name) { return syscall(SYS_memfd_create, name, 0); }
#endif
