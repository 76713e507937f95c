// The system's OpenSSL (libssl-dev), for BatonTransport's `wss://` on Linux. The functions
// below stand for OpenSSL's macros, which Swift cannot call.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>

static inline long baton_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

static inline long baton_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_min_proto_version(context, version);
}

static inline long baton_SSL_CTX_set_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_mode(context, mode);
}

static const int baton_TLS1_2_VERSION = TLS1_2_VERSION;
static const long baton_SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER = SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER;

// OpenSSL 3 reports a peer that drops the connection without close_notify as an error; the
// WebSocket client tells that case apart itself (no close frame), as it does over plain TCP.
static inline void baton_SSL_CTX_ignore_unexpected_eof(SSL_CTX *context) {
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
    SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
}
