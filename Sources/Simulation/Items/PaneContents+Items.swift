import ContentTypes
import FileWriting
import Foundation
import PNGCodec

/// An item made from a pane's contents, with its decoded image.
struct LoadedItem {
    var item: PaneItem
    var bitmap: Bitmap?
}

extension PaneContents {
    /// The items the contents describe: the folder's files in name order, then the generated images, then the
    /// text notes.
    /// - Parameter pane: The pane's name, for messages and image names.
    /// - Returns: The items.
    /// - Throws: `SimulationError` for a file that cannot be read or is neither a PNG image nor text.
    func makeItems(pane: String) throws -> [LoadedItem] {
        var items: [LoadedItem] = []
        if let folder { items += try folderItems(folder, pane: pane) }
        if let generated {
            for index in 0..<generated.count {
                let bitmap = try Self.imageCheck(pane: pane) {
                    try ImageGenerator.bitmap(
                        index: index, seed: generated.seed, width: generated.width, height: generated.height)
                }
                let data = try Self.imageCheck(pane: pane) { try bitmap.pngData(options: .fast) }
                let name = "\(generated.prefix)-\(index + 1)"
                items.append(
                    LoadedItem(
                        item: PaneItem(name: name, data: data, offeredTypes: imageTypes, imageName: "\(pane)/\(name)"),
                        bitmap: try Self.imageCheck(pane: pane) { try Bitmap(pngData: data) }))
            }
        }
        for (index, text) in texts.enumerated() {
            items.append(
                LoadedItem(
                    item: PaneItem(
                        name: "note-\(index + 1)", data: Data(text.utf8), offeredTypes: [.utf8PlainText],
                        imageName: nil),
                    bitmap: nil))
        }
        return items
    }

    private static func imageCheck<T>(pane: String, _ make: () throws -> T) throws -> T {
        do {
            return try make()
        } catch {
            throw SimulationError(.badImage, "cannot make the images of pane \"\(pane)\": \(error)")
        }
    }

    private func folderItems(_ folder: URL, pane: String) throws -> [LoadedItem] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw SimulationError(
                .unreadableFile, "cannot list the folder of pane \"\(pane)\": \(error)", file: folder.path)
        }
        return try names.map { name in
            let url = folder.appendingPathComponent(name)
            let data: Data
            do throws(FileSystemError) {
                data = try OutputFile.readContents(atPath: url.path)
            } catch {
                throw SimulationError(.unreadableFile, "cannot read the file: \(error.code)", file: url.path)
            }
            // The content decides (a name only refines it): a PNG named `item` or a text dropped as `notes` reads
            // back as what it is. Without libmagic, the name says what it can.
            let named = UTType(filenameExtension: url.pathExtension) ?? .data
            let type = (try? ContentSniffer.shared.identify(data, filename: name).type) ?? named
            if type.conforms(to: .png) {
                do {
                    let bitmap = try Bitmap(pngData: data)
                    return LoadedItem(
                        item: PaneItem(name: name, data: data, offeredTypes: imageTypes, imageName: "\(pane)/\(name)"),
                        bitmap: bitmap)
                } catch {
                    throw SimulationError(
                        .badImage, "not a PNG image pane \"\(pane)\" can hold: \(error)", file: url.path)
                }
            }
            if type.conforms(to: .plainText), String(data: data, encoding: .utf8) != nil {
                return LoadedItem(
                    item: PaneItem(name: name, data: data, offeredTypes: [.utf8PlainText], imageName: nil), bitmap: nil)
            }
            throw SimulationError(
                .invalidValue,
                "pane \"\(pane)\" holds PNG images and UTF-8 text files; this is \(type.identifier)", file: url.path)
        }
    }
}
