#ifndef NOTESTORE_CCRYPTO_SHIM_H
#define NOTESTORE_CCRYPTO_SHIM_H
/* OpenSSL's message digests, for the SHA-1 that ends an index file. libcrypto is loaded
   already (libgit2 links it through libssh2), and it uses the CPU's SHA instructions. */
#include <openssl/evp.h>
#endif
