import Foundation

extension CGPoint {
    /// The Euclidean distance to another point.
    func distance(to other: CGPoint) -> CGFloat {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The vector from `origin` to this point.
    func offset(from origin: CGPoint) -> CGSize {
        CGSize(width: x - origin.x, height: y - origin.y)
    }
}
