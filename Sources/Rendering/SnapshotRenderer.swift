import DragDrop
import Foundation
import Gestures
import PNGCodec

/// Draws a live scene as a picture: what `dnd-sim run --snapshots` writes at each key moment.
///
/// The picture shows every node in z order with its transforms (offset, scale, rotation) and opacity: containers as
/// white panes with their names, shapes, text (in ``typeface``: wrapped to its node's width, at the largest size that
/// fits, elided with "…" when even the smallest does not), images as thumbnails scaled to fit with their aspect kept
/// and their node's name on a caption across the bottom (looked up by name through ``images``; a missing one draws as
/// a grey placeholder with its name).
/// On top of that it shows the drag sessions of `scene.dragSessions`: each preview at the pointer, semi-transparent
/// and with a count badge when several items travel; the targeted node highlighted as example D4 does it (green at
/// opacity 0.2, plus a green outline); a target proposing `.forbidden` or `.cancel` marked with a red outline, a ⊘
/// sign and a label; and the pointer with the proposed operation. ``marks`` adds refusals only the caller knows of.
///
/// ```swift
/// let renderer = SnapshotRenderer(marks: [album.id: .refused("not an image")], images: ["sunset": sunset])
/// try SnapshotFile.write(renderer.render(scene), toPath: "snapshot.png")
/// ```
///
/// The same scene always gives the same pixels and the same PNG bytes.
package struct SnapshotRenderer: Sendable {
    /// Finds the picture of an image node (`NodeContent.image(name, tint:)`) by name; nil draws a placeholder.
    package typealias ImageLookup = @Sendable (String) -> Bitmap?

    /// The largest picture the renderer makes, in pixels (64 Mi, an 8192×8192 picture).
    package static let maximumPixelCount = 1 << 26

    /// Pixels per scene point: 1 draws a 390×844 scene as a 390×844 picture, 2 doubles it.
    package var scale: Double
    /// Marks to draw on nodes, by identifier.
    package var marks: [NodeID: SnapshotMark]
    /// The pictures of image nodes.
    package var images: ImageLookup
    /// What text is drawn with: ``Typeface/standard`` (DejaVu Sans through FreeType) unless told.
    package var typeface: Typeface

    /// Creates a renderer that finds images with a function.
    /// - Parameters:
    ///   - scale: Pixels per scene point.
    ///   - marks: Marks to draw on nodes, by identifier.
    ///   - images: Finds the picture of an image node by name.
    ///   - typeface: What text is drawn with.
    package init(
        scale: Double = 1, marks: [NodeID: SnapshotMark] = [:], images: @escaping ImageLookup = { _ in nil },
        typeface: Typeface = .standard
    ) {
        self.scale = scale
        self.marks = marks
        self.images = images
        self.typeface = typeface
    }

    /// Creates a renderer that finds images in a dictionary.
    /// - Parameters:
    ///   - scale: Pixels per scene point.
    ///   - marks: Marks to draw on nodes, by identifier.
    ///   - images: The pictures of image nodes, by name.
    ///   - typeface: What text is drawn with.
    package init(
        scale: Double = 1, marks: [NodeID: SnapshotMark] = [:], images: [String: Bitmap],
        typeface: Typeface = .standard
    ) {
        self.init(scale: scale, marks: marks, images: { images[$0] }, typeface: typeface)
    }

    /// Draws the scene as it is now.
    /// - Parameter scene: The scene, with its drag sessions.
    /// - Returns: An RGBA 8-bit picture of `scene.size` times ``scale`` pixels (rounded, at least 1×1).
    /// - Throws: ``SnapshotError`` with `SnapshotError.Code.invalidSize` when the picture would be larger than
    ///   ``maximumPixelCount`` or its size is not finite.
    package func render(_ scene: Scene) throws(SnapshotError) -> Bitmap {
        let (width, height) = try pixelSize(of: scene)
        let canvas = Canvas(width: width, height: height, background: Palette.backdrop)
        var pass = SnapshotPass(scene: scene, renderer: self, canvas: canvas, thumbnails: ThumbnailCache())
        pass.drawScene()
        do {
            return try pass.canvas.bitmap()
        } catch {
            throw SnapshotError(
                .encodingFailed, "could not make the snapshot's bitmap: \(error)", underlyingError: error)
        }
    }

    /// The size of the picture of a scene, in pixels.
    func pixelSize(of scene: Scene) throws(SnapshotError) -> (width: Int, height: Int) {
        let width = Double(scene.size.width) * scale
        let height = Double(scene.size.height) * scale
        guard width.isFinite, height.isFinite, scale > 0,
            width * height <= Double(Self.maximumPixelCount)
        else {
            throw SnapshotError(
                .invalidSize,
                "a snapshot of a \(scene.size.width)x\(scene.size.height) scene at scale \(scale) would be"
                    + " \(width)x\(height) pixels; at most \(Self.maximumPixelCount) pixels are drawn")
        }
        return (max(1, Int(width.rounded())), max(1, Int(height.rounded())))
    }

    /// Draws the scene as it is now and encodes the picture as PNG.
    /// - Parameters:
    ///   - scene: The scene, with its drag sessions.
    ///   - options: How to compress; ``PNGEncoder/Options/fast`` by default.
    /// - Returns: A whole PNG file.
    /// - Throws: ``SnapshotError``: `SnapshotError.Code.invalidSize` as ``render(_:)`` does,
    ///   `SnapshotError.Code.encodingFailed` when PNGCodec fails.
    package func pngData(of scene: Scene, options: PNGEncoder.Options = .fast) throws(SnapshotError) -> Data {
        let bitmap = try render(scene)
        do {
            return try PNGEncoder(options: options).encode(bitmap)
        } catch {
            throw SnapshotError(.encodingFailed, "could not encode the snapshot: \(error)", underlyingError: error)
        }
    }
}
