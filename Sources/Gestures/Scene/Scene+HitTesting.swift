import Foundation

// Public hit testing, with the rules gestures use: frontmost first (later siblings on top), children before
// parents, `allowsHitTesting(false)` and opacity below 0.001 make a subtree transparent, a node is hit where its
// content is unless `contentShape` replaces that area, a container without a shape only through its children,
// render effects (offset, scale, rotation) move the hit area, and clipping does not clip hits.
extension Scene {
    /// The frontmost, deepest node at a point, or nil.
    /// - Parameter point: A point in the scene's space.
    /// - Returns: The node that a pointer going down there would hit.
    public func hitTest(_ point: CGPoint) -> Node? {
        root.frontmostHit(point)
    }

    /// Every node at a point: the hit nodes and their ancestors, frontmost first and children before parents.
    /// Drop targeting walks this list to find the first target that accepts a drag.
    /// - Parameter point: A point in the scene's space.
    /// - Returns: The nodes, front to back.
    public func nodes(at point: CGPoint) -> [Node] {
        var nodes: [Node] = []
        root.collectHits(point, into: &nodes)
        return nodes
    }

}
