import Foundation
import Fuzzing

// Declaration files of arbitrary bytes into a registry, then every declared type's conformance and tags.
exit(FuzzDriver.main(DeclarationClosure.check))
