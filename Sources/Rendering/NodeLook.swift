import DragDrop
import Foundation
import Gestures
import PNGCodec

/// What decides how a node of the tree is drawn, and where it lands: two passes that give a node the same look drew
/// the same pixels for it, so only nodes whose look changed (and the drag sessions) need drawing again.
struct NodeLook: Equatable {
    private let content: NodeContent
    private let name: String
    private let size: CGSize
    private let overlayColor: Color?
    /// Its place in the drawing order: a node moved above or below another looks different.
    private let order: Int
    private let transform: AffineMap
    private let opacity: Double
    private let proposed: DropOperation??
    private let mark: SnapshotMark?
    private let picture: Int?
    /// The insertion marker of a list a drag hovers over.
    private let insertion: ListInsertionMarker?
    /// The pixels its drawing touches (content, marks and labels), clip or not.
    var box: PixelBox

    init(
        node: Node, order: Int, transform: AffineMap, opacity: Double, proposed: DropOperation??,
        mark: SnapshotMark?, picture: Int?, box: PixelBox
    ) {
        content = node.content
        name = node.name
        size = node.frame.size
        overlayColor = node.overlayColor
        self.order = order
        self.transform = transform
        self.opacity = opacity
        self.proposed = proposed
        self.mark = mark
        self.picture = picture
        insertion = node.listInsertionMarker
        self.box = box
    }
}

/// Thumbnails of pictures at the sizes they are drawn, kept from one frame to the next by a live renderer.
final class ThumbnailCache {
    private struct Key: Hashable {
        var picture: Int
        var width: Int
        var height: Int
    }

    /// Each thumbnail with its picture, kept alive so that its address names no other picture meanwhile.
    private var thumbnails: [Key: (picture: Bitmap, thumbnail: ResampledImage)] = [:]
    /// The samples the thumbnails hold; past ``budget``, the cache starts again (a drag preview whose size keeps
    /// changing makes a new thumbnail each frame).
    private var samples = 0
    private let budget: Int

    /// - Parameter budget: The most samples (4 a pixel, 4 bytes each) kept: 32 Mi, 128 MiB, by default.
    init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// A picture's identity while it lives: the address of its samples, which stay put and name no other picture
    /// while something holds this one (the cache, the pass that looked it up).
    static func identity(of picture: Bitmap) -> Int {
        picture.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
    }

    func thumbnail(of picture: Bitmap, width: Int, height: Int) -> ResampledImage {
        let key = Key(picture: Self.identity(of: picture), width: width, height: height)
        if let known = thumbnails[key] { return known.thumbnail }
        let made = ResampledImage(picture, width: width, height: height)
        if samples + made.samples.count > budget {
            thumbnails.removeAll()
            samples = 0
        }
        thumbnails[key] = (picture, made)
        samples += made.samples.count
        return made
    }
}
