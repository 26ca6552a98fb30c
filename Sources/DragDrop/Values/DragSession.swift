import ContentTypes
import Foundation
import Gestures

/// A drag in progress or just ended, as SwiftUI's `DragSession`: what a source's `onDragSessionUpdated(_:)` hears,
/// and what `Scene.dragSessions` lists for renderers and simulators.
///
/// The source hears `.initial` when the node lifts, `.active` on every move, then `.ended` with the operation:
/// `.copy` or `.move` once the target's action returned true, `.cancel` otherwise, with ``error`` saying why.
/// A successful drop is followed by `.dataTransferCompleted`. A source that allows moving removes the items of
/// ``transferredItemIndices`` (or ``draggedItemIDs(for:)``) when it hears `.ended(.move)`, and only then: the
/// target already holds them, so nothing is lost and nothing is left twice.
///
/// Beside Apple's members, DnDKit adds what a renderer needs: the pointer, the nodes involved (by identifier, see
/// `Scene.node(_:)`), the current proposal and the items' content types.
public struct DragSession: Identifiable, Sendable {
    /// Identifies a drag session in its scene (`drag#1`, numbered in order of lifting).
    public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The number.
        public let rawValue: Int

        /// Creates an identifier from its number.
        /// - Parameter rawValue: The number.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static func < (lhs: ID, rhs: ID) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// `drag#1`.
        public var description: String { "drag#\(rawValue)" }
    }

    /// The stage of a drag session, as SwiftUI's `DragSession.Phase`.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The node has just lifted; the items are exported.
        case initial
        /// The drag is moving (or has been released over a target that is loading the items).
        case active
        /// The drag has ended with an operation: `.copy` or `.move` when the target took the items, `.cancel`
        /// otherwise.
        case ended(DropOperation)
        /// The target has the items; follows `.ended(.copy)` and `.ended(.move)`.
        case dataTransferCompleted

        /// `initial`, `active`, `ended(move)`, `dataTransferCompleted`.
        public var description: String {
            switch self {
            case .initial: "initial"
            case .active: "active"
            case .ended(let operation): "ended(\(operation))"
            case .dataTransferCompleted: "dataTransferCompleted"
            }
        }
    }

    /// The session's identifier.
    public let id: ID
    /// The current phase.
    public internal(set) var phase: Phase
    /// Where the pointer is (or was released), in the source node's own space.
    public internal(set) var location: CGPoint
    /// The index, among the dragged items, of the item whose node was lifted.
    public let draggedItemIndex: Int
    let itemIDs: [any Hashable & Sendable]

    // MARK: DnDKit additions

    /// The pointer driving the session.
    public let pointerID: Int
    /// Where the pointer is (or was released), in the scene's space.
    public internal(set) var sceneLocation: CGPoint
    /// The node that was lifted.
    public let sourceNodeID: NodeID
    /// The node drawn at the pointer while dragging (in the scene, on top of everything, not hit-testable); nil
    /// once released.
    public internal(set) var previewNodeID: NodeID?
    /// The targeted node: the node hovered while dragging, the node dropped on after release; nil over no target.
    public internal(set) var targetNodeID: NodeID?
    /// The target's current proposal (after the source's allowed operations are applied: a move the source does
    /// not allow is a copy); nil over no target.
    public internal(set) var proposal: DropProposal?
    /// The content types each dragged item offers, in the sender's order of preference.
    public let itemContentTypes: [[UTType]]
    /// Whether the session was released over a target whose items are loading: `Scene.finishDrops()` completes
    /// it.
    public internal(set) var isDropping: Bool
    /// Why the session ended with `.cancel`; nil while it runs and after a successful drop.
    public internal(set) var error: DragDropError?
    /// The items the target took, by index, once the session ended with `.copy` or `.move`: the items the target
    /// could import (a target that imports only some of several items leaves the others with the source).
    public internal(set) var transferredItemIndices: [Int]
    /// How many of the dropped items have loaded, while dropping; nil otherwise. Cancel the loads with
    /// `Scene.cancelDragSession(_:)` or Escape.
    public internal(set) var loadProgress: DropProgress?
    /// Whether the drag comes from another program (through a desktop host, `Scene.beginExternalDrag`); its
    /// ``sourceNodeID`` is then the scene's root.
    public internal(set) var isExternal = false

    /// The identifiers of the dragged items, for items dragged from a `dragContainer` (empty otherwise). Once the
    /// session has ended with `.copy` or `.move`, only the identifiers of the transferred items.
    /// - Parameter type: The identifiers' type.
    /// - Returns: The identifiers of that type.
    public func draggedItemIDs<ItemID: Hashable>(for type: ItemID.Type) -> [ItemID] {
        var ids = itemIDs
        if case .ended(let operation) = phase, operation.transfersData {
            ids = transferredItemIndices.compactMap { $0 < itemIDs.count ? itemIDs[$0] : nil }
        } else if phase == .dataTransferCompleted {
            ids = transferredItemIndices.compactMap { $0 < itemIDs.count ? itemIDs[$0] : nil }
        }
        return ids.compactMap { $0 as? ItemID }
    }

    /// The number of dragged items.
    public var itemsCount: Int { itemContentTypes.count }
}

/// How far the loads of a drop have got: a DnDKit addition, counted in items.
public struct DropProgress: Hashable, Sendable {
    /// The items whose load has finished (loaded or failed).
    public let completedItemCount: Int
    /// The items being loaded.
    public let totalItemCount: Int

    /// Creates a progress value.
    /// - Parameters:
    ///   - completedItemCount: The items whose load has finished.
    ///   - totalItemCount: The items being loaded.
    public init(completedItemCount: Int, totalItemCount: Int) {
        self.completedItemCount = completedItemCount
        self.totalItemCount = totalItemCount
    }

    /// The part done, 0 to 1 (1 for no items).
    public var fractionCompleted: Double {
        totalItemCount == 0 ? 1 : Double(completedItemCount) / Double(totalItemCount)
    }
}
