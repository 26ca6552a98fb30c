// The system zlib, found through pkg-config ("zlib", Debian package zlib1g-dev): ContentTypes inflates the beginning
// of a gzip stream to see what a compressed file holds. (libmagic can look inside too, but only by forking.)
#include <zlib.h>
