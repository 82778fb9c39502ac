#ifndef MASONRY_SOCKET_SUPPORT_H
#define MASONRY_SOCKET_SUPPORT_H

/// A Unix socket listening at `path`, mode 0600 from the moment it has that name (bound in
/// a private folder beside it, then linked), close-on-exec. It never replaces what is at
/// `path`: a path that exists fails with EEXIST, and a failure leaves nothing behind. The
/// descriptor, or -1 with errno set (ENAMETOOLONG for a path longer than a socket address
/// holds).
int masonry_listen_unix(const char *path);

/// A TCP socket listening on 127.0.0.1:`port` alone (loopback: never another machine),
/// close-on-exec. The descriptor, or -1 with errno set.
int masonry_listen_loopback(int port);

/// A connection to the Unix socket at `path`, or to 127.0.0.1:`port`, close-on-exec; -1
/// with errno set.
int masonry_connect_unix(const char *path);
int masonry_connect_loopback(int port);

/// accept(2) with the new descriptor close-on-exec; -1 with errno set.
int masonry_accept(int listener);

/// send(2) without SIGPIPE and without waiting: the bytes sent, or -1 with errno set.
long masonry_send(int descriptor, const void *bytes, unsigned long count);

#endif
