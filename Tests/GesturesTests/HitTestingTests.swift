import Foundation
import Gestures
import TestSupport
import Testing

@Suite("Hit testing")
struct HitTestingTests {
    private func scene() -> (Scene, back: Node, front: Node, child: Node) {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let back = scene.root.addChild(
            "back", frame: CGRect(x: 0, y: 0, width: 200, height: 200), content: .shape(.rectangle, fill: .gray))
        let front = scene.root.addChild("front", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let child = front.addChild(
            "child", frame: CGRect(x: 0, y: 0, width: 50, height: 50), content: .shape(.rectangle, fill: .red))
        return (scene, back, front, child)
    }

    @Test func frontmostFirstChildrenBeforeParents() {
        let (scene, back, front, child) = scene()
        #expect(scene.hitTest(point(120, 120)) === child)
        #expect(scene.nodes(at: point(120, 120)).map(\.name) == ["child", "front", "back", "root"])
        // The container without content is hit only through its children.
        #expect(scene.nodes(at: point(180, 180)).map(\.name) == ["back", "root"])
        #expect(scene.hitTest(point(180, 180)) === back)
        front.contentShape(Rectangle())
        #expect(scene.nodes(at: point(180, 180)).map(\.name) == ["front", "back", "root"])
    }

    @Test func laterSiblingsAreOnTop() {
        let (scene, _, _, child) = scene()
        let sibling = child.parent?.addChild(
            "sibling", frame: CGRect(x: 10, y: 10, width: 10, height: 10), content: .text("x", color: .black))
        #expect(scene.hitTest(point(115, 115)) === sibling)
    }

    @Test func allowsHitTestingMakesTheSubtreeTransparent() {
        let (scene, back, front, _) = scene()
        front.allowsHitTesting(false)
        #expect(scene.hitTest(point(120, 120)) === back)
        #expect(scene.nodes(at: point(120, 120)).map(\.name) == ["back", "root"])
        #expect(scene.nodes(at: point(350, 350)).isEmpty)
    }

    @Test func opacityBoundary() {
        let (scene, back, _, child) = scene()
        child.opacity(0.0009)
        #expect(scene.hitTest(point(120, 120)) === back)
        child.opacity(0.001)
        #expect(scene.hitTest(point(120, 120)) === child)
    }

    @Test func contentShapes() {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let circle = scene.root.addChild(
            "circle", frame: CGRect(x: 0, y: 0, width: 100, height: 100), content: .shape(.circle, fill: .red))
        #expect(scene.hitTest(point(50, 50)) === circle)
        #expect(scene.hitTest(point(5, 5)) == nil)
        circle.contentShape(Rectangle())
        #expect(scene.hitTest(point(5, 5)) === circle)
        circle.contentShape(Capsule())
        #expect(scene.hitTest(point(1, 1)) == nil)
    }

    @Test func renderEffectsMoveHits() {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let box = scene.root.addChild(
            "box", frame: CGRect(x: 0, y: 0, width: 100, height: 100), content: .shape(.rectangle, fill: .red))
        box.offset(x: 200)
        #expect(scene.hitTest(point(50, 50)) == nil)
        #expect(scene.hitTest(point(250, 50)) === box)
        box.offset(.zero).scaleEffect(0.5)
        #expect(scene.hitTest(point(20, 20)) == nil)
        #expect(scene.hitTest(point(30, 30)) === box)
        box.scaleEffect(1).rotationEffect(.degrees(45))
        #expect(scene.hitTest(point(2, 2)) == nil)
        #expect(scene.hitTest(point(50, -15)) === box)
    }

    @Test func clippingDoesNotClipHits() {
        let (scene, _, _, child) = scene()
        child.frame = CGRect(x: 250, y: 250, width: 40, height: 40)
        #expect(scene.hitTest(point(360, 360)) === child)
    }

    @Test func coordinateConversions() {
        let (_, _, front, child) = scene()
        child.frame = CGRect(x: 10, y: 20, width: 50, height: 50)
        #expect(child.convertFromGlobal(point(115, 125)) == point(5, 5))
        #expect(child.convertToGlobal(point(5, 5)) == point(115, 125))
        front.coordinateSpace(name: "front")
        #expect(child.convert(point(1, 2), from: .local, to: .named("front")) == point(11, 22))
        #expect(child.frame(in: .global) == CGRect(x: 110, y: 120, width: 50, height: 50))
    }

    @Test func indexedChildrenMatchALinearScan() {
        var random = SeededRandom(seed: 7)
        let scene = Scene(size: CGSize(width: 1000, height: 1000))
        let layer = scene.root.addChild("layer", frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var nodes: [Node] = []
        for index in 0..<300 {
            let frame = CGRect(
                x: random.double(in: 0...950), y: random.double(in: 0...950), width: random.double(in: 5...50),
                height: random.double(in: 5...50))
            nodes.append(
                layer.addChild(
                    "n\(index)", frame: frame, content: .shape(index % 3 == 0 ? .circle : .rectangle, fill: .red)))
        }
        for round in 0..<5 {
            // Move some nodes, hide some, to exercise the grid's updates.
            for _ in 0..<30 {
                let node = nodes[random.int(below: nodes.count)]
                switch random.int(below: 4) {
                case 0: node.offset(x: random.double(in: -100...100), y: random.double(in: -100...100))
                case 1: node.scaleEffect(random.double(in: 0.5...2))
                case 2: node.allowsHitTesting(random.int(below: 2) == 0)
                default: node.rotationEffect(.degrees(random.double(in: 0...360)))
                }
            }
            for _ in 0..<200 {
                let p = point(random.double(in: -50...1050), random.double(in: -50...1050))
                let expected = nodes.reversed().first { node in
                    guard node.allowsHitTesting else { return false }
                    return linearHit(node, p)
                }
                #expect(scene.hitTest(p) === expected, "round \(round) at \(p)")
            }
        }
    }

    /// Whether a node of the layer (at the origin) is hit, computed directly from its properties.
    private func linearHit(_ node: Node, _ p: CGPoint) -> Bool {
        let frame = node.frame
        let c = CGPoint(x: frame.midX + node.offset.width, y: frame.midY + node.offset.height)
        let angle = -node.rotation.radians
        let dx = p.x - c.x
        let dy = p.y - c.y
        let rx = (dx * cos(angle) - dy * sin(angle)) / node.scale.width
        let ry = (dx * sin(angle) + dy * cos(angle)) / node.scale.height
        let local = CGPoint(x: rx + frame.width / 2, y: ry + frame.height / 2)
        guard case .shape(let kind, _) = node.content else { return false }
        return kind.contains(local, in: CGRect(origin: .zero, size: frame.size))
    }
}
