// One process's first use of ContentTypes (ContentTypesBenchmarks, issue 17): the catalog's, then a registry with
// the desktop database built and asked a tag only the database declares. Prints the two times in nanoseconds, or
// exits 1 when the database does not answer. The benchmark starts this process afresh for every sample, so that the
// times include what a program pays once: code and memory touched for the first time, metadata made.

import ContentTypes
import Dispatch
import Glibc

let start = DispatchTime.now().uptimeNanoseconds
let png = UTType(filenameExtension: "png")
let catalogDone = DispatchTime.now().uptimeNanoseconds
let registry = try TypeRegistry().addingDesktopDatabase()
let torrent = registry.type(tag: "torrent", tagClass: .filenameExtension, conformingTo: nil)
let databaseDone = DispatchTime.now().uptimeNanoseconds
guard png == .png, torrent?.isDeclared == true else {
    print("the catalog or the desktop database did not answer")
    exit(1)
}
print(catalogDone - start, databaseDone - catalogDone)
