import Foundation

/// A gesture attached to a node, waiting for a pointer sequence to make its recognizer.
struct GestureAttachment {
    /// How the gesture combines with the gestures of the subviews (and of earlier modifiers).
    enum Priority {
        /// `gesture(_:including:)`: the subviews' gestures exclusively before this one.
        case normal
        /// `highPriorityGesture(_:including:)`: this one exclusively before the subviews'.
        case high
        /// `simultaneousGesture(_:including:)`: both at once.
        case simultaneous
    }

    let priority: Priority
    let mask: GestureMask
    /// Whether the node's body declared it (and its next run replaces it).
    let isFromBody: Bool
    let make: (_GestureContext) -> _Recognizer<Void>
}

extension Node {
    /// Attaches a gesture with lower precedence than the gestures of the node's subviews (children win).
    /// - Parameters:
    ///   - gesture: The gesture.
    ///   - mask: Which of this gesture and the subviews' gestures are enabled.
    /// - Returns: The node.
    @discardableResult
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> Node {
        attach(gesture, .normal, mask)
    }

    /// Attaches a gesture that is enabled or not.
    /// - Parameters:
    ///   - gesture: The gesture.
    ///   - isEnabled: False leaves only the subviews' gestures (`including: .subviews`).
    /// - Returns: The node.
    @discardableResult
    public func gesture<G: Gesture>(_ gesture: G, isEnabled: Bool) -> Node {
        attach(gesture, .normal, isEnabled ? .all : .subviews)
    }

    /// Attaches a gesture with higher precedence than the gestures of the node's subviews.
    /// - Parameters:
    ///   - gesture: The gesture.
    ///   - mask: Which of this gesture and the subviews' gestures are enabled.
    /// - Returns: The node.
    @discardableResult
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> Node {
        attach(gesture, .high, mask)
    }

    /// Attaches a gesture recognized at the same time as the gestures of the node's subviews.
    /// - Parameters:
    ///   - gesture: The gesture.
    ///   - mask: Which of this gesture and the subviews' gestures are enabled.
    /// - Returns: The node.
    @discardableResult
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> Node {
        attach(gesture, .simultaneous, mask)
    }

    /// Runs an action on a tap, or a number of taps.
    /// - Parameters:
    ///   - count: The number of taps.
    ///   - action: The action.
    /// - Returns: The node.
    @discardableResult
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> Node {
        gesture(TapGesture(count: count).onEnded { action() })
    }

    /// Runs an action on a tap, or a number of taps, with the location of the last release.
    /// - Parameters:
    ///   - count: The number of taps.
    ///   - coordinateSpace: The space of the location; the node's own by default.
    ///   - action: The action, given the location.
    /// - Returns: The node.
    @discardableResult
    public func onTapGesture(
        count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void
    ) -> Node {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
    }

    /// Runs an action when a long press succeeds, and reports the pressing state.
    /// - Parameters:
    ///   - minimumDuration: The time the press must be held.
    ///   - maximumDistance: How far the pointer may move before the press fails.
    ///   - action: The action, run the moment the duration elapses.
    ///   - onPressingChanged: Given true at touch-down and false when the press ends, fails or is cancelled.
    /// - Returns: The node.
    @discardableResult
    public func onLongPressGesture(
        minimumDuration: Double = 0.5,
        maximumDistance: CGFloat = 10,
        perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> Node {
        let pressing = GestureState(wrappedValue: false) { wasPressing, _ in
            if wasPressing { onPressingChanged?(false) }
        }
        return gesture(
            LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
                .updating(pressing) { isPressing, state, _ in
                    if isPressing && !state { onPressingChanged?(true) }
                    state = isPressing
                }
                .onEnded { _ in action() }
        )
    }

    /// Runs an action on touch-down and on touch-up, inside or outside the node: `.pressed` once when a pointer
    /// goes down on the node, `.notPressed` once when it is released or cancelled. A DnDKit addition (the
    /// "gas pedal" modifier of a well-known tutorial), made of a simultaneous `DragGesture(minimumDistance: 0)`.
    /// - Parameter action: The action, given the new state.
    /// - Returns: The node.
    @discardableResult
    public func onTouchDownUp(_ action: @escaping (TouchState) -> Void) -> Node {
        let isDown = GestureState(wrappedValue: false) { wasDown, _ in
            if wasDown { action(.notPressed) }
        }
        return simultaneousGesture(
            DragGesture(minimumDistance: 0).updating(isDown) { _, state, _ in
                if !state {
                    state = true
                    action(.pressed)
                }
            }
        )
    }

    private func attach<G: Gesture>(_ gesture: G, _ priority: GestureAttachment.Priority, _ mask: GestureMask)
        -> Node
    {
        gestureAttachments.append(
            GestureAttachment(
                priority: priority, mask: mask, isFromBody: scene?.isRunningBody(of: self) ?? false,
                make: { AttachedRecognizer(inner: gesture._makeRecognizer(in: $0)) }))
        return self
    }
}

/// The state reported by `onTouchDownUp(_:)`.
public enum TouchState: Hashable, Sendable {
    /// A pointer is down on the node.
    case pressed
    /// The pointer was released or cancelled.
    case notPressed
}
