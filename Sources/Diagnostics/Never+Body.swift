// `Never` conforms to two protocols that require a `body`: Gestures' `Gesture` (as in SwiftUI) and Transfer's
// `TransferRepresentation` (as in CoreTransferable). If each module declared its own, `import DnDKit` would see two
// `Never.body` members and `\Never.body` would be ambiguous. Both modules build on this one, so the single member
// lives here and serves both conformances.

extension Never {
    /// `Never` is its own body: there is no value to ask. The body `Gesture` and `TransferRepresentation` require
    /// of `Never`, declared once for both.
    public var body: Never {
        switch self {}
    }
}
