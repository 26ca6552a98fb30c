/// A declarative description of how to export and import values of ``Item``: one of the built-in representations
/// (``CodableRepresentation``, ``DataRepresentation``, ``FileRepresentation``, ``ProxyRepresentation``), a
/// modified one, or your own composition of them in ``body``.
///
/// The same protocol as Apple's `CoreTransferable.TransferRepresentation`. A built-in representation is its own
/// body.
public protocol TransferRepresentation<Item>: Sendable {
    /// The type whose values this representation transfers.
    associatedtype Item: Transferable
    /// The representation this one is composed of.
    associatedtype Body: TransferRepresentation

    /// The representations, in order of preference.
    @TransferRepresentationBuilder<Item> var body: Body { get }
}
