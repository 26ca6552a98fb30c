import Foundation
import Fuzzing

// A database's mime.cache of arbitrary bytes, read by MIMECache and by a registry beside its text files.
exit(FuzzDriver.main(MIMECacheReading.check))
