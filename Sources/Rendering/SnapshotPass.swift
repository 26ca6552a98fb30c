import DragDrop
import Foundation
import Gestures
import PNGCodec

/// One drawing of a scene: the node tree, then labels, then drag previews, then pointers, so that what matters
/// for a drag is never hidden.
///
/// While it draws, a pass also writes down what each node of the tree looks like (``NodeLook``) and where it
/// lands, and where the drag sessions land: comparing two passes tells which pixels can differ between them.
struct SnapshotPass {
    private let scene: Scene
    private let renderer: SnapshotRenderer
    private(set) var canvas: Canvas
    private let sessions: [DragSession]
    /// The preview nodes of live sessions, drawn last.
    private let previews: Set<NodeID>
    /// The operation proposed to each targeted node (nil when the target has not proposed one).
    private let targets: [NodeID: DropOperation?]
    /// Font scale for labels, and width of outlines, in pixels.
    private let labelScale: Int
    /// The size of labels' text, in pixels per em.
    private let labelSize: Int
    private let typeface: Typeface
    private let lineWidth: Double
    /// Labels collected while drawing the tree, drawn over it, with the node each belongs to.
    private var labels: [(text: String, x: Int, y: Int, color: PixelColor, owner: NodeID?)] = []
    /// The pictures looked up, by name: held until the next pass has compared its looks with this one's.
    private(set) var pictures: [String: Bitmap?] = [:]
    private let thumbnails: ThumbnailCache
    /// What each node of the tree drawn looks like and where it lands, in pixels.
    private(set) var looks: [NodeID: NodeLook] = [:]
    /// Where the drag sessions' previews, badges and pointers land.
    private(set) var overlay = PixelBox.empty
    /// The nodes drawn so far, for their place in the z order.
    private var drawnCount = 0

    init(scene: Scene, renderer: SnapshotRenderer, canvas: Canvas, thumbnails: ThumbnailCache) {
        self.scene = scene
        self.renderer = renderer
        self.canvas = canvas
        self.thumbnails = thumbnails
        sessions = scene.dragSessions
        previews = Set(sessions.compactMap(\.previewNodeID))
        var targets: [NodeID: DropOperation?] = [:]
        for session in sessions {
            if let target = session.targetNodeID, targets[target] == nil {
                targets[target] = .some(session.proposal?.operation)
            }
        }
        self.targets = targets
        labelScale = max(1, Int(renderer.scale.rounded()))
        labelSize = Self.textSize(11, renderer.scale)
        typeface = renderer.typeface
        lineWidth = max(1, renderer.scale)
    }

    mutating func drawScene() {
        let base = AffineMap.scaling(renderer.scale)
        let root = scene.root
        draw(root, base.concatenating(.node(root)), opacity: root.opacity, isPreview: false)
        for label in labels {
            let box = measure {
                $0.canvas.drawLabel(
                    label.text, x: label.x, y: label.y, typeface: $0.typeface, size: $0.labelSize, color: label.color,
                    plate: Palette.labelPlate)
            }
            if let owner = label.owner, let known = looks[owner]?.box { looks[owner]?.box = known.union(box) }
        }
        overlay = measure {
            for session in $0.sessions {
                $0.drawPreview(of: session)
            }
            for session in $0.sessions {
                $0.drawPointer(of: session)
            }
        }
    }

    /// The pixels that drawing in `body` touches (clipped or not), kept in the canvas's reach as well.
    private mutating func measure(_ body: (inout SnapshotPass) -> Void) -> PixelBox {
        let before = canvas.reach
        canvas.reach = .empty
        body(&self)
        let touched = canvas.reach
        canvas.reach = before.union(touched)
        return touched
    }

    // MARK: Nodes

    private mutating func draw(_ node: Node, _ transform: AffineMap, opacity: Double, isPreview: Bool) {
        guard opacity >= 0.001 else { return }
        let width = Double(node.frame.width)
        let height = Double(node.frame.height)
        let order = drawnCount
        drawnCount += 1
        let contentBox = measure {
            $0.drawContent(of: node, transform, width: width, height: height, opacity: opacity, isPreview: isPreview)
        }
        for child in node.children where !previews.contains(child.id) {
            draw(
                child, transform.concatenating(.node(child)), opacity: opacity * child.opacity, isPreview: isPreview)
        }
        let marksBox = measure {
            $0.drawMarks(of: node, transform, width: width, height: height, opacity: opacity, isPreview: isPreview)
        }
        guard !isPreview else { return }
        looks[node.id] = NodeLook(
            node: node, order: order, transform: transform, opacity: opacity, proposed: targets[node.id],
            mark: renderer.marks[node.id], picture: pictureIdentity(of: node), box: contentBox.union(marksBox))
    }

    /// A node's overlay colour, the highlight of a drop target and refusal marks, over its children.
    private mutating func drawMarks(
        of node: Node, _ transform: AffineMap, width: Double, height: Double, opacity: Double, isPreview: Bool
    ) {
        let outline = Self.outline(of: node.content)
        if let overlay = node.overlayColor {
            let color = PixelColor(overlay)
            canvas.fill(outline, width: width, height: height, transform: transform, opacity: opacity) { _, _ in color }
        }
        if !isPreview, let proposed = targets[node.id] {
            switch proposed {
            case .forbidden?:
                drawRefusal(SnapshotMark.forbidden(), of: node.id, outline, width, height, transform)
            case .cancel?:
                drawRefusal(SnapshotMark.refused(), of: node.id, outline, width, height, transform)
            default:
                if node.overlayColor == nil {
                    let color = Palette.targeted
                    canvas.fill(outline, width: width, height: height, transform: transform) { _, _ in color }
                }
                canvas.stroke(
                    outline, width: width, height: height, transform: transform, lineWidth: 3 * lineWidth,
                    color: Palette.targetedOutline)
            }
        }
        if !isPreview, let marker = node.listInsertionMarker {
            canvas.line(
                from: transform.apply(marker.start.x, marker.start.y), to: transform.apply(marker.end.x, marker.end.y),
                thickness: 3 * lineWidth, Palette.insertionMarker)
        }
        if !isPreview, let mark = renderer.marks[node.id] {
            drawRefusal(mark, of: node.id, outline, width, height, transform)
        }
    }

    /// The outline overlays and highlights follow: the content's shape, or the frame.
    private static func outline(of content: NodeContent) -> ShapeKind {
        if case .shape(let kind, _) = content { return kind }
        return .rectangle
    }

    private mutating func drawContent(
        of node: Node, _ transform: AffineMap, width: Double, height: Double, opacity: Double,
        isPreview: Bool
    ) {
        switch node.content {
        case .none:
            guard node !== scene.root, !isPreview else { return }
            drawPane(node, transform, width: width, height: height, opacity: opacity)
        case .shape(let kind, let fill):
            let color = PixelColor(fill)
            canvas.fill(kind, width: width, height: height, transform: transform, opacity: opacity) { _, _ in color }
        case .text(let text, let color):
            let scale = transform.linearScale
            drawText(
                text, color: PixelColor(color), transform, in: (0, 0, width, height), opacity: opacity,
                sizes: Self.textSize(9, scale)...max(Self.textSize(9, scale), Self.textSize(22, scale)), wraps: true)
        case .image(let name, let tint):
            drawImage(name, tint: tint, transform, width: width, height: height, opacity: opacity)
            drawCaption(node.name, of: node, transform, opacity: opacity)
        }
    }

    /// A container: a white pane with a grey outline, its name above it (inside when there is no room above).
    private mutating func drawPane(
        _ node: Node, _ transform: AffineMap, width: Double, height: Double, opacity: Double
    ) {
        let fill = Palette.pane
        canvas.fill(.rectangle, width: width, height: height, transform: transform, opacity: opacity) { _, _ in fill }
        canvas.stroke(
            .rectangle, width: width, height: height, transform: transform, lineWidth: lineWidth,
            color: Palette.paneOutline.opacity(opacity))
        guard !node.name.isEmpty else { return }
        let box = transform.pixelBounds(of: width, height)
        let labelHeight =
            Canvas.labelSize(of: node.name, typeface: typeface, size: labelSize).height + 2 * labelScale
        let top = box.minY >= labelHeight ? box.minY - labelHeight : box.minY + Int(lineWidth)
        labels.append((node.name, box.minX, top, Palette.paneLabel, node.id))
    }

    /// A size of text, in pixels per em, for a size at scale 1 and a number of pixels per unit; at least 1.
    private static func textSize(_ size: Double, _ scale: Double) -> Int {
        let pixels = size * scale
        guard pixels.isFinite else { return 1 }
        return Int(max(1, min(512, pixels.rounded())))
    }

    /// Text in a box of the node's space: the largest of `sizes` at which it fits (wrapped when `wraps`), each line
    /// centred; elided with "…" when it does not fit at all.
    private mutating func drawText(
        _ text: String, color: PixelColor, _ transform: AffineMap,
        in frame: (x: Double, y: Double, width: Double, height: Double), opacity: Double, sizes: ClosedRange<Int>,
        wraps: Bool
    ) {
        let pixelsPerUnit = transform.linearScale
        let limit = Double(max(canvas.width, canvas.height) * 2)
        guard pixelsPerUnit > 0, pixelsPerUnit.isFinite else { return }
        let boxWidth = Int(min(limit, frame.width * pixelsPerUnit).rounded(.down))
        let boxHeight = Int(min(limit, frame.height * pixelsPerUnit).rounded(.down))
        guard boxWidth > 0, boxHeight > 0 else { return }
        let layout = TextLayout(
            text, width: boxWidth, height: boxHeight, sizes: sizes, wraps: wraps, typeface: typeface)
        let metrics = typeface.metrics(size: layout.size)
        let lineHeight = metrics.lineHeight
        let top = Double(boxHeight - layout.height) / 2
        let upright = transform.isAxisAligned && transform.a > 0 && transform.d > 0
        let lineBoxHeight = metrics.ascent + metrics.descent
        for (index, line) in layout.lines.enumerated() {
            let lineWidth = layout.widths[index]
            let x = frame.x + Double(boxWidth - lineWidth) / 2 / pixelsPerUnit
            let y = frame.y + (top + Double(index * lineHeight)) / pixelsPerUnit
            if upright {
                // Upright text lands on whole pixels, as its glyphs were drawn.
                let corner = transform.apply(x, y)
                canvas.drawText(
                    line, x: Int(corner.x.rounded()), y: Int(corner.y.rounded()), typeface: typeface,
                    size: layout.size, color: color.opacity(opacity))
                continue
            }
            let placed = transform.concatenating(AffineMap(tx: x, ty: y))
            let (width, height) = (Double(lineWidth) / pixelsPerUnit, Double(lineBoxHeight) / pixelsPerUnit)
            // The glyphs are drawn only when some of the line is inside the clip.
            guard canvas.clippedBounds(placed, width: width, height: height) != nil else { continue }
            let mask = typeface.mask(of: line, size: layout.size)
            canvas.fill(.rectangle, width: width, height: height, transform: placed, opacity: opacity) { x, y in
                let value = mask[Int((x * pixelsPerUnit).rounded(.down)), Int((y * pixelsPerUnit).rounded(.down))]
                return value == 0 ? .transparent : color.opacity(Double(value) / 255)
            }
        }
    }

    /// A thumbnail's name, on a dark band across the bottom of its picture, elided with "…" to fit; left out when the
    /// picture is too small to hold it.
    private mutating func drawCaption(_ name: String, of node: Node, _ transform: AffineMap, opacity: Double) {
        let pixelsPerUnit = transform.linearScale
        guard !name.isEmpty, pixelsPerUnit > 0, pixelsPerUnit.isFinite, case .image(let image, _) = node.content,
            picture(named: image) != nil
        else { return }
        let box = contentBox(of: node)
        let size = Self.textSize(10, pixelsPerUnit)
        let metrics = typeface.metrics(size: size)
        let band = Double(metrics.ascent + metrics.descent + 2) / pixelsPerUnit
        let padding = 3 / pixelsPerUnit
        guard band * 2 <= box.height, box.width > 2 * padding else { return }
        let placed = transform.concatenating(AffineMap(tx: box.x, ty: box.y + box.height - band))
        let plate = Palette.captionPlate
        canvas.fill(.rectangle, width: box.width, height: band, transform: placed, opacity: opacity) { _, _ in plate }
        drawText(
            name, color: Palette.white, transform,
            in: (box.x + padding, box.y + box.height - band, box.width - 2 * padding, band), opacity: opacity,
            sizes: size...size, wraps: false)
    }

    /// Image content: the picture scaled to fit the frame with its aspect kept, centred, multiplied by the tint; a
    /// grey placeholder with the name when the lookup has no picture.
    private mutating func drawImage(
        _ name: String, tint: Color?, _ transform: AffineMap, width: Double, height: Double, opacity: Double
    ) {
        guard width > 0, height > 0 else { return }
        guard let picture = picture(named: name) else {
            drawPlaceholder(name, transform, width: width, height: height, opacity: opacity)
            return
        }
        let (fittedWidth, fittedHeight) = Self.fit(picture, width: width, height: height)
        let pixelsPerUnit = transform.linearScale
        let limit = Double(max(canvas.width, canvas.height) * 2)
        let thumbnailWidth = max(1, Int(min(limit, fittedWidth * pixelsPerUnit).rounded()))
        let thumbnailHeight = max(1, Int(min(limit, fittedHeight * pixelsPerUnit).rounded()))
        let tintColor = tint.map(PixelColor.init)
        let placed = transform.concatenating(
            AffineMap(tx: (width - fittedWidth) / 2, ty: (height - fittedHeight) / 2))
        // Resampled only when some of it is drawn.
        guard canvas.clippedBounds(placed, width: fittedWidth, height: fittedHeight) != nil else { return }
        let thumbnail = thumbnails.thumbnail(of: picture, width: thumbnailWidth, height: thumbnailHeight)
        let xScale = Double(thumbnailWidth) / fittedWidth
        let yScale = Double(thumbnailHeight) / fittedHeight
        canvas.fill(.rectangle, width: fittedWidth, height: fittedHeight, transform: placed, opacity: opacity) {
            x, y in
            let color = thumbnail.color(atX: x * xScale, y: y * yScale)
            return tintColor.map(color.tinted) ?? color
        }
    }

    private mutating func drawPlaceholder(
        _ name: String, _ transform: AffineMap, width: Double, height: Double, opacity: Double
    ) {
        let fill = Palette.placeholder
        canvas.fill(.rectangle, width: width, height: height, transform: transform, opacity: opacity) { _, _ in fill }
        canvas.stroke(
            .rectangle, width: width, height: height, transform: transform, lineWidth: lineWidth,
            color: Palette.placeholderOutline.opacity(opacity))
        drawText(
            name, color: Palette.placeholderText, transform, in: (0, 0, width, height), opacity: opacity,
            sizes: Self.textSize(9, transform.linearScale)...max(Self.textSize(9, transform.linearScale), labelSize),
            wraps: true)
    }

    /// Where a node draws, in its local space: the fitted picture of an image, the frame otherwise.
    private mutating func contentBox(of node: Node) -> (x: Double, y: Double, width: Double, height: Double) {
        let width = Double(node.frame.width)
        let height = Double(node.frame.height)
        guard case .image(let name, _) = node.content, let picture = picture(named: name) else {
            return (0, 0, width, height)
        }
        let fitted = Self.fit(picture, width: width, height: height)
        return ((width - fitted.width) / 2, (height - fitted.height) / 2, fitted.width, fitted.height)
    }

    /// The size of a picture scaled to fit a frame with its aspect kept.
    private static func fit(_ picture: Bitmap, width: Double, height: Double) -> (width: Double, height: Double) {
        let factor = min(width / Double(picture.width), height / Double(picture.height))
        return (Double(picture.width) * factor, Double(picture.height) * factor)
    }

    /// Which picture an image node shows, so that a new picture under the same name counts as a change.
    private mutating func pictureIdentity(of node: Node) -> Int? {
        guard case .image(let name, _) = node.content, let picture = picture(named: name) else { return nil }
        return ThumbnailCache.identity(of: picture)
    }

    private mutating func picture(named name: String) -> Bitmap? {
        if let known = pictures[name] { return known }
        let found = renderer.images(name)
        pictures[name] = .some(found)
        return found
    }

    // MARK: Marks

    /// A refusal: a red outline (and a red wash when forbidden), a ⊘ sign in the middle, and its label under it.
    private mutating func drawRefusal(
        _ mark: SnapshotMark, of owner: NodeID, _ outline: ShapeKind, _ width: Double, _ height: Double,
        _ transform: AffineMap
    ) {
        if mark.kind == .forbidden {
            let wash = Palette.refusedWash
            canvas.fill(outline, width: width, height: height, transform: transform) { _, _ in wash }
        }
        canvas.stroke(
            outline, width: width, height: height, transform: transform, lineWidth: 3 * lineWidth,
            color: Palette.refused)
        let center = transform.apply(width / 2, height / 2)
        let radius = min(36 * lineWidth, max(7 * lineWidth, min(width, height) * transform.linearScale * 0.22))
        let thickness = max(2, radius / 5)
        canvas.disc(centerX: center.x, centerY: center.y, radius: radius, Palette.white.opacity(0.85))
        canvas.disc(centerX: center.x, centerY: center.y, radius: radius, thickness: thickness, Palette.refused)
        let reach = (radius - thickness / 2) * 0.7071
        canvas.line(
            from: (center.x - reach, center.y + reach), to: (center.x + reach, center.y - reach),
            thickness: thickness, Palette.refused)
        let text = mark.text
        let labelWidth = Canvas.labelSize(of: text, typeface: typeface, size: labelSize).width
        labels.append(
            (
                text, Int((center.x - Double(labelWidth) / 2).rounded()), Int((center.y + radius).rounded()) + 3,
                Palette.refused, owner
            ))
    }

    // MARK: Drag sessions

    /// A live session's preview: a soft shadow, the preview node at 75 % of its opacity, and a badge with the
    /// number of items when there are several.
    private mutating func drawPreview(of session: DragSession) {
        guard let id = session.previewNodeID, let preview = scene.node(id), preview.isInScene else { return }
        var transform = AffineMap.scaling(renderer.scale)
        var opacity = 1.0
        for node in preview.ancestorsAndSelf.reversed() {
            transform = transform.concatenating(.node(node))
            opacity *= node.opacity
        }
        let shadow = Palette.shadow
        let box = contentBox(of: preview)
        let shadowOffset = AffineMap(tx: 3 * lineWidth, ty: 4 * lineWidth).concatenating(transform)
            .concatenating(AffineMap(tx: box.x, ty: box.y))
        canvas.fill(
            Self.outline(of: preview.content), width: box.width, height: box.height, transform: shadowOffset,
            opacity: opacity
        ) { _, _ in shadow }
        draw(preview, transform, opacity: opacity * 0.75, isPreview: true)
        guard session.itemsCount > 1 else { return }
        let corner = transform.apply(box.x + box.width, box.y)
        let count = "\(session.itemsCount)"
        let mask = typeface.mask(of: count, size: labelSize)
        let ascent = typeface.metrics(size: labelSize).ascent
        let radius = Double(max(mask.width, ascent) + 6 * labelScale) / 2 + 1
        canvas.disc(centerX: corner.x, centerY: corner.y, radius: radius, Palette.refused)
        // Digits stand on the baseline and reach about seven tenths of the ascent: centred on the corner.
        canvas.draw(
            mask, x: Int((corner.x - Double(mask.width) / 2).rounded()),
            y: Int((corner.y - Double(ascent) * 0.65).rounded()), color: Palette.white)
    }

    /// The pointer of a session, with what dropping there would do.
    private mutating func drawPointer(of session: DragSession) {
        let x = Double(session.sceneLocation.x) * renderer.scale
        let y = Double(session.sceneLocation.y) * renderer.scale
        let radius = 4 * lineWidth
        canvas.disc(centerX: x, centerY: y, radius: radius + lineWidth, Palette.white)
        canvas.disc(centerX: x, centerY: y, radius: radius, Palette.pointer)
        let text: String
        let color: PixelColor
        if session.isDropping {
            let progress = session.loadProgress.map { " \($0.completedItemCount)/\($0.totalItemCount)" } ?? ""
            (text, color) = ("dropping" + progress, Palette.targetedOutline)
        } else {
            switch session.proposal?.operation {
            case .copy?: (text, color) = ("+ copy", Palette.targetedOutline)
            case .move?: (text, color) = ("move", Palette.targetedOutline)
            case .forbidden?: (text, color) = ("forbidden", Palette.refused)
            case .cancel?: (text, color) = ("refused", Palette.refused)
            case nil: return
            }
        }
        let offset = Int((radius + 4 * lineWidth).rounded())
        canvas.drawLabel(
            text, x: Int(x.rounded()) + offset, y: Int(y.rounded()) + offset, typeface: typeface, size: labelSize,
            color: color, plate: Palette.labelPlate)
    }
}
