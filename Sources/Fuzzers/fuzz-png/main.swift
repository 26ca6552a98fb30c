import Foundation
import Fuzzing

// PNG decoding of arbitrary bytes, with default and small limits, and the round trip of what decodes.
exit(FuzzDriver.main(PNGRoundTrip.check))
