import Diagnostics

/// `Never` is `Transferable` and a `TransferRepresentation`, as in CoreTransferable, so that generic code can name it
/// where a type or a representation is needed but none can exist: a representation that is not built from others
/// can declare `Body` as `Never`, and a generic parameter constrained to `Transferable` can be `Never`.
///
/// `Never` has no values, so it has no representations: its exported and imported content types are empty, and
/// importing a `Never` fails with `TransferError.Code.noMatchingRepresentation`. DnDKit never reads
/// `Never.transferRepresentation`; reading it yourself stops the program, as it does on Apple's platforms.
extension Never: Transferable {
    /// Never produced: there is no representation of a type without values.
    public static var transferRepresentation: Never {
        fatalError("Never has no transfer representation")
    }
}

extension Never: TransferRepresentation {
    /// `Never` represents values of `Never`.
    public typealias Item = Never
    // `body` is declared once, in Diagnostics, for this conformance and Gestures' `Gesture`: one `Never.body`.
}
