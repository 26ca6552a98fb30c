#if defined(__linux__)
#define _GNU_SOURCE
#include <fcntl.h>

#include "CFileSystem.h"

int cfilesystem_o_noatime(void) { return O_NOATIME; }
#endif
