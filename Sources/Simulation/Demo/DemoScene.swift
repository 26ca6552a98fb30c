import ContentTypes
import DragDrop
import Foundation
import Gestures

/// The scene of `dnd-sim demo`, built in (its images are generated from a seed, so it needs no files): a library of
/// photos and a note; an album that accepts images, moves them in, lights up green while targeted and forbids a
/// locked corner; a notes pane nested in the album that accepts only text. Its script makes a touch drag, a mouse
/// drag routed by type through the nested panes, a text drop, a refused drop and a cancelled one.
package enum DemoScene {
    /// The scene.
    package static var file: SceneFile {
        var library = PaneSpec(name: "library", frame: CGRect(x: 20, y: 40, width: 280, height: 220))
        library.contents = PaneContents(
            generated: GeneratedImages(count: 6, seed: 2024), texts: ["Trip to the coast, day 2"])
        library.thumbnailSize = CGSize(width: 56, height: 42)
        library.color = Color(red: 0.90, green: 0.92, blue: 0.96)
        var notes = PaneSpec(name: "notes", frame: CGRect(x: 150, y: 140, width: 120, height: 110))
        notes.accepts = [.plainText]
        notes.color = Color(red: 1, green: 0.97, blue: 0.82)
        notes.thumbnailSize = CGSize(width: 104, height: 24)
        var album = PaneSpec(name: "album", frame: CGRect(x: 340, y: 40, width: 280, height: 260))
        album.accepts = [.image]
        album.operation = .move
        album.forbiddenRegions = [CGRect(x: 0, y: 200, width: 120, height: 60)]
        album.thumbnailSize = CGSize(width: 56, height: 42)
        album.color = Color(red: 0.93, green: 0.96, blue: 0.92)
        album.panes = [notes]
        return SceneFile(name: "demo", size: CGSize(width: 640, height: 320), panes: [library, album], script: script)
    }

    /// One line saying what the demo shows.
    package static let summary =
        "a library of photos and a note, an album that takes images (a notes pane inside it takes only text)"

    /// The script, as a user would write it.
    package static let scriptText = """
        # A touch drag: press photo-1, hold half a second, move it onto the album, release. The album takes it.
        drag photo-1 from library to album
        # A mouse drag released over the notes pane: notes accepts only text, so the drop routes to the album.
        drag photo-2 from library to album at (210, 190) by mouse
        # A text note dropped on the notes pane, nested in the album: a copy.
        drag note-1 from library to notes
        # Released over the album's locked corner, where it proposes .forbidden: refused, photo-3 stays.
        drag photo-3 from library to album at (40, 230)
        # Escape pressed while hovering over the album: cancelled, photo-4 stays.
        drag photo-4 from library to album by mouse then escape
        """

    /// The script.
    package static var script: Script {
        // The text is fixed and known to parse; an empty script stands in should it ever not.
        (try? Script.parse(scriptText, fileName: "demo")) ?? Script(steps: [])
    }
}
