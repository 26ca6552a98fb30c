import DragDrop
import Gestures
import PNGCodec

/// Draws a scene frame after frame, as a window shows it: each frame redraws only the pixels that can differ from
/// the frame before, and says which they are.
///
/// A frame first walks the scene without drawing, to learn what each node looks like and where it lands (a
/// ``SnapshotRenderer`` pass with nothing to draw into); the nodes whose look changed, those that came or went, and
/// the drag sessions' previews and pointers, where they were and where they are, make the damage. Only the damage
/// is then drawn, by the same pass clipped to it, so every frame has exactly the pixels ``SnapshotRenderer/render(_:)``
/// gives for the scene. Thumbnails of pictures are kept from frame to frame.
///
/// ```swift
/// let frames = FrameRenderer(renderer)
/// let damage = try frames.render(scene)     // the whole picture the first time
/// frames.withUnsafeBytes { rgba in send(damage, from: rgba) }
/// ```
///
/// Not `Sendable`: one task draws its frames.
package final class FrameRenderer {
    /// How each frame is drawn.
    package let renderer: SnapshotRenderer
    private var canvas: Canvas?
    private var looks: [NodeID: NodeLook] = [:]
    private var overlay = PixelBox.empty
    /// The pictures the last frame looked up, held so that their identities stay theirs until the next comparison.
    private var pictures: [String: Bitmap?] = [:]
    private let thumbnails = ThumbnailCache()

    /// Past this many separate parts, the damage is drawn as the one box that holds them all.
    static let maximumBoxes = 8

    /// Creates frames drawn by a renderer.
    /// - Parameter renderer: What draws each frame.
    package init(_ renderer: SnapshotRenderer) {
        self.renderer = renderer
    }

    /// The frame's width in pixels (0 before the first frame).
    package var width: Int { canvas?.width ?? 0 }

    /// The frame's height in pixels (0 before the first frame).
    package var height: Int { canvas?.height ?? 0 }

    /// Draws the next frame.
    /// - Parameter scene: The scene, with its drag sessions.
    /// - Returns: The parts of the frame that were drawn again, in pixels, apart from each other: the whole frame the
    ///   first time and after the scene's size changed, none when nothing can have changed.
    /// - Throws: ``SnapshotError`` as ``SnapshotRenderer/render(_:)`` does.
    package func render(_ scene: Scene) throws(SnapshotError) -> [PixelBox] {
        let (width, height) = try renderer.pixelSize(of: scene)
        // Taken out of the property while drawing, so that the pass holds the only reference to its samples.
        var canvas = self.canvas ?? Canvas(width: 0, height: 0, background: Palette.backdrop)
        self.canvas = nil
        let whole = canvas.width != width || canvas.height != height
        if whole { canvas = Canvas(width: width, height: height, background: Palette.backdrop) }
        // Where everything lands, drawing nothing.
        canvas.clip = .empty
        var survey = SnapshotPass(scene: scene, renderer: renderer, canvas: canvas, thumbnails: thumbnails)
        survey.drawScene()
        canvas = survey.canvas
        let damage =
            whole
            ? [canvas.bounds]
            : Self.damage(from: (looks, overlay), to: (survey.looks, survey.overlay), in: canvas.bounds)
        for box in damage {
            canvas.clip = box
            canvas.clear(box)
            var pass = SnapshotPass(scene: scene, renderer: renderer, canvas: canvas, thumbnails: thumbnails)
            canvas = Canvas(width: 0, height: 0, background: Palette.backdrop)
            pass.drawScene()
            canvas = pass.canvas
        }
        canvas.clip = canvas.bounds
        canvas.reach = .empty
        self.canvas = canvas
        looks = survey.looks
        overlay = survey.overlay
        pictures = survey.pictures
        return damage
    }

    /// The frame's RGBA 8-bit samples, row after row, for reading while `body` runs.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try (canvas?.bytes ?? []).withUnsafeBytes(body)
    }

    /// The frame as a bitmap.
    /// - Throws: ``SnapshotError`` before the first frame.
    package func bitmap() throws(SnapshotError) -> Bitmap {
        guard let canvas else { throw SnapshotError(.invalidSize, "no frame has been drawn yet") }
        do {
            return try canvas.bitmap()
        } catch {
            throw SnapshotError(.encodingFailed, "could not make the frame's bitmap: \(error)", underlyingError: error)
        }
    }

    /// The pixels that can differ between two passes, as few boxes: every node whose look changed, where it was and
    /// where it is, those that came or went, and the sessions' overlays of both.
    static func damage(
        from old: (looks: [NodeID: NodeLook], overlay: PixelBox),
        to new: (looks: [NodeID: NodeLook], overlay: PixelBox), in bounds: PixelBox
    ) -> [PixelBox] {
        var boxes = [old.overlay, new.overlay]
        for (id, look) in new.looks {
            guard let before = old.looks[id] else {
                boxes.append(look.box)
                continue
            }
            if before != look {
                boxes.append(before.box)
                boxes.append(look.box)
            }
        }
        for (id, look) in old.looks where new.looks[id] == nil {
            boxes.append(look.box)
        }
        return merged(boxes.map { $0.intersection(bounds) })
    }

    /// Boxes joined wherever they overlap or touch, until none does; all in one when too many stay apart.
    static func merged(_ boxes: [PixelBox]) -> [PixelBox] {
        var result: [PixelBox] = []
        for box in boxes where !box.isEmpty {
            var joined = box
            var index = 0
            while index < result.count {
                let other = result[index]
                let touching = PixelBox(
                    minX: other.minX - 1, minY: other.minY - 1, maxX: other.maxX + 1, maxY: other.maxY + 1)
                if touching.intersection(joined).isEmpty {
                    index += 1
                } else {
                    joined = joined.union(other)
                    result.remove(at: index)
                    index = 0
                }
            }
            result.append(joined)
        }
        guard result.count > maximumBoxes else { return result }
        return [result.reduce(PixelBox.empty) { $0.union($1) }]
    }
}
