// ContentTypes: UTType, the type registry, Info declarations and content sniffing with libmagic.

import CMagic
