import Foundation
import Gestures

/// G19: a row of an image and three labels; `contentShape(Rectangle())` makes its gaps tappable.
public final class G19RowContentShape: GestureSample {
    public static let id = "G19"
    public static let title = "contentShape(Rectangle()) on a row so taps in its gaps select it"

    public let scene = Scene(size: sampleScreen)
    /// The row.
    public let row: Node
    /// The thumbnail.
    public let thumbnail: Node
    /// Whether the row is selected.
    public private(set) var selected = false
    /// Whether the row has its content shape (true in the example).
    public var usesContentShape = true {
        didSet { scene.update() }
    }

    public init() {
        scene.isRecording = true
        row = scene.root.addChild("HStack", frame: CGRect(x: 0, y: 100, width: 390, height: 110))
        thumbnail = row.addChild(
            "Image", frame: CGRect(x: 5, y: 5, width: 80, height: 100), content: .image("spot1", tint: nil))
        let labels = [("Balmy Beach", 5), ("Toronto", 25), ("2020", 45)]
        for (text, y) in labels {
            row.addChild(
                text, frame: CGRect(x: 93, y: CGFloat(y), width: 100, height: 18), content: .text(text, color: .black))
        }
        row.bind { [unowned self] row in
            row.contentShape = usesContentShape ? .rectangle : nil
            row.onTapGesture { self.selected.toggle() }
        }
        thumbnail.bind { [unowned self] thumbnail in
            thumbnail.overlay(selected ? Color.yellow : nil)
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.tap(at: CGPoint(x: 300, y: 150), time: 0)
        log.note("tap in the gap with the content shape: selected \(selected)")
        try scene.tap(at: CGPoint(x: 40, y: 150), time: 1)
        log.note("tap on the image: selected \(selected)")
        usesContentShape = false
        try scene.tap(at: CGPoint(x: 300, y: 150), time: 2)
        log.note("tap in the gap without it: selected \(selected)")
        return log.lines
    }
}
