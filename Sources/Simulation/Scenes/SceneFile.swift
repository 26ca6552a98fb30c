import ContentTypes
import DragDrop
import Foundation
import Gestures

/// A scene as a scene file describes it: a screen of panes, what each holds and accepts, and an optional script.
///
/// Read one with ``SceneFile/load(contentsOf:)`` (YAML with comments, or JSON, by the file's extension) or
/// ``SceneFile/parse(_:format:fileName:baseDirectory:)``, then make it live with ``Simulation``. The format is
/// described in `Samples/Scenes/README.md`.
package struct SceneFile: Sendable {
    /// The scene's title.
    package var name: String
    /// The screen size in points.
    package var size: CGSize
    /// Type declaration files (Info.plist shape) added to the current type registry before the types are resolved.
    package var typeDeclarationFiles: [URL]
    /// The top-level panes, back to front.
    package var panes: [PaneSpec]
    /// The script written in the scene file, if any.
    package var script: Script?
    /// The file the scene came from, as it was named, for messages.
    package var fileName: String?

    /// Creates a scene description.
    /// - Parameters:
    ///   - name: The title.
    ///   - size: The screen size.
    ///   - typeDeclarationFiles: Declaration files to load first.
    ///   - panes: The top-level panes.
    ///   - script: The scene's own script.
    ///   - fileName: The file, for messages.
    package init(
        name: String, size: CGSize, typeDeclarationFiles: [URL] = [], panes: [PaneSpec], script: Script? = nil,
        fileName: String? = nil
    ) {
        self.name = name
        self.size = size
        self.typeDeclarationFiles = typeDeclarationFiles
        self.panes = panes
        self.script = script
        self.fileName = fileName
    }

    /// Every pane, parents before children, in file order.
    package var allPanes: [PaneSpec] {
        panes.flatMap { [$0] + $0.allDescendants }
    }
}

/// One pane of a scene file: a rectangle that holds items, and may accept drops.
package struct PaneSpec: Sendable {
    /// The pane's name, unique in the scene; scripts and timelines use it.
    package var name: String
    /// The frame in the parent's space (the screen's for a top-level pane).
    package var frame: CGRect
    /// The stacking order among siblings: higher is in front; equal values keep the file's order.
    package var zIndex: Int
    /// The background colour.
    package var color: Color
    /// What the pane holds at the start.
    package var contents: PaneContents
    /// The type identifiers the pane accepts as a drop target (resolved through the current type registry); empty
    /// for a pane that is not a drop target.
    package var accepts: [UTType]
    /// Types the pane declines: a drop of an item of such a type is refused by the pane's action.
    package var declines: [UTType]
    /// The operation the pane proposes as a drop target: `.copy` or `.move`.
    package var operation: DropOperation
    /// Whether the pane's items may be moved out of it (otherwise only copied).
    package var allowsMove: Bool
    /// Regions, in the pane's space, over which the pane proposes `.forbidden`.
    package var forbiddenRegions: [CGRect]
    /// The overlay drawn while a drag targets the pane (D4's green at opacity 0.2 by default), or nil for none.
    package var highlight: Color?
    /// Whether hovering still over the pane for a second spring-loads it.
    package var springLoading: Bool
    /// Whether the pane is a list: its items, in reading order, reorder by dragging (SwiftUI's `onMove`), and items
    /// dropped on it land between them, where the pointer is, instead of at the end.
    package var isList: Bool = false
    /// The gestures the pane's items respond to.
    package var gestures: [PaneGesture]
    /// The size of each item's thumbnail in the pane.
    package var thumbnailSize: CGSize
    /// Nested panes, drawn over this pane's items.
    package var panes: [PaneSpec]

    /// Creates a pane.
    /// - Parameters:
    ///   - name: The name.
    ///   - frame: The frame in the parent's space.
    ///   - zIndex: The stacking order among siblings.
    ///   - color: The background colour.
    ///   - contents: What it holds.
    ///   - accepts: The types it accepts; empty for none.
    ///   - declines: The types it declines.
    ///   - operation: The operation it proposes.
    ///   - allowsMove: Whether its items may be moved out.
    ///   - forbiddenRegions: Regions where drops are forbidden.
    ///   - highlight: The overlay while targeted.
    ///   - springLoading: Whether it spring-loads.
    ///   - gestures: The gestures of its items.
    ///   - thumbnailSize: The size of its items.
    ///   - panes: Nested panes.
    package init(
        name: String, frame: CGRect, zIndex: Int = 0, color: Color = PaneSpec.defaultColor,
        contents: PaneContents = PaneContents(), accepts: [UTType] = [], declines: [UTType] = [],
        operation: DropOperation = .copy, allowsMove: Bool = true, forbiddenRegions: [CGRect] = [],
        highlight: Color? = PaneSpec.defaultHighlight, springLoading: Bool = false, gestures: [PaneGesture] = [],
        thumbnailSize: CGSize = PaneSpec.defaultThumbnailSize, panes: [PaneSpec] = []
    ) {
        self.name = name
        self.frame = frame
        self.zIndex = zIndex
        self.color = color
        self.contents = contents
        self.accepts = accepts
        self.declines = declines
        self.operation = operation
        self.allowsMove = allowsMove
        self.forbiddenRegions = forbiddenRegions
        self.highlight = highlight
        self.springLoading = springLoading
        self.gestures = gestures
        self.thumbnailSize = thumbnailSize
        self.panes = panes
    }

    /// A light grey.
    package static let defaultColor = Color(red: 0.93, green: 0.93, blue: 0.95)
    /// Example D4's overlay: green at opacity 0.2.
    package static let defaultHighlight = Color.green.opacity(0.2)
    /// 48 by 36 points.
    package static let defaultThumbnailSize = CGSize(width: 48, height: 36)

    /// The nested panes and theirs, parents before children.
    package var allDescendants: [PaneSpec] {
        panes.flatMap { [$0] + $0.allDescendants }
    }
}

/// What a pane holds at the start: images from a folder, images generated from a seed, text notes.
package struct PaneContents: Sendable {
    /// A folder of PNG images and text files, read in name order.
    package var folder: URL?
    /// Images made from a seed.
    package var generated: GeneratedImages?
    /// Text notes, named `note-1`, `note-2`, ….
    package var texts: [String]
    /// The types the pane's images are offered as, in order of preference: `public.png` by default; see
    /// ``PaneItem/offerableTypes``.
    package var imageTypes: [UTType]

    /// Creates contents.
    /// - Parameters:
    ///   - folder: A folder of images and text files.
    ///   - generated: Images made from a seed.
    ///   - texts: Text notes.
    ///   - imageTypes: The types images are offered as.
    package init(
        folder: URL? = nil, generated: GeneratedImages? = nil, texts: [String] = [], imageTypes: [UTType] = [.png]
    ) {
        self.folder = folder
        self.generated = generated
        self.texts = texts
        self.imageTypes = imageTypes
    }
}

/// Images made deterministically from a seed: each a different colour and shape, a few kilobytes of PNG.
package struct GeneratedImages: Sendable, Hashable {
    /// How many.
    package var count: Int
    /// The seed: the same seed gives the same images, byte for byte.
    package var seed: UInt64
    /// The size in pixels.
    package var width: Int
    /// The size in pixels.
    package var height: Int
    /// The names are this prefix and a number from 1: `photo-1`, `photo-2`, ….
    package var prefix: String

    /// Creates a description of generated images.
    /// - Parameters:
    ///   - count: How many.
    ///   - seed: The seed.
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - prefix: The name prefix.
    package init(count: Int, seed: UInt64, width: Int = 96, height: Int = 72, prefix: String = "photo") {
        self.count = count
        self.seed = seed
        self.width = width
        self.height = height
        self.prefix = prefix
    }
}

/// A gesture a pane's items respond to, besides being dragged.
package enum PaneGesture: String, Sendable, CaseIterable {
    /// Two fingers zoom the item (`MagnifyGesture`), between 0.5 and 4 times.
    case pinch
    /// Two fingers rotate the item (`RotateGesture`).
    case rotate
    /// A tap selects or deselects the item (`TapGesture`).
    case tap
}
