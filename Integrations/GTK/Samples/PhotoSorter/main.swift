// PhotoSorter: DnDKit's demo photo sorter as a real GTK 4 window. A library and an album of photos (thumbnails with
// names) and a notes list: photos move between the panes by dragging, go to other programs as PNG (and as files),
// come from other programs (PNG, files); text dropped on the notes becomes a note. A pane lights while a drag it
// can take hovers over it.
//
//   photo-sorter [FOLDER]      the library holds FOLDER's PNG files (without one, four generated pictures)
//
// Every change prints the panes as a JSON line on standard output: {"event":"panes","library":[..],"album":[..],
// "notes":[..]}.
import CGtk
import DnDKit
import DnDKitGTK
import Foundation

gtk_init()
GTKMainQueue.install()
Styles.install()

let photos: [Photo]
do {
    photos = try Photo.library(from: CommandLine.arguments.dropFirst().first)
} catch {
    FileHandle.standardError.write(Data("photo-sorter: \(error)\n".utf8))
    exit(1)
}

guard let window = gtk_window_new() else { exit(1) }
let asWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
gtk_window_set_title(asWindow, "photo-sorter")
gtk_window_set_default_size(asWindow, 900, 420)
let sorter = Sorter(library: photos)
gtk_window_set_child(asWindow, sorter.root)
gtk_window_present(asWindow)
sorter.report()
while true { g_main_context_iteration(nil, 1) }
