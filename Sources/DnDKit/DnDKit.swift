// One import for the whole toolkit: `import DnDKit` brings in every library module, the way code written for
// Apple's platforms imports UniformTypeIdentifiers, CoreTransferable and SwiftUI.

@_exported import ContentTypes
@_exported import DragDrop
@_exported import Gestures
@_exported import PNGCodec
@_exported import Simulation
@_exported import Transfer
