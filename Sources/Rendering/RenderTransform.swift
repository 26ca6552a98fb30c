import Foundation
import Gestures

/// A 2-D affine map `p -> (a*x + c*y + tx, b*x + d*y + ty)`, from a node's local space to the snapshot's pixels.
struct RenderTransform: Equatable {
    var a: Double = 1
    var b: Double = 0
    var c: Double = 0
    var d: Double = 1
    var tx: Double = 0
    var ty: Double = 0

    static let identity = RenderTransform()

    /// Scaling by the same factor on both axes.
    static func scaling(_ factor: Double) -> RenderTransform {
        RenderTransform(a: factor, d: factor)
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// `self` after `inner`: points go through `inner` first.
    func concatenating(_ inner: RenderTransform) -> RenderTransform {
        RenderTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The map that undoes this one, or nil when it squashes the plane (a zero scale).
    func inverted() -> RenderTransform? {
        let det = a * d - b * c
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return RenderTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// How many pixels one local unit covers, on average over both axes.
    var linearScale: Double { abs(a * d - b * c).squareRoot() }

    /// Whether the map only scales and translates (no rotation or shear).
    var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The bounding box of a local rectangle's image, as whole pixels.
    func pixelBounds(of width: Double, _ height: Double) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
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

    /// The map of a node's local space into its parent's: layout origin, offset, then rotation and scale about the
    /// frame's centre (as `Node` documents them).
    static func node(_ node: Node) -> RenderTransform {
        let frame = node.frame
        let cx = Double(frame.width) / 2
        let cy = Double(frame.height) / 2
        let cosR = cos(node.rotation.radians)
        let sinR = sin(node.rotation.radians)
        let sx = Double(node.scale.width)
        let sy = Double(node.scale.height)
        let a = cosR * sx
        let b = sinR * sx
        let c = -sinR * sy
        let d = cosR * sy
        let ox = Double(frame.minX) + Double(node.offset.width) + cx
        let oy = Double(frame.minY) + Double(node.offset.height) + cy
        return RenderTransform(a: a, b: b, c: c, d: d, tx: ox - (a * cx + c * cy), ty: oy - (b * cx + d * cy))
    }
}
