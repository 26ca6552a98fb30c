import ContentTypes
import DragDrop
import Foundation
import Gestures
import PNGCodec

/// The scene of a move: a source pane holding the files as items, laid out in a grid, and a destination pane that
/// accepts images and copies each one it receives into the folder (or, in a move within one file system, links it there). Each file is dragged across by a simulated touch.
final class MovePanes {
    /// Why a drag transferred nothing: what the destination's copy said, or how the session ended.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    let scene = Scene(size: CGSize(width: 1000, height: 600))
    let source: Node
    let target: Node
    private var items: [Node] = []
    private let receiver: Receiver

    /// What the destination pane's action does with a dropped file, and what it did with each.
    private final class Receiver {
        let folder: String
        let copier: VerifiedCopy
        /// Each item's name and whether it must have a sound PNG structure, by the path of its file.
        var items: [String: (index: Int, name: String, checksPNG: Bool)] = [:]
        /// The copies made, by item.
        var placed: [Int: VerifiedCopy.Placement] = [:]

        /// Whether files are moved, so that one on the destination's file system is linked there rather than copied.
        let links: Bool

        init(folder: String, links: Bool, synchronizes: Bool, simulatedFreeSpace: Int?) {
            self.folder = folder
            self.links = links
            copier = VerifiedCopy(synchronizes: synchronizes, simulatedFreeSpace: simulatedFreeSpace)
        }

        func accept(_ files: [ReceivedImageFile]) throws -> Bool {
            guard let file = files.first, let item = items[file.received.file.path] else { return false }
            placed[item.index] = try copier.copy(file.received.file.path, into: folder, as: item.name, links: links) {
                bytes in
                if item.checksPNG { try Self.checkStructure(ofPNG: bytes) }
            }
            return true
        }

        /// PNGCodec's structure check, run on the bytes in place: nothing is decoded, so no decoder limit applies
        /// (a 1280x70000 screenshot moves).
        private static func checkStructure(ofPNG bytes: UnsafeRawBufferPointer) throws {
            guard !bytes.isEmpty else { throw CopyProblem("an empty file is not a PNG") }
            do {
                try PNGDecoder.checkStructure(bytes)
            } catch {
                throw CopyProblem("not a valid PNG: \(error.message)")
            }
        }
    }

    /// How each item's drag session ended, by item.
    private var endings: [Int: DragSession] = [:]

    init(
        items files: [PaneFile], copies: Bool, destination folder: String, synchronizes: Bool,
        simulatedFreeSpace: Int? = nil
    ) {
        receiver = Receiver(
            folder: folder, links: !copies, synchronizes: synchronizes, simulatedFreeSpace: simulatedFreeSpace)
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
            receiver.items[file.url.path] = (index, file.url.lastPathComponent, file.contentType.conforms(to: .png))
        }
    }

    /// How many items are dragged at once, one touch each.
    static let touchesAtOnce = 50

    /// Drags items onto the destination pane at `time` on the scene's clock, each with its own touch and its own
    /// session (so that each succeeds or fails on its own), and waits for the drops.
    ///
    /// The touches go down together on their items, hold until the items lift, move onto the destination and are
    /// released together; the drops' loads then run side by side and are completed in release order.
    /// - Returns: For each item, where its copy is, or why nothing was transferred.
    func drag(_ indices: Range<Int>, at time: Double) async -> [Result<VerifiedCopy.Placement, Problem>] {
        let end = CGPoint(x: target.frame.midX, y: target.frame.midY)
        do {
            for index in indices {
                let node = items[index]
                let start = node.convertToGlobal(CGPoint(x: node.frame.width / 2, y: node.frame.height / 2))
                try scene.send(.down, start, at: time, pointer: pointer(index))
            }
            try scene.advance(to: time + 0.6)
            for index in indices {
                try scene.send(.move, end, at: time + 0.7, pointer: pointer(index))
            }
            for index in indices {
                try scene.send(.up, end, at: time + 0.8, pointer: pointer(index))
            }
        } catch {
            return indices.map { _ in .failure(Problem(description: "the simulated drag failed: \(error)")) }
        }
        await scene.finishDrops()
        return indices.map(outcome(of:))
    }

    /// The touch that drags an item.
    private func pointer(_ index: Int) -> Int {
        1 + index % Self.touchesAtOnce
    }

    /// How an item's drag ended; a moved item leaves the source pane.
    private func outcome(of index: Int) -> Result<VerifiedCopy.Placement, Problem> {
        guard let session = endings[index] else {
            return .failure(Problem(description: "the drag session did not end"))
        }
        switch session.phase {
        case .ended(.move), .ended(.copy):
            guard let placed = receiver.placed[index] else {
                return .failure(Problem(description: "the destination accepted the file but made no copy"))
            }
            if case .ended(.move) = session.phase { items[index].removeFromParent() }
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
