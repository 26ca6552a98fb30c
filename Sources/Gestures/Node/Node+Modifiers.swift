import Foundation

// Modifiers named like SwiftUI's. Each sets a property and returns the node, so that chains read like view code.
extension Node {
    /// Sets the opacity.
    /// - Parameter opacity: 0 (invisible, not hit below 0.001) to 1.
    /// - Returns: The node.
    @discardableResult
    public func opacity(_ opacity: Double) -> Node {
        self.opacity = opacity
        return self
    }

    /// Scales the node about its centre.
    /// - Parameter scale: The factor for both axes.
    /// - Returns: The node.
    @discardableResult
    public func scaleEffect(_ scale: CGFloat) -> Node {
        self.scale = CGSize(width: scale, height: scale)
        return self
    }

    /// Scales the node about its centre.
    /// - Parameter scale: The factors per axis.
    /// - Returns: The node.
    @discardableResult
    public func scaleEffect(_ scale: CGSize) -> Node {
        self.scale = scale
        return self
    }

    /// Scales the node about its centre.
    /// - Parameters:
    ///   - x: The horizontal factor.
    ///   - y: The vertical factor.
    /// - Returns: The node.
    @discardableResult
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1) -> Node {
        scaleEffect(CGSize(width: x, height: y))
    }

    /// Offsets the node from its layout position.
    /// - Parameter offset: The offset.
    /// - Returns: The node.
    @discardableResult
    public func offset(_ offset: CGSize) -> Node {
        self.offset = offset
        return self
    }

    /// Offsets the node from its layout position.
    /// - Parameters:
    ///   - x: The horizontal offset.
    ///   - y: The vertical offset.
    /// - Returns: The node.
    @discardableResult
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Node {
        offset(CGSize(width: x, height: y))
    }

    /// Rotates the node about its centre.
    /// - Parameter angle: The angle.
    /// - Returns: The node.
    @discardableResult
    public func rotationEffect(_ angle: Angle) -> Node {
        rotation = angle
        return self
    }

    /// Draws a colour over the node's content.
    /// - Parameter color: The colour, or nil (or `.clear`) for none.
    /// - Returns: The node.
    @discardableResult
    public func overlay(_ color: Color?) -> Node {
        overlayColor = color == .clear ? nil : color
        return self
    }

    /// Sets what the node draws.
    /// - Parameter content: The content.
    /// - Returns: The node.
    @discardableResult
    public func content(_ content: NodeContent) -> Node {
        self.content = content
        return self
    }

    /// Changes the colour of the node's shape, text or image tint, keeping the rest of its content.
    /// - Parameter color: The colour.
    /// - Returns: The node.
    @discardableResult
    public func fill(_ color: Color) -> Node {
        switch content {
        case .none: content = .shape(.rectangle, fill: color)
        case .shape(let kind, _): content = .shape(kind, fill: color)
        case .text(let text, _): content = .text(text, color: color)
        case .image(let name, _): content = .image(name, tint: color)
        }
        return self
    }

    /// Sets the frame in the parent's space.
    /// - Parameter frame: The frame.
    /// - Returns: The node.
    @discardableResult
    public func frame(_ frame: CGRect) -> Node {
        self.frame = frame
        return self
    }

    /// Gives the changes made above this modifier in the current body run an animation when `value` changed since
    /// the previous run, as SwiftUI's `animation(_:value:)` (recorded in the timeline, not played).
    /// - Parameters:
    ///   - animation: The animation, or nil for none.
    ///   - value: The value whose changes are animated.
    /// - Returns: The node.
    @discardableResult
    public func animation<V: Hashable>(_ animation: Animation?, value: V) -> Node {
        let value = AnyHashable(value)
        let position = implicitAnimationCursor
        implicitAnimationCursor += 1
        var changed = false
        if position < implicitAnimationValues.count {
            changed = implicitAnimationValues[position] != value
            implicitAnimationValues[position] = value
        } else {
            implicitAnimationValues.append(value)
        }
        scene?.applyImplicitAnimation(animation, valueChanged: changed, of: self)
        return self
    }

    /// Sets whether the node and its subtree take part in hit testing.
    /// - Parameter enabled: False makes the subtree transparent to pointers.
    /// - Returns: The node.
    @discardableResult
    public func allowsHitTesting(_ enabled: Bool) -> Node {
        allowsHitTesting = enabled
        return self
    }

    /// Sets the area where the node is hit, replacing its content's (a container is otherwise hit only through
    /// its children).
    /// - Parameter shape: The shape, drawn in the node's frame.
    /// - Returns: The node.
    @discardableResult
    public func contentShape(_ shape: some Shape) -> Node {
        contentShape = shape.shapeKind
        return self
    }

    /// Turns the gestures of the node and its subtree off or on.
    /// - Parameter disabled: True turns them off.
    /// - Returns: The node.
    @discardableResult
    public func disabled(_ disabled: Bool) -> Node {
        isDisabled = disabled
        return self
    }

    /// Gives the node's gestures precedence over the system edge gesture on some screen edges.
    /// - Parameter edges: The edges.
    /// - Returns: The node.
    @discardableResult
    public func defersSystemGestures(on edges: Edge.Set) -> Node {
        deferredSystemGestureEdges = edges
        return self
    }

    /// Names the node's space, for `CoordinateSpace.named(_:)`.
    /// - Parameter name: The name.
    /// - Returns: The node.
    @discardableResult
    public func coordinateSpace(name: some Hashable) -> Node {
        coordinateSpaceName = AnyHashable(name)
        return self
    }

    // MARK: Change notification

    /// A property that moves hits changed: caches are invalidated and the change recorded.
    func geometryDidChange(_ property: String, _ value: @autoclosure () -> String) {
        invalidateGeometry()
        propertyDidChange(property, value())
    }

    /// A property changed: the scene records it (with the animation in effect) when it records a timeline.
    func propertyDidChange(_ property: String, _ value: @autoclosure () -> String) {
        guard let scene, scene.isRecording else { return }
        scene.recordPropertyChange(of: self, property, value())
    }
}
