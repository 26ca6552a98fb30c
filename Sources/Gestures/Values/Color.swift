/// A colour, kept as numbers and an optional name so that any renderer can draw it.
public struct Color: Hashable, Sendable {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0…1.
    public var alpha: Double
    /// The name of a standard colour (`red`, `green`, …), or nil for a custom one.
    public var name: String?

    /// Creates a colour from its components.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        alpha = opacity
    }

    /// Creates a colour from hue, saturation and brightness, as SwiftUI's `Color(hue:saturation:brightness:opacity:)`.
    /// - Parameters:
    ///   - hue: The hue, 0…1 around the colour wheel from red (values outside wrap around).
    ///   - saturation: The saturation, 0 (grey) … 1.
    ///   - brightness: The brightness, 0 (black) … 1.
    ///   - opacity: The opacity, 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let wrapped = hue - hue.rounded(.down)
        let sector = wrapped * 6
        let chroma = brightness * saturation
        let rising = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) {
        case 0: (r, g, b) = (chroma, rising, 0)
        case 1: (r, g, b) = (rising, chroma, 0)
        case 2: (r, g, b) = (0, chroma, rising)
        case 3: (r, g, b) = (0, rising, chroma)
        case 4: (r, g, b) = (rising, 0, chroma)
        default: (r, g, b) = (chroma, 0, rising)
        }
        let lift = brightness - chroma
        self.init(red: r + lift, green: g + lift, blue: b + lift, opacity: opacity)
    }

    private init(_ name: String, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: alpha)
        self.name = name
    }

    /// The same colour with its opacity multiplied.
    public func opacity(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha *= opacity
        return copy
    }

    /// Red.
    public static let red = Color("red", 1, 0.231, 0.188)
    /// Orange.
    public static let orange = Color("orange", 1, 0.584, 0)
    /// Yellow.
    public static let yellow = Color("yellow", 1, 0.8, 0)
    /// Green.
    public static let green = Color("green", 0.204, 0.78, 0.349)
    /// Blue.
    public static let blue = Color("blue", 0, 0.478, 1)
    /// Purple.
    public static let purple = Color("purple", 0.686, 0.322, 0.871)
    /// Gray.
    public static let gray = Color("gray", 0.557, 0.557, 0.576)
    /// Black.
    public static let black = Color("black", 0, 0, 0)
    /// White.
    public static let white = Color("white", 1, 1, 1)
    /// Fully transparent.
    public static let clear = Color("clear", 0, 0, 0, 0)
}

extension Color: CustomStringConvertible {
    /// The colour's name (`green`, `green.opacity(0.2)`) or its components.
    public var description: String {
        if let name {
            return alpha == 1 || name == "clear" ? name : "\(name).opacity(\(Formatting.number(alpha)))"
        }
        return "Color(red: \(Formatting.number(red)), green: \(Formatting.number(green)), "
            + "blue: \(Formatting.number(blue)), opacity: \(Formatting.number(alpha)))"
    }
}
