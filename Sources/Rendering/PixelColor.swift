import Gestures

/// A colour as the renderer blends it: straight (not premultiplied) components, 0…1.
struct PixelColor: Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(_ color: Color) {
        self.init(
            Self.unit(color.red), Self.unit(color.green), Self.unit(color.blue), Self.unit(color.alpha))
    }

    /// The colour with its opacity multiplied.
    func opacity(_ factor: Double) -> PixelColor {
        PixelColor(red, green, blue, alpha * factor)
    }

    /// The colour multiplied component by component by a tint (its opacity included).
    func tinted(_ tint: PixelColor) -> PixelColor {
        PixelColor(red * tint.red, green * tint.green, blue * tint.blue, alpha * tint.alpha)
    }

    static let transparent = PixelColor(0, 0, 0, 0)

    /// Clamps a component to 0…1; NaN is 0.
    static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }
}

/// The colours of the renderer's own drawing: the backdrop, panes, highlights and marks.
enum Palette {
    static let backdrop = PixelColor(0.925, 0.929, 0.941)
    static let pane = PixelColor(1, 1, 1, 0.92)
    static let paneOutline = PixelColor(0.62, 0.64, 0.68)
    static let paneLabel = PixelColor(0.2, 0.22, 0.26)
    static let placeholder = PixelColor(0.84, 0.85, 0.87)
    static let placeholderOutline = PixelColor(0.6, 0.62, 0.66)
    static let placeholderText = PixelColor(0.35, 0.37, 0.41)
    /// Example D4's highlight: green at opacity 0.2, plus a solid green outline.
    static let targeted = PixelColor(Color.green).opacity(0.2)
    static let targetedOutline = PixelColor(Color.green)
    /// The line a list draws where a drop would land.
    static let insertionMarker = PixelColor(Color.blue)
    static let refused = PixelColor(Color.red)
    static let refusedWash = PixelColor(Color.red).opacity(0.12)
    static let labelPlate = PixelColor(1, 1, 1, 0.9)
    static let shadow = PixelColor(0, 0, 0, 0.18)
    static let pointer = PixelColor(0.1, 0.1, 0.12)
    static let white = PixelColor(1, 1, 1)
    /// The band across the bottom of a thumbnail that holds its name.
    static let captionPlate = PixelColor(0.1, 0.1, 0.12, 0.82)
}
