import ContentTypes

/// How a receiver type would get an item, decided from content types alone, before anything is loaded.
///
/// Returned by `ItemProvider.importPlan(for:)`: either a hand-over of the sender's own Swift value, or the offered
/// content type that will be loaded and the receiver's content type it conforms to.
public struct ImportPlan: Sendable, Hashable, CustomStringConvertible {
    /// The offered content type that will be loaded; `nil` for a hand-over.
    public let offeredType: UTType?
    /// The receiver's content type that ``offeredType`` conforms to; `nil` for a hand-over.
    public let importedType: UTType?

    /// Whether the sender's value is handed over as it is, without any representation.
    public var isHandOver: Bool { offeredType == nil }

    /// A hand-over.
    static let handOver = ImportPlan(offeredType: nil, importedType: nil)

    /// `hand-over`, or `public.png as public.png`.
    public var description: String {
        guard let offeredType, let importedType else {
            return "hand-over"
        }
        return "\(offeredType.identifier) as \(importedType.identifier)"
    }
}

/// A `Transferable` type that can take in-process values of types other than its own: ``OneOf`` takes the values of
/// its members.
protocol HandOverReceiving: Transferable {
    static func receiveHandOver(of value: any Transferable) -> Self?
}

extension Transferable {
    /// `value` as this type, when it is a value of this type (or, for ``OneOf``, of a member type).
    static func handedOver(_ value: any Transferable) -> Self? {
        if let value = value as? Self {
            return value
        }
        if let receiving = Self.self as? any HandOverReceiving.Type {
            return receiving.receiveHandOver(of: value) as? Self
        }
        return nil
    }
}
