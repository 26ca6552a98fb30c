import CGtk
import DnDKit
import DnDKitGTK
import Foundation

/// The three panes and what they hold.
@MainActor
final class Sorter {
    let root: GTKWidget
    private var library: [Photo]
    private var album: [Photo] = []
    private var notes: [String] = []
    private let libraryBox: GTKWidget
    private let albumBox: GTKWidget
    private let notesBox: GTKWidget

    init(library: [Photo]) {
        self.library = library
        root = Widgets.box(horizontal: true)
        gtk_box_set_homogeneous(asBox(root), 1)
        libraryBox = Widgets.pane("Library", in: root)
        albumBox = Widgets.pane("Album", in: root)
        notesBox = Widgets.pane("Notes", in: root)
        for (box, name) in [(libraryBox, "library"), (albumBox, "album")] {
            box.dropDestination(for: Photo.self) { [unowned self] photos, _ in
                add(photos, to: name)
                return true
            } isTargeted: {
                Widgets.light(box, $0)
            }
        }
        notesBox.dropDestination(for: String.self) { [unowned self] texts, _ in
            notes += texts
            refresh()
            return true
        } isTargeted: { [notesBox] in
            Widgets.light(notesBox, $0)
        }
        refresh()
    }

    private func add(_ photos: [Photo], to pane: String) {
        if pane == "library" { library += photos } else { album += photos }
        refresh()
    }

    /// Removes a photo that was moved away (to another pane or another program).
    private func remove(_ photo: Photo, from pane: String) {
        if pane == "library" {
            library.removeAll { $0 == photo }
        } else {
            album.removeAll { $0 == photo }
        }
        refresh()
    }

    private func refresh() {
        fill(libraryBox, with: library, pane: "library")
        fill(albumBox, with: album, pane: "album")
        Widgets.removeChildren(of: notesBox, keepingFirst: true)
        for note in notes { gtk_box_append(asBox(notesBox), gtk_label_new(note)) }
        report()
    }

    private func fill(_ box: GTKWidget, with photos: [Photo], pane: String) {
        Widgets.removeChildren(of: box, keepingFirst: true)
        for photo in photos {
            let tile = Widgets.tile(photo)
            tile.draggable(
                { [photo] }, allowedOperations: [.copy, .move],
                onEnded: { [unowned self] operation in
                    if operation == .move { remove(photo, from: pane) }
                })
            gtk_box_append(asBox(box), tile)
        }
    }

    /// Prints the panes as a JSON line.
    func report() {
        let object: [String: Any] = [
            "event": "panes", "library": library.map(\.name), "album": album.map(\.name), "notes": notes,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
