import Foundation

/// The operations a drag source allows, as SwiftUI's `DragConfiguration` (set with `dragConfiguration(_:)`).
///
/// By default only copying is allowed: a target that proposes `.move` to a source that does not allow it gets a
/// copy. A scene is one application: ``operationsWithinApp`` applies to its own targets, ``operationsOutsideApp`` to
/// other programs, which a desktop host (DesktopX11's window) offers a drag to when it leaves the window.
public struct DragConfiguration: Hashable, Sendable {
    /// The operations allowed for drops inside the application, as SwiftUI's
    /// `DragConfiguration.OperationsWithinApp`. Copying is always allowed.
    public struct OperationsWithinApp: Hashable, Sendable {
        /// Whether targets may move the items (the source then removes them).
        public var allowMove: Bool

        /// Creates the set of operations.
        /// - Parameter allowMove: Whether targets may move the items.
        public init(allowMove: Bool = false) {
            self.allowMove = allowMove
        }
    }

    /// The operations allowed for drops on other programs, as SwiftUI's `DragConfiguration.OperationsOutsideApp`.
    public struct OperationsOutsideApp: Hashable, Sendable {
        /// Whether other programs may copy the items.
        public var allowCopy: Bool
        /// Whether other programs may move the items (the source then removes them, once the program says it has
        /// them).
        public var allowMove: Bool
        /// Whether other programs may delete the items. X11's drag and drop has no such action: kept for code
        /// written for Apple's systems, it changes nothing here.
        public var allowDelete: Bool

        /// Creates the set of operations.
        /// - Parameters:
        ///   - allowCopy: Whether other programs may copy the items.
        ///   - allowMove: Whether other programs may move the items.
        ///   - allowDelete: Whether other programs may delete the items.
        public init(allowCopy: Bool = true, allowMove: Bool = false, allowDelete: Bool = false) {
            self.allowCopy = allowCopy
            self.allowMove = allowMove
            self.allowDelete = allowDelete
        }
    }

    /// The operations allowed for drops inside the application.
    public var operationsWithinApp: OperationsWithinApp
    /// The operations allowed for drops on other programs.
    public var operationsOutsideApp: OperationsOutsideApp

    /// Creates a configuration.
    /// - Parameters:
    ///   - operationsWithinApp: The operations allowed inside the application; copy only by default.
    ///   - operationsOutsideApp: The operations allowed for other programs; copy only by default.
    public init(
        operationsWithinApp: OperationsWithinApp = .init(), operationsOutsideApp: OperationsOutsideApp = .init()
    ) {
        self.operationsWithinApp = operationsWithinApp
        self.operationsOutsideApp = operationsOutsideApp
    }

    /// Creates a configuration that allows moving or not, besides copying.
    /// - Parameter allowMove: Whether targets may move the items.
    public init(allowMove: Bool) {
        self.init(operationsWithinApp: OperationsWithinApp(allowMove: allowMove))
    }

    /// The operations a target may perform: copy, and move when allowed.
    var suggestedOperations: DropOperation.Set {
        operationsWithinApp.allowMove ? [.copy, .move] : [.copy]
    }

    /// The operations another program may perform.
    var operationsForOtherPrograms: DropOperation.Set {
        var operations: DropOperation.Set = []
        if operationsOutsideApp.allowCopy { operations.insert(.copy) }
        if operationsOutsideApp.allowMove { operations.insert(.move) }
        return operations
    }
}

/// What a drop target chooses to do with a drag, as SwiftUI's `DropConfiguration` (returned from
/// `dropConfiguration(_:)`'s closure).
public struct DropConfiguration: Hashable, Sendable {
    /// The operation the target chooses: `.copy`, `.move`, `.forbidden` (keep the drag, refuse the drop) or
    /// `.cancel`.
    public var operation: DropOperation

    /// Creates a configuration.
    /// - Parameter operation: The operation the target chooses.
    public init(operation: DropOperation) {
        self.operation = operation
    }
}

/// A drag hovering over a drop target, as the target's `dropConfiguration(_:)` closure sees it (SwiftUI's
/// `DropSession`): where, how many items, and which operations the source allows. Types only; no data.
public struct DropSession: Sendable {
    /// The pointer's location in the target's own space.
    public let location: CGPoint
    /// The number of items the drag carries.
    public let itemsCount: Int
    /// The operations the source allows.
    public let suggestedOperations: DropOperation.Set

    /// Creates a description of a drag (DragDrop makes these; tests may too).
    /// - Parameters:
    ///   - location: The pointer's location in the target's space.
    ///   - itemsCount: The number of items.
    ///   - suggestedOperations: The operations the source allows.
    public init(location: CGPoint, itemsCount: Int, suggestedOperations: DropOperation.Set) {
        self.location = location
        self.itemsCount = itemsCount
        self.suggestedOperations = suggestedOperations
    }
}
