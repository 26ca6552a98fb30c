import Foundation

/// An animation, recorded rather than played: DnDKit draws snapshots, so an animation is a value that the
/// timeline and the renderer can show (`easeInOut(duration: 0.35)`), with SwiftUI's names.
public struct Animation: Hashable, Sendable {
    /// The timing curve or physics of an animation.
    public enum Curve: Hashable, Sendable {
        case easeInOut
        case easeIn
        case easeOut
        case linear
        case spring(response: Double, dampingFraction: Double, blendDuration: Double)
        case interpolatingSpring(stiffness: Double, damping: Double)
    }

    /// The curve.
    public var curve: Curve
    /// The duration in seconds (for springs, the response).
    public var duration: Double
    /// The delay before the animation starts, in seconds.
    public var delay: Double = 0
    /// The speed multiplier.
    public var speed: Double = 1
    /// How often it repeats: nil for once, `Int.max` for ever.
    public var repeatCount: Int?
    /// Whether a repeating animation reverses on each repeat.
    public var autoreverses = false

    /// Creates an animation from a curve and a duration.
    public init(curve: Curve, duration: Double) {
        self.curve = curve
        self.duration = duration
    }

    /// SwiftUI's default animation (a spring).
    public static let `default` = Animation.spring()
    /// Ease in and out over 0.35 seconds.
    public static let easeInOut = Animation(curve: .easeInOut, duration: 0.35)
    /// Ease in over 0.35 seconds.
    public static let easeIn = Animation(curve: .easeIn, duration: 0.35)
    /// Ease out over 0.35 seconds.
    public static let easeOut = Animation(curve: .easeOut, duration: 0.35)
    /// Linear over 0.35 seconds.
    public static let linear = Animation(curve: .linear, duration: 0.35)
    /// A smooth spring with no bounce.
    public static let smooth = Animation.spring(response: 0.5, dampingFraction: 1)
    /// A spring with a small bounce.
    public static let snappy = Animation.spring(response: 0.5, dampingFraction: 0.85)
    /// A spring with a visible bounce.
    public static let bouncy = Animation.spring(response: 0.5, dampingFraction: 0.7)

    /// Ease in and out over the given duration.
    public static func easeInOut(duration: Double) -> Animation {
        Animation(curve: .easeInOut, duration: duration)
    }

    /// Ease in over the given duration.
    public static func easeIn(duration: Double) -> Animation {
        Animation(curve: .easeIn, duration: duration)
    }

    /// Ease out over the given duration.
    public static func easeOut(duration: Double) -> Animation {
        Animation(curve: .easeOut, duration: duration)
    }

    /// Linear over the given duration.
    public static func linear(duration: Double) -> Animation {
        Animation(curve: .linear, duration: duration)
    }

    /// A spring, with SwiftUI's default parameters.
    public static func spring(
        response: Double = 0.55,
        dampingFraction: Double = 0.825,
        blendDuration: Double = 0
    ) -> Animation {
        Animation(
            curve: .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration),
            duration: response
        )
    }

    /// A spring given by its perceived duration and bounce, as SwiftUI's `spring(duration:bounce:blendDuration:)`:
    /// the response is the duration; a bounce of 0 is critically damped, up to 1 less damped
    /// (`dampingFraction = 1 - bounce`), below 0 overdamped (`dampingFraction = 1 / (1 + bounce)`).
    /// - Parameters:
    ///   - duration: The perceived duration, in seconds.
    ///   - bounce: How bouncy the spring is, -1…1.
    ///   - blendDuration: How long a change of the animated value blends into a running animation.
    /// - Returns: The spring.
    /// `.spring()` with no arguments is the `response` form, as in SwiftUI.
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        let dampingFraction = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return spring(response: duration, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A smooth spring with no bounce of its own, as SwiftUI's `smooth(duration:extraBounce:)`.
    /// - Parameters:
    ///   - duration: The perceived duration, in seconds.
    ///   - extraBounce: Bounce added to none.
    /// - Returns: The spring.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }

    /// A spring with a small bounce (0.15), as SwiftUI's `snappy(duration:extraBounce:)`.
    /// - Parameters:
    ///   - duration: The perceived duration, in seconds.
    ///   - extraBounce: Bounce added to 0.15.
    /// - Returns: The spring.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A spring with a visible bounce (0.3), as SwiftUI's `bouncy(duration:extraBounce:)`.
    /// - Parameters:
    ///   - duration: The perceived duration, in seconds.
    ///   - extraBounce: Bounce added to 0.3.
    /// - Returns: The spring.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// A spring tuned for interactive changes.
    public static func interactiveSpring(
        response: Double = 0.15,
        dampingFraction: Double = 0.86,
        blendDuration: Double = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A spring given by its stiffness and damping.
    public static func interpolatingSpring(stiffness: Double, damping: Double) -> Animation {
        Animation(curve: .interpolatingSpring(stiffness: stiffness, damping: damping), duration: 0)
    }

    /// The same animation, started after a delay.
    public func delay(_ delay: Double) -> Animation {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// The same animation at another speed.
    public func speed(_ speed: Double) -> Animation {
        var copy = self
        copy.speed = speed
        return copy
    }

    /// The same animation, repeated.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeatCount = repeatCount
        copy.autoreverses = autoreverses
        return copy
    }

    /// The same animation, repeated for ever.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        repeatCount(Int.max, autoreverses: autoreverses)
    }
}

extension Animation: CustomStringConvertible {
    /// The animation as code would name it: `easeInOut(duration: 0.35)`, `spring(response: 0.55, …)`.
    public var description: String {
        var text: String
        switch curve {
        case .easeInOut: text = "easeInOut(duration: \(Formatting.number(duration)))"
        case .easeIn: text = "easeIn(duration: \(Formatting.number(duration)))"
        case .easeOut: text = "easeOut(duration: \(Formatting.number(duration)))"
        case .linear: text = "linear(duration: \(Formatting.number(duration)))"
        case .spring(let response, let damping, let blend):
            text =
                "spring(response: \(Formatting.number(response)), dampingFraction: \(Formatting.number(damping)), "
                + "blendDuration: \(Formatting.number(blend)))"
        case .interpolatingSpring(let stiffness, let damping):
            text =
                "interpolatingSpring(stiffness: \(Formatting.number(stiffness)), "
                + "damping: \(Formatting.number(damping)))"
        }
        if delay != 0 { text += ".delay(\(Formatting.number(delay)))" }
        if speed != 1 { text += ".speed(\(Formatting.number(speed)))" }
        if let repeatCount {
            text += repeatCount == Int.max ? ".repeatForever" : ".repeatCount(\(repeatCount))"
        }
        return text
    }
}
