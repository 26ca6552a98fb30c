// PNGCodec: Bitmap and the PNG decoder and encoder over the system libpng.

import CPNG
