import Foundation
import Fuzzing

// Scene files (YAML and JSON) and scripts read from arbitrary text; modest scenes are built and played.
exit(FuzzDriver.main(SceneFiles.check))
