#ifndef PHOTOZOOM_CFAULTLOADER_SHIM_H
#define PHOTOZOOM_CFAULTLOADER_SHIM_H
/* The calls the tests' loader tries inside the sandbox, which Swift cannot make itself (the
   raw system calls behind glibc's variadic syscall). Test-only: no shipped program has them. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <unistd.h>

static inline long fault_tgkill(int process, int thread, int signal) {
    return syscall(SYS_tgkill, process, thread, signal);
}

static inline int fault_seals(int fd) { return fcntl(fd, 1034 /* F_GET_SEALS */); }

static inline long fault_memfd_create(const char *name) { return syscall(SYS_memfd_create, name, 0); }

/* Busy for ever, as a decoder caught in a loop: only its budget of CPU time stops it. */
static inline void fault_spin(void) {
    volatile unsigned long turns = 0;
    for (;;) turns++;
}

/* A flag every loader started with the same `path` shares, mapped before the sandbox forbids
   opening it; NULL if it cannot be. */
static inline int *fault_shared_flag(const char *path) {
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return NULL;
    void *flag = ftruncate(fd, sizeof(int)) == 0
        ? mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    close(fd);
    return flag == MAP_FAILED ? NULL : flag;
}

/* Whether this is the first call, in any loader, to raise `flag`. */
static inline int fault_first(int *flag) { return __atomic_exchange_n(flag, 1, __ATOMIC_SEQ_CST) == 0; }
#endif
