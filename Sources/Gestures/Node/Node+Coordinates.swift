import Foundation

// Coordinate spaces follow layout frames (see `CoordinateSpace`).
extension Node {
    /// The node's top-leading corner in the scene's space, by layout frames.
    public var globalOrigin: CGPoint {
        var x: CGFloat = 0
        var y: CGFloat = 0
        var node: Node? = self
        while let current = node {
            x += current.frame.minX
            y += current.frame.minY
            node = current.parent
        }
        return CGPoint(x: x, y: y)
    }

    /// The node's frame in a coordinate space.
    /// - Parameter space: The space.
    /// - Returns: The frame.
    public func frame(in space: CoordinateSpace) -> CGRect {
        let origin = convert(.zero, from: .local, to: space)
        return CGRect(origin: origin, size: frame.size)
    }

    /// Converts a point between coordinate spaces, as seen from this node (`.local` is this node's space).
    /// - Parameters:
    ///   - point: The point, in `source`.
    ///   - source: The space the point is in.
    ///   - destination: The space to express it in.
    /// - Returns: The point in `destination`.
    public func convert(_ point: CGPoint, from source: CoordinateSpace, to destination: CoordinateSpace) -> CGPoint {
        if source == destination { return point }
        let from = origin(of: source)
        let to = origin(of: destination)
        return CGPoint(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }

    /// Converts a point of the scene's space into this node's local space.
    /// - Parameter point: The point in the scene's space.
    /// - Returns: The point in this node's space.
    public func convertFromGlobal(_ point: CGPoint) -> CGPoint {
        convert(point, from: .global, to: .local)
    }

    /// Converts a point of this node's local space into the scene's space.
    /// - Parameter point: The point in this node's space.
    /// - Returns: The point in the scene's space.
    public func convertToGlobal(_ point: CGPoint) -> CGPoint {
        convert(point, from: .local, to: .global)
    }

    /// The nearest node, this one or an ancestor, named `name` by `coordinateSpace(name:)`.
    func namedSpaceNode(_ name: AnyHashable) -> Node? {
        var node: Node? = self
        while let current = node {
            if current.coordinateSpaceName == name { return current }
            node = current.parent
        }
        return nil
    }

    /// The origin of a space, in the scene's space. An unknown name means the scene's space.
    private func origin(of space: CoordinateSpace) -> CGPoint {
        switch space {
        case .global: .zero
        case .local: globalOrigin
        case .named(let name): namedSpaceNode(name)?.globalOrigin ?? .zero
        }
    }
}
