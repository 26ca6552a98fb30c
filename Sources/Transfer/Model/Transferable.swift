/// A type whose values can be dragged, dropped, copied and pasted: it lists the forms it can be sent and received
/// in, in order of preference.
///
/// The same protocol as Apple's `CoreTransferable.Transferable`. A conforming type composes representations in
/// ``transferRepresentation``:
///
/// ```swift
/// struct Greeting: Codable, Transferable {
///     let message: String
///
///     static var transferRepresentation: some TransferRepresentation {
///         CodableRepresentation(contentType: .greeting)
///         ProxyRepresentation(exporting: \.message)
///     }
/// }
///
/// extension UTType {
///     static let greeting = UTType(exportedAs: "com.example.greeting")
/// }
/// ```
///
/// Order is the rule. Exporting offers one content type per representation, in declaration order. Importing walks
/// the receiver's representations in declaration order and takes the first whose content type one of the offered
/// types conforms to (conformance is the `UTType` registry's). `ProxyRepresentation` borrows another type's
/// representations, in that type's order, guarding against loops.
///
/// The builder takes any number of representations, and `if`/`else`.
///
/// DnDKit reads a type's ``transferRepresentation`` once per process, the first time a value of the type is exported
/// or imported, and keeps the flat list of content types and closures it describes: it describes the type, so it
/// should not depend on state that changes while the program runs (an `if` in it is decided once).
@preconcurrency
public protocol Transferable: Sendable {
    /// The composed representation; Swift infers it from ``transferRepresentation``.
    associatedtype Representation: TransferRepresentation

    /// The forms values of this type are exported and imported in, most preferred first.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}
