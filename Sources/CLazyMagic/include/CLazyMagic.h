// libmagic, opened with `dlopen` by the first `magic_open` rather than linked (CLazyLoader.h says why and how):
// identifying a PNG, or any file the built-in signatures answer, never opens it. ContentTypes calls libmagic through
// CMagic's header as before; nothing here is called from Swift. `magic_open` fails as libmagic documents (NULL, with
// errno ELIBACC) when the library cannot be loaded, which ContentTypes reports as `libmagicUnavailable`.
#pragma once
