#ifndef CAREKIT_CMICROHTTPD_SHIM_H
#define CAREKIT_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are C-variadic, which Swift cannot call:
   these wrappers pass the options the server uses. */
static inline struct MHD_Daemon *ck_mhd_start(unsigned int flags,
                                              const struct sockaddr *address,
                                              MHD_AccessHandlerCallback handler, void *handler_context,
                                              MHD_RequestCompletedCallback completed, void *completed_context,
                                              unsigned int connection_limit,
                                              unsigned int timeout_seconds) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_END);
}

static inline unsigned short ck_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* The value MHD_ContentReaderCallback returns at the end of a stream. */
static inline ssize_t ck_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline uint64_t ck_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

#endif
