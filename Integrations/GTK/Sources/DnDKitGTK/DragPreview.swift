import Foundation

/// What the pointer carries during a drag from a widget.
public enum DragPreview: Sendable {
    /// GTK's default icon.
    case standard
    /// A live picture of the dragged widget.
    case widget
    /// A picture, PNG-encoded, with its hot spot (the point under the pointer, in the picture's pixels).
    case png(Data, hotSpot: CGPoint = .zero)
}
