#ifndef PHOTOZOOM_CLOADER_SHIM_H
#define PHOTOZOOM_CLOADER_SHIM_H
/* What the loader processes need of Linux that Swift cannot reach: the control-message
   macros that pass a descriptor over a socket, memfd_create (declared by glibc only under
   _GNU_SOURCE, which the prebuilt Glibc module does not see). */
#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

int memfd_create(const char *name, unsigned int flags);
/* glibc 2.34's; declared only under _GNU_SOURCE. */
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* A memory file closed on exec, for pixels shared with the window's process. */
static inline int photozoom_memfd(const char *name) { return memfd_create(name, 1u /* MFD_CLOEXEC */); }

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

#endif
