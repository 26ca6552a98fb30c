#ifndef CPNG_H
#define CPNG_H

/// The version of the libpng the program runs against, for example "1.6.39".
const char *cpng_libpng_version(void);

#endif
