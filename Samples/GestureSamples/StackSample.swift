import Foundation
import Gestures

/// The "VStack with a Text" layout of G10 and G11: a full-width stack holding one text label.
struct StackLayout {
    let stack: Node
    let text: Node

    init(in scene: Scene) {
        stack = scene.root.addChild("VStack", frame: CGRect(x: 0, y: 372, width: 390, height: 100))
        text = stack.addChild(
            "Text", frame: CGRect(x: 120, y: 35, width: 150, height: 30), content: .text("Hello, World!", color: .black)
        )
    }
}
