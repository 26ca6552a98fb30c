import Foundation
import Gestures

/// A container that makes any content draggable after a one-second press (G7's generic `DraggableView`).
public final class DraggableContainer {
    /// The container node; the content is its only child.
    public let node: Node
    /// The gesture's state.
    @GestureState public var dragState = DragState.inactive
    /// Where the container rests.
    public private(set) var position = CGSize.zero

    /// Wraps content in a new container under `parent`.
    /// - Parameters:
    ///   - parent: Where the container goes.
    ///   - frame: The container's frame; the content fills it.
    ///   - content: Builds the content inside the container.
    public init(in parent: Node, frame: CGRect, content: (Node) -> Void) {
        node = parent.addChild("draggable", frame: frame)
        content(node)
        node.bind { [unowned self] node in
            node.opacity(dragState.isPressing ? 0.5 : 1.0)
                .offset(
                    x: position.width + dragState.translation.width,
                    y: position.height + dragState.translation.height
                )
                .animation(.easeInOut, value: dragState.translation)
                .gesture(
                    LongPressGesture(minimumDuration: 1.0)
                        .sequenced(before: DragGesture())
                        .updating($dragState) { value, state, _ in
                            switch value {
                            case .first(true): state = .pressing
                            case .second(true, let drag): state = .dragging(translation: drag?.translation ?? .zero)
                            default: break
                            }
                        }
                        .onEnded { value in
                            guard case .second(true, let drag?) = value else { return }
                            self.position.height += drag.translation.height
                            self.position.width += drag.translation.width
                        })
        }
    }
}

/// G7: the same press-then-drag behaviour for three different contents: an image, a text and a circle.
public final class G07DraggableContainer: GestureSample {
    public static let id = "G7"
    public static let title = "A generic DraggableView wrapping an image, a text and a circle"

    public let scene = Scene(size: sampleScreen)
    /// The three containers: image, text, circle.
    public private(set) var containers: [DraggableContainer] = []

    public init() {
        scene.isRecording = true
        let contents: [(String, NodeContent)] = [
            ("image", .image("star.circle.fill", tint: .green)),
            ("text", .text("Swift", color: .red)),
            ("circle", .shape(.circle, fill: .purple)),
        ]
        for (row, (name, content)) in contents.enumerated() {
            let container = DraggableContainer(
                in: scene.root, frame: CGRect(x: 20, y: 100 + 200 * CGFloat(row), width: 100, height: 100)
            ) { node in
                node.addChild(name, frame: CGRect(x: 0, y: 0, width: 100, height: 100), content: content)
            }
            containers.append(container)
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        for (row, container) in containers.enumerated() {
            let start = CGPoint(x: 70, y: 150 + 200 * CGFloat(row))
            let time = 2 * Double(row)
            try scene.send(.down, start, at: time)
            try scene.advance(to: time + 1)
            try scene.move(to: CGPoint(x: start.x + 200, y: start.y + 30), arrivingAt: time + 1.5, steps: 4)
            try scene.send(.up, CGPoint(x: start.x + 200, y: start.y + 30), at: time + 1.6)
            let name = container.node.children.first?.name ?? "?"
            log.note("\(name) dropped: offset \(container.node.offset.short)")
        }
        return log.lines
    }
}
