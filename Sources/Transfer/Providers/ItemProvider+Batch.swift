import ContentTypes
import Foundation

// The operations of a drag session on all of its items at once.

extension [ItemProvider] {
    /// One item provider per value, in order: what a drag source exports when it is lifted. Nothing is produced
    /// until a receiver loads.
    ///
    /// - Parameter values: the dragged values.
    public init<T: Transferable>(exporting values: some Sequence<T>) {
        self = values.map { ItemProvider($0) }
    }

    /// One item provider per value, in order, for values of different types.
    ///
    /// - Parameter values: the dragged values.
    public init(exporting values: some Sequence<any Transferable>) {
        self = values.map { ItemProvider($0) }
    }

    /// Whether a receiver of type `type` can import at least one of the items, from content types alone (nothing is
    /// loaded). For a receiver of several types, ask about ``OneOf``.
    ///
    /// - Parameter type: the receiver's type.
    /// - Returns: `true` when some item has an import plan for `type`.
    public func canLoadTransferable<T: Transferable>(type: T.Type) -> Bool {
        contains { $0.canLoadTransferable(type: type) }
    }

    /// The positions of the items that a receiver of type `type` can import, from content types alone.
    ///
    /// - Parameter type: the receiver's type.
    /// - Returns: the indices, in order.
    public func indicesOfItems<T: Transferable>(loadableAs type: T.Type) -> [Int] {
        indices.filter { self[$0].canLoadTransferable(type: type) }
    }

    /// Loads every item as a value of `type`, all at once, and returns the values in the items' order.
    ///
    /// All or nothing: when one load fails, the others are cancelled and the error says which item failed, what it
    /// offered and what `type` wanted. Filter the items with ``indicesOfItems(loadableAs:)`` first to load only
    /// those that can be imported.
    ///
    /// - Parameters:
    ///   - type: the receiver's type.
    ///   - progress: a `Progress` to report into, or `nil`: its `totalUnitCount` becomes the number of items, each
    ///     item's load is a child worth one unit, and cancelling it cancels every load.
    /// - Returns: the values.
    /// - Throws: `TransferError` of the first item that failed, its message prefixed with the item's position.
    public func loadTransferables<T: Transferable>(type: T.Type, progress: Progress? = nil) async throws -> [T] {
        progress?.totalUnitCount = Int64(count)
        let children = map { _ in progress.map { Progress(totalUnitCount: 1, parent: $0, pendingUnitCount: 1) } }
        return try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for (index, provider) in enumerated() {
                group.addTask {
                    do {
                        return (index, try await provider.loadTransferable(type: type, progress: children[index]))
                    } catch var error as TransferError {
                        error.message = "item \(index + 1) of \(count): \(error.message)"
                        throw error
                    }
                }
            }
            var values = [T?](repeating: nil, count: count)
            do {
                for try await (index, value) in group {
                    values[index] = value
                }
            } catch {
                group.cancelAll()
                throw error
            }
            return values.compactMap { $0 }
        }
    }
}
