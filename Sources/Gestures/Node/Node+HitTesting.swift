import Foundation

// Hit testing. Each node caches the box of its hittable subtree in its parent's space (render effects
// included), so that whole subtrees are skipped; nodes with many children also index them in a grid
// (`ChildIndex`), so that a point visits only the children whose boxes cover its cell.
extension Node {
    /// Children at or above this count are indexed in a grid.
    static let indexedChildCount = 32

    /// The map from this node's space to its parent's, with its render effects, and its inverse.
    var transform: (toParent: AffineMap, fromParent: AffineMap?) {
        if let cachedTransform { return cachedTransform }
        let map = AffineMap.node(frame: frame, offset: offset, scale: scale, rotation: rotation)
        let value = (map, map.inverted())
        cachedTransform = value
        return value
    }

    /// Whether the node and its subtree can be hit at all.
    var isHittable: Bool { allowsHitTesting && opacity >= 0.001 }

    /// The shape where the node itself is hit: its content shape, else its content's, else none.
    var hitShape: ShapeKind? { contentShape ?? content.hitShape }

    /// The node's bounds in its own space.
    var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// Whether a point of the node's own space hits the node itself (not its children).
    func hitsSelf(_ point: CGPoint) -> Bool {
        hitShape?.contains(point, in: bounds) ?? false
    }

    /// The box, in the parent's space, of everything in this subtree that can be hit.
    var subtreeBox: CGRect {
        if subtreeBoxIsValid { return cachedSubtreeBox }
        var box = CGRect.null
        if isHittable {
            var local = hitShape == nil ? CGRect.null : bounds
            if let childIndex {
                local = local.union(childIndex.bounds(in: self))
            } else {
                for child in children { local = local.union(child.subtreeBox) }
            }
            box = transform.toParent.boundingBox(of: local)
        }
        cachedSubtreeBox = box
        subtreeBoxIsValid = true
        return box
    }

    /// A property that moves hits changed.
    func invalidateGeometry() {
        cachedTransform = nil
        invalidateSubtreeBox()
    }

    private func invalidateSubtreeBox() {
        subtreeBoxIsValid = false
        guard let parent else { return }
        parent.childIndex?.markDirty(indexInParent)
        parent.invalidateSubtreeBox()
    }

    /// Children were added, removed or reordered.
    func childrenDidChange() {
        if children.count >= Self.indexedChildCount {
            if childIndex == nil { childIndex = ChildIndex() }
            childIndex?.needsRebuild = true
        } else {
            childIndex = nil
        }
        invalidateSubtreeBox()
    }

    /// The frontmost, deepest node hit at a point of the parent's space, or nil.
    func frontmostHit(_ point: CGPoint) -> Node? {
        guard isHittable, subtreeBox.contains(point), let local = transform.fromParent?.apply(point) else {
            return nil
        }
        if let index = childIndex {
            let candidates = index.candidates(in: self, at: local)
            for position in candidates.reversed() {
                if let hit = children[Int(position)].frontmostHit(local) { return hit }
            }
        } else {
            for child in children.reversed() {
                if let hit = child.frontmostHit(local) { return hit }
            }
        }
        return hitsSelf(local) ? self : nil
    }

    /// Appends every node hit at a point of the parent's space, frontmost first and children before parents; a
    /// node is hit through a hit child. Returns whether anything in the subtree was hit.
    @discardableResult
    func collectHits(_ point: CGPoint, into nodes: inout [Node]) -> Bool {
        guard isHittable, subtreeBox.contains(point), let local = transform.fromParent?.apply(point) else {
            return false
        }
        var hitChild = false
        if let index = childIndex {
            let candidates = index.candidates(in: self, at: local)
            for position in candidates.reversed() where children[Int(position)].collectHits(local, into: &nodes) {
                hitChild = true
            }
        } else {
            for child in children.reversed() where child.collectHits(local, into: &nodes) {
                hitChild = true
            }
        }
        if hitChild || hitsSelf(local) {
            nodes.append(self)
            return true
        }
        return false
    }
}
