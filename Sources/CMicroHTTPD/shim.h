#ifndef FEEDSHOT_CMICROHTTPD_SHIM_H
#define FEEDSHOT_CMICROHTTPD_SHIM_H

#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic, which Swift cannot call: this takes the options as an array and
/// binds to `host` (an IPv4 or IPv6 literal). Returns NULL when the host is not a literal or the
/// daemon cannot start.
static inline struct MHD_Daemon *feedshot_mhd_start(unsigned int flags, uint16_t port, const char *host,
                                                    MHD_AccessHandlerCallback handler, void *handler_cls,
                                                    struct MHD_OptionItem *options) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    const struct sockaddr *address = NULL;
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// Serves every allocation of `bytes` or more from its own mapping, returned to the system when
/// freed: glibc's threshold otherwise rises to the largest block freed (up to 32 MiB), and larger
/// blocks then come from the heap, whose memory stays with the process. 1 on success.
static inline int feedshot_fix_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

/// The port the daemon listens on (useful after binding port 0); 0 when unknown.
static inline uint16_t feedshot_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// Open connections right now.
static inline unsigned int feedshot_mhd_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

static inline int feedshot_hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// libmicrohttpd's URL unescaping, except that a `%XX` naming a control character (below 0x20, or
/// 0x7F) becomes 0x7F instead of the character: `%00` can no longer cut the path short, and the
/// router refuses any path or query holding 0x7F. Installed with MHD_OPTION_UNESCAPE_CALLBACK.
static inline size_t feedshot_mhd_unescape(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    char *read = text, *write = text;
    while (*read) {
        int high, low;
        if (read[0] == '%' && (high = feedshot_hex_value(read[1])) >= 0 && (low = feedshot_hex_value(read[2])) >= 0) {
            unsigned char byte = (unsigned char)(high * 16 + low);
            *write++ = (char)((byte < 0x20 || byte == 0x7F) ? 0x7F : byte);
            read += 3;
        } else {
            *write++ = *read++;
        }
    }
    *write = 0;
    return (size_t)(write - text);
}

/// The unescape callback as an option value (a function pointer cannot be formed in Swift).
static inline intptr_t feedshot_mhd_unescape_option(void) { return (intptr_t)&feedshot_mhd_unescape; }

/// The socket of a connection (to shut a slow client down from the read-deadline reaper); -1 when unknown.
static inline int feedshot_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The client's address as text (IPv4 dotted or IPv6), written to `out`; empty when unknown.
static inline void feedshot_mhd_client_address(struct MHD_Connection *connection, char *out, size_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, out, (socklen_t)size);
    }
}

/// Shuts a socket down both ways, so libmicrohttpd sees the end of the stream at its next read and
/// closes the connection itself (the descriptor stays the library's to close).
static inline void feedshot_shutdown_socket(int fd) { shutdown(fd, SHUT_RDWR); }

/// Sends `size` bytes on a connection's socket without waiting, then ends the stream this way
/// (the client reads them and the end); libmicrohttpd sees the client leave and closes the
/// connection itself. Returns the bytes sent, or -1.
static inline ssize_t feedshot_send_and_end(int fd, const void *bytes, size_t size) {
    ssize_t sent = send(fd, bytes, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    shutdown(fd, SHUT_WR);
    return sent;
}

/// glibc's pipe2, declared here: its header declares it only under _GNU_SOURCE, which would change
/// the system structs this module shares with Dispatch's.
extern int pipe2(int fds[2], int flags);

/// A pipe whose two descriptors close on exec (no other child inherits them); 0 on success.
static inline int feedshot_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

/// Asks the kernel to kill this process when its parent (the server) dies; 0 on success.
static inline int feedshot_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); }

#endif
