// One import for the library: `import DnDKit` brings in the modules that mirror Apple's frameworks, the way code
// written for Apple's platforms imports UniformTypeIdentifiers, CoreTransferable and SwiftUI's drag and drop
// (ContentTypes, Transfer, Gestures, DragDrop), the PNG codec their image payloads use, and the error shape they
// all share (Diagnostics).
//
// The tool layers above them are imported by name: Rendering (pictures of a scene), FileMoving (verified moves of
// real files), Simulation (scene and script files, the runner). They are programs' building blocks rather than
// Apple's API; leaving them out keeps `import DnDKit` free of their dependencies (Yams) and of names such as
// `Canvas` or `Script` that an app may use itself.

@_exported import ContentTypes
@_exported import Diagnostics
@_exported import DragDrop
@_exported import Gestures
@_exported import PNGCodec
@_exported import Transfer
