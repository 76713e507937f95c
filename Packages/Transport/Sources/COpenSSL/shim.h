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

static const int baton_TLS1_2_VERSION = TLS1_2_VERSION;

