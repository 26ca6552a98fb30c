// Transfer: Transferable values, their four representations, item providers and negotiation.

import ContentTypes
import PNGCodec
