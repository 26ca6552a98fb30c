import ContentTypes
import DragDrop
import Foundation
import Gestures
import PNGCodec
import Transfer
import TransferSamples

/// D6: three `PictureRepresentation` thumbnails (Codable, of the custom type `org.alanhou.pictures` declared in
/// `Info/Info.plist`) dragged one by one onto a large view, which shows each and removes it from the row.
public final class D06PictureGallery: DragDropSample {
    public static let id = "D6"
    public static let title = "PictureRepresentation thumbnails dropped on a large view, each removed once dropped"

    /// The package's declaration file, next to the samples in a checkout.
    public static let defaultInfoPlist = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Info/Info.plist")

    public let scene = Scene(size: sampleScreen)
    /// The row of thumbnails (an HStack of 80×100 pictures, 10 points apart).
    public let row: Node
    /// The large view.
    public let view: Node
    /// The application's data: the thumbnails and the picture the large view shows.
    public private(set) var gallery: PictureGallery
    /// The thumbnail nodes, in order.
    public private(set) var thumbnails: [Node] = []
    private let names: [UUID: String]

    public convenience init() throws {
        try self.init(infoPlist: Self.defaultInfoPlist)
    }

    /// Builds the sample, declaring `org.alanhou.pictures` from a declaration file first.
    /// - Parameter infoPlist: The declaration file (`Info/Info.plist`).
    /// - Throws: `TypeRegistryError` when the file cannot be read; `ImageError` if the pictures cannot be made.
    public init(infoPlist: URL) throws {
        try Self.declarePictures(from: infoPlist)
        scene.isRecording = true
        gallery = try PictureGallery()
        names = Dictionary(
            uniqueKeysWithValues: gallery.listPictures.enumerated().map { ($0.element.id, "spot\($0.offset + 1)") })
        row = scene.root.addChild("row", frame: CGRect(x: 20, y: 40, width: 350, height: 120))
        view = scene.root.addChild("large view", frame: CGRect(x: 0, y: 200, width: 390, height: 400))
        row.bind { [unowned self] row in layOutThumbnails(in: row) }
        view.bind { [unowned self] view in
            view.content(.image(currentName, tint: nil))
                .dropDestination(for: PictureRepresentation.self) { [unowned self] elements, _ in
                    shownID = elements.first?.id ?? shownID
                    return gallery.receive(elements)
                }
        }
    }

    /// Adds the file's declarations to the process-wide registry, unless `org.alanhou.pictures` is declared
    /// already.
    private static func declarePictures(from file: URL) throws {
        // Read outside the update: making `UTType.product` reads the current registry.
        let identifier = UTType.product.identifier
        try TypeRegistry.updateCurrent { registry in
            if let type = registry.type(withIdentifier: identifier), registry.declaration(of: type) != nil {
                return registry
            }
            return try registry.addingDeclarations(contentsOf: file)
        }
    }

    /// One draggable node per picture of the list, laid out left to right; nodes of pictures that left the list
    /// are removed.
    private func layOutThumbnails(in row: Node) {
        let ids = gallery.listPictures.map(\.id)
        for node in thumbnails where !ids.contains(where: { node.name == thumbnailName($0) }) {
            node.removeFromParent()
        }
        thumbnails = gallery.listPictures.enumerated().map { index, picture in
            let node =
                thumbnails.first { $0.name == thumbnailName(picture.id) }
                ?? row.addChild(
                    thumbnailName(picture.id), frame: .zero, content: .image(names[picture.id] ?? "", tint: nil))
            node.frame(CGRect(x: CGFloat(index) * 90, y: 10, width: 80, height: 100)).draggable(picture)
            return node
        }
    }

    private func thumbnailName(_ id: UUID) -> String {
        names[id] ?? id.uuidString
    }

    /// The name of the picture the large view shows.
    private var currentName: String {
        shownID.flatMap { names[$0] } ?? "nopicture"
    }

    /// The last picture dropped on the large view.
    private var shownID: UUID?

    public func play() async throws -> [String] {
        let log = Transcript(scene)
        log.note(
            "\(UTType.product.identifier) is declared: \(UTType.product.isDeclared), \"\(UTType.product.localizedDescription ?? "")\""
        )
        log.note("row: \(thumbnails.map(\.name)); large view: \(view.content)")
        for drag in 0..<3 {
            guard let first = thumbnails.first else { break }
            try scene.touchDrag(
                from: first.convertToGlobal(CGPoint(x: 40, y: 50)), to: view.frame.center, at: Double(drag) * 2)
            await scene.finishDrops()
            log.note("drop \(drag + 1): row \(thumbnails.map(\.name)); large view: \(view.content)")
        }
        return log.lines
    }
}
