#ifndef CAREKIT_CMICROHTTPD_SHIM_H
#define CAREKIT_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are C-variadic, which
   Swift cannot call: these wrappers pass the options the server uses. */

/* The callbacks a daemon reports to, with one context pointer for all of them. */
struct ck_mhd_callbacks {
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback connection;
    void *context;
};

/* The limits a daemon enforces itself (0: none, for the per-client limit and the timeout). */
struct ck_mhd_limits {
    unsigned int connections;
    unsigned int connections_per_client;
    unsigned int idle_timeout_seconds;
    unsigned int threads;
};

/* Leaves %-escapes in the path and the query as they came, so that the server can split the
   path into segments before decoding them (a %2F inside a segment stays inside it) and refuse
   malformed escapes. */
static inline size_t ck_mhd_keep_escapes(void *cls, struct MHD_Connection *connection, char *text) {
    (void) cls;
    (void) connection;
    size_t length = 0;
    while (text[length] != 0) { length++; }
    return length;
}

static inline struct MHD_Daemon *ck_mhd_start(unsigned int flags, const struct sockaddr *address,
                                              struct ck_mhd_callbacks callbacks, struct ck_mhd_limits limits) {
    return MHD_start_daemon(flags, 0, NULL, NULL, callbacks.handler, callbacks.context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, callbacks.completed, callbacks.context,
                            MHD_OPTION_NOTIFY_CONNECTION, callbacks.connection, callbacks.context,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connections,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.connections_per_client,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout_seconds,
                            MHD_OPTION_THREAD_POOL_SIZE, limits.threads,
                            MHD_OPTION_UNESCAPE_CALLBACK, ck_mhd_keep_escapes, NULL,
                            MHD_OPTION_END);
}

/* The same, serving HTTPS (GnuTLS): the key and certificate are PEM text, which must stay
   valid while the daemon runs. */
static inline struct MHD_Daemon *ck_mhd_start_tls(unsigned int flags, const struct sockaddr *address,
                                                  struct ck_mhd_callbacks callbacks, struct ck_mhd_limits limits,
                                                  const char *key_pem, const char *certificate_pem) {
    return MHD_start_daemon(flags | MHD_USE_TLS, 0, NULL, NULL, callbacks.handler, callbacks.context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, callbacks.completed, callbacks.context,
                            MHD_OPTION_NOTIFY_CONNECTION, callbacks.connection, callbacks.context,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connections,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.connections_per_client,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout_seconds,
                            MHD_OPTION_THREAD_POOL_SIZE, limits.threads,
                            MHD_OPTION_UNESCAPE_CALLBACK, ck_mhd_keep_escapes, NULL,
                            MHD_OPTION_HTTPS_MEM_KEY, key_pem,
                            MHD_OPTION_HTTPS_MEM_CERT, certificate_pem,
                            MHD_OPTION_END);
}

/* Whether this libmicrohttpd can serve HTTPS. */
static inline int ck_mhd_supports_tls(void) { return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES; }

static inline unsigned short ck_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* The socket of a connection, or -1. */
static inline int ck_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* The value MHD_ContentReaderCallback returns at the end of a stream. */
static inline ssize_t ck_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
/* The value it returns to cut the connection off before the end (the body failed half-way). */
static inline ssize_t ck_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t ck_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

#endif
