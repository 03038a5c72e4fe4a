#ifndef NOTESTORE_CLIBGIT2_SHIM_H
#define NOTESTORE_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/merge.h>
#include <git2/sys/transport.h>
#include <git2/sys/commit_graph.h>
#include <git2/sys/commit.h>
#include <git2/sys/repository.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>
#include <git2/sys/stream.h>

/* Swift cannot call C variadic functions: git_libgit2_opts is wrapped here. */
static inline int notes_git_enable_fsync_gitdir(int on) {
  return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, on);
}
static inline int notes_git_set_mwindow_file_limit(size_t limit) {
  return git_libgit2_opts(GIT_OPT_SET_MWINDOW_FILE_LIMIT, limit);
}
static inline int notes_git_set_ssl_cert_locations(const char *file, const char *path) {
  return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}
static inline int notes_git_set_owner_validation(int on) {
  return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, on);
}
static inline int notes_git_set_cache_object_limit(git_object_t type, size_t bytes) {
  return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, bytes);
}

/* A TCP stream registered as libgit2's standard stream (Sources/Git/Remote/DeadlineStream.swift).
   The first four fields have the layout of libgit2 1.5.1's internal `git_socket_stream`
   (src/libgit2/streams/socket.h): its SSH transport reads the socket descriptor `s` from
   whatever standard stream is registered, so it must sit at the same offset. */
typedef struct notes_deadline_stream {
  git_stream parent;
  char *host;
  char *port;
  int s;
  void *context; /* a retained Swift object: the transfer session's clock */
} notes_deadline_stream;

/* The subtransport over a child process's pipes (Sources/Git/Pipes: OpenSSH, git-upload-pack).
   libgit2's struct comes first, so a pointer to the libgit2 part is also a pointer to the whole; `box` is the retained Swift object behind it. */
typedef struct notes_pipe_subtransport {
  git_smart_subtransport parent;
  void *box;
} notes_pipe_subtransport;

typedef struct notes_pipe_stream {
  git_smart_subtransport_stream parent;
  void *box;
} notes_pipe_stream;
/* The object database backend that reads loose objects before libgit2's own
   (Sources/Git/Objects/LooseObjectBackend.swift). libgit2's struct comes first, so a
   pointer to the libgit2 part is also a pointer to the whole; `box` is the retained
   Swift reader behind it. */
typedef struct notes_loose_backend {
  git_odb_backend parent;
  void *box;
} notes_loose_backend;
/* glibc declares these only under _GNU_SOURCE, which the Swift importer does not define. */
#include <spawn.h>
extern int pipe2(int fds[2], int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
