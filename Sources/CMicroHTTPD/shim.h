#ifndef FEEDSHOT_CMICROHTTPD_SHIM_H
#define FEEDSHOT_CMICROHTTPD_SHIM_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
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

#endif
