import Foundation
import Gestures

extension ShapeKind {
    /// The signed distance from a point of a node's local space to the edge of this shape drawn in the frame
    /// `0…width × 0…height`: negative inside, positive outside, in local units. The renderer turns it into
    /// coverage for anti-aliased edges.
    func signedDistance(x: Double, y: Double, width: Double, height: Double) -> Double {
        switch self {
        case .rectangle:
            return Self.roundedBoxDistance(x, y, width, height, radius: 0)
        case .roundedRectangle(let radius):
            return Self.roundedBoxDistance(
                x, y, width, height, radius: max(0, min(Double(radius), width / 2, height / 2)))
        case .capsule:
            return Self.roundedBoxDistance(x, y, width, height, radius: min(width, height) / 2)
        case .circle:
            let radius = min(width, height) / 2
            let dx = x - width / 2
            let dy = y - height / 2
            return (dx * dx + dy * dy).squareRoot() - radius
        case .ellipse:
            // Distance of the point scaled onto the unit circle, brought back by the smaller radius: exact for
            // circles, close enough near the edge of an ellipse for anti-aliasing.
            let rx = max(width / 2, 1e-9)
            let ry = max(height / 2, 1e-9)
            let nx = (x - width / 2) / rx
            let ny = (y - height / 2) / ry
            return ((nx * nx + ny * ny).squareRoot() - 1) * min(rx, ry)
        }
    }

    private static func roundedBoxDistance(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double
    ) -> Double {
        let halfWidth = width / 2 - radius
        let halfHeight = height / 2 - radius
        let qx = abs(x - width / 2) - halfWidth
        let qy = abs(y - height / 2) - halfHeight
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }
}
