import Foundation
import Gestures

/// A 400×800 scene with one 200×200 rectangle at (100, 100), named "box".
func makeBoxScene() -> (Scene, Node) {
    let scene = Scene(size: CGSize(width: 400, height: 800))
    let box = scene.root.addChild(
        "box", frame: CGRect(x: 100, y: 100, width: 200, height: 200), content: .shape(.rectangle, fill: .blue))
    return (scene, box)
}

let center = CGPoint(x: 200, y: 200)
