import ContentTypes
import DragDrop
import Foundation
import Gestures
import PNGCodec

/// The scene of a move: a source pane holding the files as items, laid out in a grid, and a destination pane that
/// accepts images and copies each one it receives into the folder. Each file is dragged across by a simulated mouse.
final class MovePanes {
    /// Why a drag transferred nothing: what the destination's copy said, or how the session ended.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    let scene = Scene(size: CGSize(width: 1000, height: 600))
    let source: Node
    let target: Node
    private var items: [Node] = []
    /// The type of each item's content.
    private let contentTypes: [UTType]
    private let receiver: Receiver

    /// What the destination pane's action does with a dropped file, and what it did last.
    private final class Receiver {
        let folder: String
        let copier: VerifiedCopy
        var name = ""
        var checksPNG = false
        var placed: (path: String, byteCount: Int)?

        init(folder: String, synchronizes: Bool) {
            self.folder = folder
            copier = VerifiedCopy(synchronizes: synchronizes)
        }

        func accept(_ files: [ReceivedImageFile]) throws -> Bool {
            guard let file = files.first else { return false }
            let checksPNG = checksPNG
            placed = try copier.copy(file.received.file.path, into: folder, as: name) { bytes in
                if checksPNG { try Self.checkStructure(ofPNG: bytes) }
            }
            return true
        }

        /// PNGCodec's structure check, run on the bytes in place (nothing is decoded).
        private static func checkStructure(ofPNG bytes: UnsafeRawBufferPointer) throws {
            guard let base = bytes.baseAddress else { throw CopyProblem("an empty file is not a PNG") }
            let data = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
            do {
                _ = try PNGDecoder().info(data)
            } catch {
                throw CopyProblem("not a valid PNG: \(error.message)")
            }
        }
    }

    /// How each item's drag session ended, by item.
    private var endings: [Int: DragSession] = [:]

    init(items files: [PaneFile], copies: Bool, destination folder: String, synchronizes: Bool) {
        receiver = Receiver(folder: folder, synchronizes: synchronizes)
        contentTypes = files.map(\.contentType)
        source = scene.root.addChild("source", frame: CGRect(x: 20, y: 40, width: 460, height: 540))
        target = scene.root.addChild("destination", frame: CGRect(x: 520, y: 40, width: 460, height: 540))
        let receiver = receiver
        target.contentShape(Rectangle())
            .dropDestination(for: ReceivedImageFile.self) { files, _ in try receiver.accept(files) }
            .dropConfiguration { _ in DropConfiguration(operation: copies ? .copy : .move) }
        let columns = max(1, Int(Double(files.count).squareRoot().rounded(.up)))
        let rows = max(1, (files.count + columns - 1) / columns)
        let cellWidth = source.frame.width / CGFloat(columns)
        let cellHeight = source.frame.height / CGFloat(rows)
        for (index, file) in files.enumerated() {
            let frame = CGRect(
                x: CGFloat(index % columns) * cellWidth, y: CGFloat(index / columns) * cellHeight,
                width: cellWidth, height: cellHeight
            ).insetBy(dx: cellWidth * 0.1, dy: cellHeight * 0.1)
            let node = source.addChild(
                file.url.lastPathComponent, frame: frame, content: .image(file.url.lastPathComponent, tint: nil))
            node.draggable(file).dragConfiguration(DragConfiguration(allowMove: !copies))
                .onDragSessionUpdated { [unowned self] session in
                    if case .ended = session.phase { endings[index] = session }
                }
            items.append(node)
        }
    }

    /// Drags item `index` onto the destination pane at `time` on the scene's clock and waits for the drop.
    /// - Returns: Where the copy is, or why nothing was transferred.
    func drag(_ index: Int, at time: Double) async -> Result<(path: String, byteCount: Int), Problem> {
        let node = items[index]
        receiver.name = node.name
        receiver.checksPNG = contentTypes[index].conforms(to: .png)
        receiver.placed = nil
        let start = node.convertToGlobal(CGPoint(x: node.frame.width / 2, y: node.frame.height / 2))
        let end = CGPoint(x: target.frame.midX, y: target.frame.midY)
        do {
            try scene.send(.down, start, at: time, kind: .mouse(.primary))
            try scene.move(to: end, arrivingAt: time + 0.2, steps: 2, pointer: 1)
            try scene.send(.up, end, at: time + 0.3, kind: .mouse(.primary))
        } catch {
            return .failure(Problem(description: "the simulated drag failed: \(error)"))
        }
        await scene.finishDrops()
        guard let session = endings[index] else {
            return .failure(Problem(description: "the drag session did not end"))
        }
        switch session.phase {
        case .ended(.move), .ended(.copy):
            guard let placed = receiver.placed else {
                return .failure(Problem(description: "the destination accepted the file but made no copy"))
            }
            if case .ended(.move) = session.phase { node.removeFromParent() }
            return .success(placed)
        default:
            return .failure(Problem(description: Self.describe(session.error)))
        }
    }

    /// The reason a session that ended with `.cancel` gives: the copy's problem when the action failed.
    private static func describe(_ error: DragDropError?) -> String {
        guard let error else { return "the drop was cancelled" }
        if let problem = error.underlyingError as? CopyProblem { return problem.description }
        return error.message
    }
}
