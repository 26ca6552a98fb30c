/// The context of a state change: the animation that should carry it. `updating` bodies and `@GestureState`
/// resets receive one; `withAnimation` and `withTransaction` set one for the changes they make.
public struct Transaction: Hashable, Sendable {
    /// The animation for the changes, or nil for none.
    public var animation: Animation?
    /// Whether animations attached to views by `animation(_:value:)` are turned off.
    public var disablesAnimations = false
    /// Whether the change is part of a continuous interaction, such as a drag.
    public var isContinuous = false

    /// Creates a transaction with no animation.
    public init() {}

    /// Creates a transaction with an animation.
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// The transaction in effect: set by `withTransaction`/`withAnimation` and, while node bodies run after a
    /// gesture step, by the step's `updating` bodies. A task-local, so it is per task and never shared.
    @TaskLocal static var current = Transaction()

    /// Merges the animation of another transaction into this one (a later setting wins).
    mutating func merge(_ other: Transaction) {
        if let animation = other.animation { self.animation = animation }
        if other.disablesAnimations { disablesAnimations = true }
        if other.isContinuous { isContinuous = true }
    }
}

/// Runs `body` with an animation for the node changes it makes; they are recorded with that animation.
/// - Parameters:
///   - animation: The animation; `.default` when omitted.
///   - body: The changes.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows
    -> Result
{
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` inside a transaction; node changes it makes are recorded with the transaction's animation.
/// - Parameters:
///   - transaction: The transaction.
///   - body: The changes.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction) { try body() }
}
