import Foundation
import Fuzzing

// Content sniffing of arbitrary bytes, alone and with filenames.
exit(FuzzDriver.main(SniffingConsistency.check))
