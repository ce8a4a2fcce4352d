#ifndef PHOTOZOOM_CLOADER_SHIM_H
#define PHOTOZOOM_CLOADER_SHIM_H
/* What the loader processes need of Linux that Swift cannot reach: the control-message
   macros that pass a descriptor over a socket, memfd_create (declared by glibc only under
   _GNU_SOURCE, which the prebuilt Glibc module does not see), and the seccomp filter; and
   for `photozoom` itself, malloc's limit on arenas. */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/mman.h>

int prctl(int option, ...);
long syscall(long number, ...);

int memfd_create(const char *name, unsigned int flags);
/* glibc 2.34's; declared only under _GNU_SOURCE. */
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* Keeps up to `bytes` of memory the heap is given back, rather than returning it to the system. */
static inline int photozoom_keep_freed_heap(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }

/* The calling thread's id (gettid, which glibc declares only under _GNU_SOURCE). */
static inline int photozoom_thread_id(void) { return (int)syscall(SYS_gettid); }

/* Lowers the calling thread's claim on a core (nice(1)'s scale): Linux keeps a niceness per thread. */
static inline int photozoom_lower_thread_priority(int niceness) { return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness); }

/* Leaves the user's network, IPC and mount namespaces for new empty ones of the loader's own,
   inside a user namespace of its own (no privilege needed where the kernel allows them);
   0, or -1 with errno. */
static inline int photozoom_unshare(void) {
    return syscall(SYS_unshare, 0x10000000 /* CLONE_NEWUSER */ | 0x40000000 /* CLONE_NEWNET */ |
                                    0x08000000 /* CLONE_NEWIPC */ | 0x00020000 /* CLONE_NEWNS */);
}

/* A memory file closed on exec, for bytes and pixels passed between the window's process and a
   loader, whose size and contents the window can seal before a loader is handed it. */
static inline int photozoom_memfd(const char *name) {
    return memfd_create(name, 1u /* MFD_CLOEXEC */ | 2u /* MFD_ALLOW_SEALING */);
}

/* The seals a memory file can be given (fcntl's F_SEAL_…, which the Glibc module does not see). */
enum {
    photozoom_seal_seal = 0x0001,
    photozoom_seal_shrink = 0x0002,
    photozoom_seal_grow = 0x0004,
    photozoom_seal_write = 0x0008
};

/* Adds `seals` to a memory file's: 0, or -1 with errno. No one, its maker included, can lift them. */
static inline int photozoom_add_seals(int fd, int seals) { return fcntl(fd, 1033 /* F_ADD_SEALS */, seals); }

/* A memory file's seals, or -1 with errno. */
static inline int photozoom_seals(int fd) { return fcntl(fd, 1034 /* F_GET_SEALS */); }

/* Gives the pages of `length` bytes of a shared mapping back to the system: a memory file's
   punched out, its size kept, as a sealed size must be. */
static inline int photozoom_release_pages(void *start, size_t length) {
    return madvise(start, length, 9 /* MADV_REMOVE */);
}

/* One message of `length` bytes, with `fd` passed along when it is not -1. */
static inline ssize_t photozoom_send(int socket, const void *bytes, size_t length, int fd) {
    struct iovec io = { .iov_base = (void *)bytes, .iov_len = length };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent;
}

/* One message into `bytes`; `*fd` is the descriptor that came with it, or -1. A message cut
   short (larger than `capacity`) or carrying more than one descriptor is refused (-1, EMSGSIZE),
   its descriptors closed. */
static inline ssize_t photozoom_receive(int socket, void *bytes, size_t capacity, int *fd) {
    struct iovec io = { .iov_base = bytes, .iov_len = capacity };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 4)]; } control;
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    *fd = -1;
    ssize_t got;
    do { got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (got < 0 && errno == EINTR);
    if (got < 0) return got;
    int count = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c != NULL; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < n; i++) {
            int received;
            memcpy(&received, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
            if (count++ == 0) *fd = received; else close(received);
        }
    }
    if ((message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || count > 1) {
        if (*fd >= 0) close(*fd);
        *fd = -1;
        errno = EMSGSIZE;
        return -1;
    }
    return got;
}

/* Restricts the loader, once it is set up, to the system calls decoding needs: reading and
   writing its descriptors (no opening of any path, no new process, no socket, no new memory
   file, no file's size changed), memory, time, threads' waits and signals to its own threads. Any other call fails with EPERM. A kernel without
   seccomp leaves the loader as it is: returns -1 there, 0 once restricted. */
static inline int photozoom_restrict_syscalls(void) {
#if defined(__x86_64__)
#define PHOTOZOOM_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define PHOTOZOOM_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
    return -1;
#endif
#define PHOTOZOOM_ALLOW(name) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_##name, 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PHOTOZOOM_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        PHOTOZOOM_ALLOW(read), PHOTOZOOM_ALLOW(write), PHOTOZOOM_ALLOW(pread64), PHOTOZOOM_ALLOW(pwrite64),
        PHOTOZOOM_ALLOW(readv), PHOTOZOOM_ALLOW(writev), PHOTOZOOM_ALLOW(lseek), PHOTOZOOM_ALLOW(close),
        PHOTOZOOM_ALLOW(fstat), PHOTOZOOM_ALLOW(newfstatat), PHOTOZOOM_ALLOW(fcntl),
        PHOTOZOOM_ALLOW(recvmsg), PHOTOZOOM_ALLOW(sendmsg),
        PHOTOZOOM_ALLOW(mmap), PHOTOZOOM_ALLOW(munmap), PHOTOZOOM_ALLOW(mremap), PHOTOZOOM_ALLOW(mprotect),
        PHOTOZOOM_ALLOW(madvise), PHOTOZOOM_ALLOW(brk),
        PHOTOZOOM_ALLOW(futex), PHOTOZOOM_ALLOW(sched_yield), PHOTOZOOM_ALLOW(clock_gettime), PHOTOZOOM_ALLOW(clock_nanosleep),
        PHOTOZOOM_ALLOW(nanosleep), PHOTOZOOM_ALLOW(gettid), PHOTOZOOM_ALLOW(getpid), PHOTOZOOM_ALLOW(getppid),
        PHOTOZOOM_ALLOW(getrandom), PHOTOZOOM_ALLOW(rt_sigreturn), PHOTOZOOM_ALLOW(rt_sigprocmask),
        PHOTOZOOM_ALLOW(rt_sigaction), PHOTOZOOM_ALLOW(sigaltstack), PHOTOZOOM_ALLOW(restart_syscall),
        PHOTOZOOM_ALLOW(exit), PHOTOZOOM_ALLOW(exit_group),
#ifdef __NR_pause
        PHOTOZOOM_ALLOW(pause),
#endif
#ifdef __NR_ppoll
        PHOTOZOOM_ALLOW(ppoll),
#endif
#ifdef __NR_poll
        PHOTOZOOM_ALLOW(poll),
#endif
        /* tgkill to this process's own threads only (a crash's abort() signals itself), as
           Chromium's renderer policy allows it: another process of the user's is refused. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)getpid(), 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
    };
#undef PHOTOZOOM_ALLOW
    struct sock_fprog program = { .len = (unsigned short)(sizeof filter / sizeof filter[0]), .filter = filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    /* Every thread of the loader, not only the caller: the one that watches for the window's
       end was started before. */
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) == 0 ? 0 : -1;
}
/* glibc's arenas: at most `count`, each reserving its own address space (M_ARENA_MAX, which
   Swift does not import). Zero when glibc refuses. */
static inline int photozoom_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
#endif
