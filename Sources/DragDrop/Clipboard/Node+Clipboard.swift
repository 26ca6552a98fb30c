import Foundation
import Gestures
import Transfer

// Copy, cut and paste on nodes, with SwiftUI's names. A host (DesktopX11's window) decides when: Ctrl+C, Ctrl+X and
// Ctrl+V with the pointer over a node, through `Scene.copyItems(at:cut:)` and `Scene.paste(_:at:)`.
extension Node {
    /// Makes the node copyable, as SwiftUI's `copyable(_:)`: a copy over it puts the values on the clipboard. The
    /// values are made when the copy happens.
    /// - Parameter payload: The values copied.
    /// - Returns: The node.
    @discardableResult
    public func copyable<T: Transferable>(_ payload: @autoclosure @escaping () -> [T]) -> Node {
        self[attachment: CopySourceKey.self] = CopySource(copy: { payload().map { ItemProvider($0) } }, cut: nil)
        return self
    }

    /// Makes the node cuttable, as SwiftUI's `cuttable(for:action:)`: a cut over it calls `action`, which removes
    /// the values from the node's content and returns them, and puts them on the clipboard.
    /// - Parameters:
    ///   - payloadType: The values' type.
    ///   - action: Removes the values and returns them.
    /// - Returns: The node.
    @discardableResult
    public func cuttable<T: Transferable>(for payloadType: T.Type = T.self, action: @escaping () -> [T]) -> Node {
        var source = self[attachment: CopySourceKey.self] ?? CopySource(copy: nil, cut: nil)
        source.cut = { action().map { ItemProvider($0) } }
        self[attachment: CopySourceKey.self] = source
        return self
    }

    /// Makes the node a paste destination, as SwiftUI's `pasteDestination(for:action:validator:)`: a paste over it
    /// loads the clipboard's items that can be `T`, lets `validator` keep some, and calls `action` with them.
    /// - Parameters:
    ///   - payloadType: The type pasted.
    ///   - action: Takes the pasted values.
    ///   - validator: Keeps the values that may be pasted; all of them by default.
    /// - Returns: The node.
    @discardableResult
    public func pasteDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T]) -> Void,
        validator: @escaping ([T]) -> [T] = { $0 }
    ) -> Node {
        self[attachment: PasteDestinationKey.self] = PasteDestination(
            accepts: { $0.canLoadTransferable(type: T.self) },
            paste: { providers in
                var values: [T] = []
                for provider in providers where provider.canLoadTransferable(type: T.self) {
                    values.append(try await provider.loadTransferable(type: T.self))
                }
                return { () -> Bool in
                    let kept = validator(values)
                    guard !kept.isEmpty else { return false }
                    action(kept)
                    return true
                }
            })
        return self
    }
}

extension Scene {
    /// What a copy (or, with `cut`, a cut) at `location` puts on the clipboard, a DnDKit addition for hosts: the
    /// items of the frontmost node there that is copyable (or cuttable); nil when there is none. A cut runs the
    /// node's action, which removes the values.
    /// - Parameters:
    ///   - location: Where, in the scene's space (the pointer).
    ///   - cut: Whether to cut instead of copying.
    /// - Returns: The items, or nil.
    public func copyItems(at location: CGPoint, cut: Bool = false) -> [ItemProvider]? {
        for node in nodes(at: location) where !node.isDisabledInTree {
            guard let source = node[attachment: CopySourceKey.self] else { continue }
            guard let make = cut ? source.cut : source.copy else { continue }
            let items = make()
            update()
            return items
        }
        return nil
    }

    /// Pastes the clipboard's items at `location`, a DnDKit addition for hosts: into the frontmost paste
    /// destination there that can load one of them, whose action runs on the caller's task once they are loaded.
    /// - Parameters:
    ///   - providers: The clipboard's items.
    ///   - location: Where, in the scene's space (the pointer).
    /// - Returns: Whether a destination took them.
    /// - Throws: What loading the items threw.
    nonisolated(nonsending) public func paste(_ providers: [ItemProvider], at location: CGPoint) async throws -> Bool {
        let destination = nodes(at: location).lazy.filter { !$0.isDisabledInTree }
            .compactMap { $0[attachment: PasteDestinationKey.self] }
            .first { destination in providers.contains { destination.accepts($0) } }
        guard let destination else { return false }
        let perform = try await destination.paste(providers)
        let taken = perform()
        update()
        return taken
    }
}

/// A node's copy and cut.
struct CopySource {
    var copy: (() -> [ItemProvider])?
    var cut: (() -> [ItemProvider])?
}

enum CopySourceKey: AttachmentKey {
    typealias Value = CopySource
}

/// A node's paste destination: which items it can take, and how it loads them (the returned closure runs the
/// action).
struct PasteDestination {
    let accepts: (ItemProvider) -> Bool
    let paste: ([ItemProvider]) async throws -> () -> Bool
}

enum PasteDestinationKey: AttachmentKey {
    typealias Value = PasteDestination
}
