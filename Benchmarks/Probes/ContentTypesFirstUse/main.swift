// One process's first use of ContentTypes (ContentTypesBenchmarks, issue 17): the catalog's, then a registry with
// the desktop database built and asked a tag only the database declares. Prints the two times in nanoseconds, or
// exits 1 when the database does not answer. The benchmark starts this process afresh for every sample, so that the
// times include what a program pays once: code and memory touched for the first time, metadata made.
//
// With no argument the database is the desktop's own (`addingDesktopDatabase()`, through its `mime.cache` when that
// is current); with a directory, that directory's (the benchmark gives a copy of the text files alone, to time the
// text path beside it). The directory's `URL` is made before the clock starts, in both cases, so that neither times
// Foundation's first use.

import ContentTypes
import Dispatch
import Foundation
import Glibc

let directory = CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0, isDirectory: true) }
let warmed = (directory ?? TypeRegistry.desktopDatabaseDirectory).path
let start = DispatchTime.now().uptimeNanoseconds
let png = UTType(filenameExtension: "png")
let catalogDone = DispatchTime.now().uptimeNanoseconds
let registry =
    try directory.map { try TypeRegistry().addingDesktopDatabase(at: $0) }
    ?? TypeRegistry().addingDesktopDatabase()
let torrent = registry.type(tag: "torrent", tagClass: .filenameExtension, conformingTo: nil)
let databaseDone = DispatchTime.now().uptimeNanoseconds
guard png == .png, torrent?.isDeclared == true, !warmed.isEmpty else {
    print("the catalog or the desktop database did not answer")
    exit(1)
}
print(catalogDone - start, databaseDone - catalogDone)
