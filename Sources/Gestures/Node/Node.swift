import Foundation

/// A headless view: a rectangle in its parent, with children drawn on top of it (later siblings on top of
/// earlier ones), visual properties a renderer draws, gestures, and hit-testing properties.
///
/// Nodes are made by their scene (`scene.root.addChild("star", frame: …)`) and keep their `id` for the life of
/// the scene. Modifiers are named like SwiftUI's and return the node, so that chains read the same:
///
/// ```swift
/// star.scaleEffect(0.5).opacity(0.4).gesture(TapGesture().onEnded { … })
/// ```
///
/// A node is not `Sendable`: it belongs to its scene, which is used from one task at a time (see ``Scene``).
public final class Node {
    /// The node's identity, unique in its scene.
    public let id: NodeID
    /// A name for timelines and look-ups; need not be unique.
    public var name: String
    /// The scene that made the node (nil once the scene is gone).
    public internal(set) weak var scene: Scene?
    /// The parent, or nil for the root and for nodes removed from the tree.
    public private(set) weak var parent: Node?
    /// The children, back to front.
    public private(set) var children: [Node] = []

    /// The frame in the parent's space (its layout position and size).
    public var frame: CGRect {
        didSet { if frame != oldValue { geometryDidChange("frame", Formatting.rect(frame)) } }
    }

    // MARK: Visual properties (drawn by renderers; all but the overlay also move hits)

    /// The opacity; below 0.001 the node and its subtree are not hit.
    public var opacity: Double = 1 {
        didSet { if opacity != oldValue { geometryDidChange("opacity", Formatting.number(opacity)) } }
    }
    /// The scale about the frame's centre.
    public var scale = CGSize(width: 1, height: 1) {
        didSet { if scale != oldValue { geometryDidChange("scaleEffect", Self.describeScale(scale)) } }
    }
    /// The offset from the layout position.
    public var offset = CGSize.zero {
        didSet { if offset != oldValue { geometryDidChange("offset", Formatting.size(offset)) } }
    }
    /// The rotation about the frame's centre.
    public var rotation = Angle.zero {
        didSet { if rotation != oldValue { geometryDidChange("rotationEffect", rotation.description) } }
    }
    /// A colour drawn over the content, or nil for none.
    public var overlayColor: Color? {
        didSet {
            if overlayColor != oldValue { propertyDidChange("overlay", overlayColor?.description ?? "none") }
        }
    }
    /// What the node draws.
    public var content: NodeContent {
        didSet { if content != oldValue { geometryDidChange("content", content.description) } }
    }

    // MARK: Hit testing and gesture properties

    /// Whether the node and its subtree take part in hit testing.
    public var allowsHitTesting = true {
        didSet {
            if allowsHitTesting != oldValue { geometryDidChange("allowsHitTesting", "\(allowsHitTesting)") }
        }
    }
    /// The hit area replacing the content's, or nil to hit the content.
    public var contentShape: ShapeKind? {
        didSet {
            if contentShape != oldValue { geometryDidChange("contentShape", contentShape.map { "\($0)" } ?? "none") }
        }
    }
    /// Whether the gestures of the node and its subtree are turned off.
    public var isDisabled = false {
        didSet { if isDisabled != oldValue { propertyDidChange("disabled", "\(isDisabled)") } }
    }
    /// The screen edges on which the node's gestures take precedence over the system edge gesture.
    public var deferredSystemGestureEdges: Edge.Set = []
    /// The name under which the node's space is `CoordinateSpace.named(_:)`.
    public var coordinateSpaceName: AnyHashable?

    // MARK: Engine state

    var gestureAttachments: [GestureAttachment] = []
    var body: ((Node) -> Void)?
    /// The values the `animation(_:value:)` modifiers of the body saw in its last run, in call order.
    var implicitAnimationValues: [AnyHashable] = []
    var implicitAnimationCursor = 0
    var attachments: [ObjectIdentifier: Any] = [:]
    /// Position among the parent's children.
    var indexInParent = 0
    /// Hit-testing caches, see Node+HitTesting.swift.
    var cachedTransform: (toParent: AffineMap, fromParent: AffineMap?)?
    var cachedSubtreeBox = CGRect.null
    var subtreeBoxIsValid = false
    var childIndex: ChildIndex?

    init(scene: Scene?, id: NodeID, name: String, frame: CGRect, content: NodeContent) {
        self.scene = scene
        self.id = id
        self.name = name
        self.frame = frame
        self.content = content
    }

    // MARK: Tree

    /// Makes a new node and adds it on top of the existing children.
    /// - Parameters:
    ///   - name: A name for timelines and look-ups.
    ///   - frame: The frame in this node's space.
    ///   - content: What the node draws; `.none` for a container.
    /// - Returns: The new node.
    @discardableResult
    public func addChild(_ name: String, frame: CGRect, content: NodeContent = .none) -> Node {
        guard let scene else {
            // The scene is gone: the node can never be shown, so it gets no identity.
            return Node(scene: nil, id: NodeID(rawValue: -1), name: name, frame: frame, content: content)
        }
        let child = Node(scene: scene, id: scene.makeNodeID(), name: name, frame: frame, content: content)
        insertChild(child, at: children.count)
        return child
    }

    /// Moves a node of the same scene into this node's children at a position (clamped to the valid range),
    /// removing it from its current parent first. A node of another scene, or an ancestor of this node, is
    /// ignored.
    /// - Parameters:
    ///   - child: The node.
    ///   - index: Its position among the children, back to front; on top when omitted.
    public func insertChild(_ child: Node, at index: Int? = nil) {
        guard child.scene === scene, child !== self, !isDescendant(of: child) else { return }
        if child.parent != nil { child.removeFromParent() }
        let position = min(max(index ?? children.count, 0), children.count)
        children.insert(child, at: position)
        child.parent = self
        renumberChildren(from: position)
        childrenDidChange()
    }

    /// Removes the node (and its subtree) from the tree: gestures running through it are cancelled and the
    /// scene's removal observers hear of every removed node.
    public func removeFromParent() {
        guard let parent else { return }
        scene?.nodeWillBeRemoved(self)
        parent.children.remove(at: indexInParent)
        self.parent = nil
        parent.renumberChildren(from: indexInParent)
        parent.childrenDidChange()
        scene?.nodeWasRemoved(self)
    }

    /// Whether the node is in its scene's tree.
    public var isInScene: Bool {
        var node = self
        while let parent = node.parent { node = parent }
        return scene?.root === node
    }

    /// Whether `ancestor` is this node's parent, grandparent, and so on.
    public func isDescendant(of ancestor: Node) -> Bool {
        var node = parent
        while let current = node {
            if current === ancestor { return true }
            node = current.parent
        }
        return false
    }

    /// The node and its ancestors, from the node up to the root.
    public var ancestorsAndSelf: [Node] {
        var chain = [self]
        var node = parent
        while let current = node {
            chain.append(current)
            node = current.parent
        }
        return chain
    }

    /// The node and its descendants, parents before children, back to front.
    public var subtree: [Node] {
        var nodes: [Node] = []
        var stack = [self]
        while let node = stack.popLast() {
            nodes.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return nodes
    }

    private func renumberChildren(from start: Int) {
        for index in start..<children.count { children[index].indexInParent = index }
    }

    // MARK: Attachments

    /// A typed value another module stores on the node, or nil.
    public subscript<Key: AttachmentKey>(attachment key: Key.Type) -> Key.Value? {
        get { attachments[ObjectIdentifier(key)] as? Key.Value }
        set { attachments[ObjectIdentifier(key)] = newValue }
    }

    // MARK: Body

    /// Binds the node to your state, the way a SwiftUI body does: `body` runs now and again after every step of
    /// the scene in which a gesture callback ran or a `@GestureState` changed (and on `scene.update()`). Set
    /// visual properties and declare gestures in it: the gestures a run declares replace those of the previous
    /// run and follow the gestures attached outside the body (running gestures keep the recognizers they
    /// started with).
    /// - Parameter body: Sets the node's properties from your state.
    /// - Returns: The node.
    @discardableResult
    public func bind(_ body: @escaping (Node) -> Void) -> Node {
        self.body = body
        scene?.register(bodyOf: self)
        runBody()
        return self
    }

    func runBody() {
        guard let body else { return }
        gestureAttachments.removeAll { $0.isFromBody }
        implicitAnimationCursor = 0
        scene?.beginBody(of: self)
        body(self)
        scene?.endBody(of: self)
    }

    private static func describeScale(_ scale: CGSize) -> String {
        scale.width == scale.height ? Formatting.number(scale.width) : Formatting.size(scale)
    }
}

extension Node: CustomStringConvertible {
    /// `name#id`.
    public var description: String { "\(name)\(id)" }
}
