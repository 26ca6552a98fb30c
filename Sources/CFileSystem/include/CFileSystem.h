// What FileAccess, FileWriting and FileMoving need from Linux that Glibc's Swift module leaves out: the extended
// attribute calls of <sys/xattr.h> (flistxattr, fgetxattr, fsetxattr), open's O_NOATIME flag, and renameat2 with
// RENAME_NOREPLACE and RENAME_EXCHANGE, which <fcntl.h> and <stdio.h> declare only for _GNU_SOURCE (defined in
// CFileSystem.c, not here, where it would clash with Glibc's module). Nothing else is here.
#pragma once
#if defined(__linux__)
#include <sys/xattr.h>

/// open's flag that leaves a file's access time alone (for files the caller owns).
int cfilesystem_o_noatime(void);

/// rename that fails with EEXIST rather than replace what is at `to` (renameat2 with RENAME_NOREPLACE); 0 or -1 with
/// errno set. A file system that cannot promise it answers EINVAL.
int cfilesystem_rename_noreplace(const char *from, const char *to);

/// Swaps the names of two existing entries in one step (renameat2 with RENAME_EXCHANGE); 0 or -1 with errno set
/// (ENOENT when either is missing). A file system that cannot do it answers EINVAL.
int cfilesystem_rename_exchange(const char *from, const char *to);
#endif
