import Foundation

/// A 2-D affine map `p -> (a*x + c*y + tx, b*x + d*y + ty)`: how a node's local space sits in its parent's,
/// with the node's render effects applied. Internal: Foundation's `CGAffineTransform` is not on every platform.
struct AffineMap: Equatable {
    var a: CGFloat = 1
    var b: CGFloat = 0
    var c: CGFloat = 0
    var d: CGFloat = 1
    var tx: CGFloat = 0
    var ty: CGFloat = 0

    func apply(_ p: CGPoint) -> CGPoint {
        CGPoint(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The map that undoes this one, or nil when it squashes the plane (a zero scale).
    func inverted() -> AffineMap? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineMap(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The axis-aligned bounding box of a rectangle's image.
    func boundingBox(of rect: CGRect) -> CGRect {
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

    /// The map of a node: layout origin, then offset, then rotation and scale about the frame's centre
    /// (SwiftUI's default anchor for `scaleEffect` and `rotationEffect`).
    static func node(frame: CGRect, offset: CGSize, scale: CGSize, rotation: Angle) -> AffineMap {
        let cx = frame.width / 2
        let cy = frame.height / 2
        let cosR = CGFloat(cos(rotation.radians))
        let sinR = CGFloat(sin(rotation.radians))
        // M = R * S; p_parent = origin + offset + center + M * (p - center)
        let a = cosR * scale.width
        let b = sinR * scale.width
        let c = -sinR * scale.height
        let d = cosR * scale.height
        let ox = frame.minX + offset.width + cx
        let oy = frame.minY + offset.height + cy
        return AffineMap(a: a, b: b, c: c, d: d, tx: ox - (a * cx + c * cy), ty: oy - (b * cx + d * cy))
    }
}
