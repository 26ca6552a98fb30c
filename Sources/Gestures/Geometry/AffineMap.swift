import Foundation

/// A 2-D affine map `p -> (a*x + c*y + tx, b*x + d*y + ty)`: how a node's local space sits in its parent's, with the
/// node's render effects applied. Gestures uses it for hit testing and Rendering, from the same formulas, to place
/// pixels. Package-only: Foundation's `CGAffineTransform` is not on every platform.
package struct AffineMap: Equatable {
    package var a: Double = 1
    package var b: Double = 0
    package var c: Double = 0
    package var d: Double = 1
    package var tx: Double = 0
    package var ty: Double = 0

    /// Creates a map from its six coefficients; the defaults are those of the identity.
    package init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The map that leaves every point where it is.
    package static let identity = AffineMap()

    /// Scaling by the same factor on both axes.
    package static func scaling(_ factor: Double) -> AffineMap {
        AffineMap(a: factor, d: factor)
    }

    /// The image of a point.
    package func apply(_ p: CGPoint) -> CGPoint {
        let image = apply(Double(p.x), Double(p.y))
        return CGPoint(x: image.x, y: image.y)
    }

    /// The image of the point `(x, y)`.
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// `self` after `inner`: points go through `inner` first.
    package func concatenating(_ inner: AffineMap) -> AffineMap {
        AffineMap(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The map that undoes this one, or nil when it squashes the plane: when the determinant's size is at most
    /// `tolerance` (0 for hit testing, which inverts any map it can; Rendering skips near-singular ones).
    package func inverted(tolerance: Double = 0) -> AffineMap? {
        let det = a * d - b * c
        guard abs(det) > tolerance, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineMap(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// How many units of the image one local unit covers, on average over both axes.
    package var linearScale: Double { abs(a * d - b * c).squareRoot() }

    /// Whether the map only scales and translates (no rotation or shear).
    package var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The axis-aligned bounding box of a rectangle's image.
    package func boundingBox(of rect: CGRect) -> CGRect {
        if rect.isNull { return .null }
        let corners = [
            apply(CGPoint(x: rect.minX, y: rect.minY)), apply(CGPoint(x: rect.maxX, y: rect.minY)),
            apply(CGPoint(x: rect.minX, y: rect.maxY)), apply(CGPoint(x: rect.maxX, y: rect.maxY)),
        ]
        var minX = corners[0].x
        var maxX = corners[0].x
        var minY = corners[0].y
        var maxY = corners[0].y
        for corner in corners.dropFirst() {
            minX = min(minX, corner.x)
            maxX = max(maxX, corner.x)
            minY = min(minY, corner.y)
            maxY = max(maxY, corner.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The bounding box of the image of the local rectangle `(0, 0, width, height)`, as whole units (pixels),
    /// clamped to `Int32`'s range; empty (`maxX < minX`) when a corner is not finite.
    package func pixelBounds(of width: Double, _ height: Double) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        let corners = [apply(0, 0), apply(width, 0), apply(0, height), apply(width, height)]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let maxX = xs.max() ?? 0
        let minY = ys.min() ?? 0
        let maxY = ys.max() ?? 0
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return (0, 0, -1, -1) }
        let limit = Double(Int32.max)
        return (
            Int(max(-limit, min(limit, minX.rounded(.down)))), Int(max(-limit, min(limit, minY.rounded(.down)))),
            Int(max(-limit, min(limit, maxX.rounded(.up)))), Int(max(-limit, min(limit, maxY.rounded(.up))))
        )
    }

    /// The map of a node: layout origin, then offset, then rotation and scale about the frame's centre
    /// (SwiftUI's default anchor for `scaleEffect` and `rotationEffect`).
    static func node(frame: CGRect, offset: CGSize, scale: CGSize, rotation: Angle) -> AffineMap {
        let cx = Double(frame.width) / 2
        let cy = Double(frame.height) / 2
        let cosR = cos(rotation.radians)
        let sinR = sin(rotation.radians)
        // M = R * S; p_parent = origin + offset + center + M * (p - center)
        let a = cosR * Double(scale.width)
        let b = sinR * Double(scale.width)
        let c = -sinR * Double(scale.height)
        let d = cosR * Double(scale.height)
        let ox = Double(frame.minX) + Double(offset.width) + cx
        let oy = Double(frame.minY) + Double(offset.height) + cy
        return AffineMap(a: a, b: b, c: c, d: d, tx: ox - (a * cx + c * cy), ty: oy - (b * cx + d * cy))
    }

    /// The map of a node's local space into its parent's, with its render effects (as `Node` documents them).
    package static func node(_ node: Node) -> AffineMap {
        Self.node(frame: node.frame, offset: node.offset, scale: node.scale, rotation: node.rotation)
    }
}
