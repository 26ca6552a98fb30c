import Foundation

/// The one formatter for numbers, geometry and times in descriptions, timelines and tool output: short, and the
/// same on every platform. Every layer that shows a number to a person goes through it, so that a value reads the
/// same in a scene's timeline, a drag event and `dnd-sim`'s output.
public enum Formatting {
    /// A number with at most three decimals and no trailing zeros: `1`, `0.5`, `12.346`, `-3`.
    /// - Parameter value: The number.
    /// - Returns: Its text.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A point: `(12, 3.5)`.
    /// - Parameter point: The point.
    /// - Returns: Its text.
    public static func point(_ point: CGPoint) -> String {
        "(\(number(point.x)), \(number(point.y)))"
    }

    static func size(_ size: CGSize) -> String {
        "(\(number(size.width)), \(number(size.height)))"
    }

    static func rect(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    }

    /// A time on the virtual clock, in seconds, always with three decimals: `0.500`.
    /// - Parameter time: The time.
    /// - Returns: Its text.
    public static func time(_ time: Double) -> String {
        String(format: "%.3f", time)
    }
}
