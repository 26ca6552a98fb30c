// One import for the library: `import DnDKit` brings in the modules that mirror Apple's frameworks, the way code
// written for Apple's platforms imports UniformTypeIdentifiers, CoreTransferable and SwiftUI's drag and drop
// (ContentTypes, Transfer, Gestures, DragDrop), the PNG codec their image payloads use, and the error shape they
// all share (Diagnostics).
//
// The tool layers above them (Rendering, FileMoving, FileWriting, Simulation, DesktopX11) are not API: they have
// `package` access and serve `dnd-sim` and the tests (DesktopX11 is a product only for the GTK package's X11 pastes,
// through `@_spi(Integrations)`, with no public API). Leaving them out keeps `import DnDKit` free of
// their dependencies (Yams) and of names such as `Canvas` or `Script` that an app may use itself.

@_exported import ContentTypes
@_exported import Diagnostics
@_exported import DragDrop
@_exported import Gestures
@_exported import PNGCodec
@_exported import Transfer
