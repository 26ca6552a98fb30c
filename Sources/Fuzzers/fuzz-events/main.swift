import Foundation
import Fuzzing

// Pointer, touch, key and clock events decoded from arbitrary bytes, driving a fixed drag-and-drop scene.
exit(FuzzDriver.main(EventStream.check))
