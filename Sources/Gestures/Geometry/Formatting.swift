import Foundation

/// Number and geometry formatting shared by descriptions and the timeline: short, stable across platforms.
enum Formatting {
    /// A number with at most three decimals and no trailing zeros: `1`, `0.5`, `12.346`, `-3`.
    static func number(_ value: Double) -> String {
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

    static func point(_ point: CGPoint) -> String {
        "(\(number(point.x)), \(number(point.y)))"
    }

    static func size(_ size: CGSize) -> String {
        "(\(number(size.width)), \(number(size.height)))"
    }

    static func rect(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    }

    /// A time on the virtual clock, always with three decimals: `0.500`.
    static func time(_ time: Double) -> String {
        String(format: "%.3f", time)
    }
}
