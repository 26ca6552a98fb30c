// What FileMoving needs from Linux that Glibc's Swift module leaves out: the extended attribute calls of
// <sys/xattr.h> (flistxattr, fgetxattr, fsetxattr), and open's O_NOATIME flag, which <fcntl.h> defines only for
// _GNU_SOURCE (defined in CFileSystem.c, not here, where it would clash with Glibc's module). Nothing else is here.
#pragma once
#if defined(__linux__)
#include <sys/xattr.h>

/// open's flag that leaves a file's access time alone (for files the caller owns).
int cfilesystem_o_noatime(void);
#endif
