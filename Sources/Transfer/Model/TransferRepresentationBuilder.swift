/// Composes representations written one after another into a single representation that keeps their order.
///
/// Takes any number of representations (through `buildPartialBlock`), plus `if` and `if`–`else`.
@resultBuilder
public enum TransferRepresentationBuilder<Item: Transferable> {
    /// A single representation, unchanged.
    ///
    /// - Parameter representation: the representation.
    /// - Returns: the representation.
    public static func buildExpression<Content: TransferRepresentation>(_ representation: Content) -> Content
    where Content.Item == Item {
        representation
    }

    /// A body that never returns, such as `fatalError()` in a representation that declares `Body` as `Never` because
    /// it is not composed of others (as Apple's built-in representations are).
    ///
    /// - Parameter never: the expression that does not return.
    /// - Returns: nothing; it never returns.
    public static func buildExpression(_ never: Never) -> Never {}

    /// A block that never returns; see ``buildExpression(_:)-(Never)``.
    ///
    /// - Parameter never: the expression that does not return.
    /// - Returns: nothing; it never returns.
    public static func buildPartialBlock(first never: Never) -> Never {}

    /// The first representation of a block.
    ///
    /// - Parameter first: the representation.
    /// - Returns: the representation.
    public static func buildPartialBlock<Content: TransferRepresentation>(first: Content) -> Content
    where Content.Item == Item {
        first
    }

    /// The representations so far followed by the next one.
    ///
    /// - Parameters:
    ///   - accumulated: the representations so far.
    ///   - next: the next representation.
    /// - Returns: both, in order.
    public static func buildPartialBlock<First: TransferRepresentation, Second: TransferRepresentation>(
        accumulated: First, next: Second
    ) -> TupleTransferRepresentation<Item, First, Second> where First.Item == Item, Second.Item == Item {
        TupleTransferRepresentation(first: accumulated, second: next)
    }

    /// The representations of an `if` without `else`: none when the condition was false.
    ///
    /// - Parameter content: the representations, or `nil`.
    /// - Returns: a representation offering them, or nothing.
    public static func buildOptional<Content: TransferRepresentation>(_ content: Content?)
        -> OptionalTransferRepresentation<Item, Content> where Content.Item == Item
    {
        OptionalTransferRepresentation(content: content)
    }

    /// The representations of the `if` branch.
    ///
    /// - Parameter first: the branch's representations.
    /// - Returns: a representation offering them.
    public static func buildEither<First: TransferRepresentation, Second: TransferRepresentation>(first: First)
        -> ConditionalTransferRepresentation<Item, First, Second> where First.Item == Item, Second.Item == Item
    {
        ConditionalTransferRepresentation(choice: .first(first))
    }

    /// The representations of the `else` branch.
    ///
    /// - Parameter second: the branch's representations.
    /// - Returns: a representation offering them.
    public static func buildEither<First: TransferRepresentation, Second: TransferRepresentation>(second: Second)
        -> ConditionalTransferRepresentation<Item, First, Second> where First.Item == Item, Second.Item == Item
    {
        ConditionalTransferRepresentation(choice: .second(second))
    }
}
