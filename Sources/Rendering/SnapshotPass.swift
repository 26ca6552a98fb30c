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
        lineWidth = max(1, renderer.scale)
    }

    mutating func drawScene() {
        let base = AffineMap.scaling(renderer.scale)
        let root = scene.root
        draw(root, base.concatenating(.node(root)), opacity: root.opacity, isPreview: false)
        for label in labels {
            let box = measure {
                $0.canvas.drawLabel(
                    label.text, x: label.x, y: label.y, scale: $0.labelScale, color: label.color,
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
            drawText(
                text, color: PixelColor(color), transform, width: width, height: height, opacity: opacity,
                maximumScale: max(1, Int((2 * transform.linearScale).rounded())))
        case .image(let name, let tint):
            drawImage(name, tint: tint, transform, width: width, height: height, opacity: opacity)
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
        let labelHeight = (BitmapFont.lineHeight + 2) * labelScale
        let top = box.minY >= labelHeight ? box.minY - labelHeight : box.minY + Int(lineWidth)
        labels.append((node.name, box.minX, top, Palette.paneLabel, node.id))
    }

    /// Text content: the largest whole font scale that fits the frame (at most twice the scale of the node's space),
    /// centred; shortened with `..` when it does not fit at all.
    private mutating func drawText(
        _ text: String, color: PixelColor, _ transform: AffineMap, width: Double, height: Double,
        opacity: Double, maximumScale: Int
    ) {
        let pixelsPerUnit = transform.linearScale
        guard pixelsPerUnit > 0 else { return }
        let fit = TextFit(
            text, width: width * pixelsPerUnit, height: height * pixelsPerUnit, maximumScale: maximumScale)
        guard !fit.text.isEmpty else { return }
        let boxWidth = Double(fit.pixelWidth) / pixelsPerUnit
        let boxHeight = Double(fit.pixelHeight) / pixelsPerUnit
        let originX = (width - boxWidth) / 2
        let originY = (height - boxHeight) / 2
        if transform.isAxisAligned, transform.a > 0, transform.d > 0 {
            // Upright text lands on whole pixels, so every stroke keeps its width.
            let corner = transform.apply(originX, originY)
            canvas.drawText(
                fit.text, x: Int(corner.x.rounded()), y: Int(corner.y.rounded()), scale: fit.scale,
                color: color.opacity(opacity))
            return
        }
        let glyphs = fit.text.map(BitmapFont.rows(of:))
        let unit = Double(fit.scale) / pixelsPerUnit
        let boxTransform = transform.concatenating(AffineMap(tx: originX, ty: originY))
        canvas.fill(.rectangle, width: boxWidth, height: boxHeight, transform: boxTransform, opacity: opacity) {
            x, y in
            let column = Int((x / unit).rounded(.down))
            let row = Int((y / unit).rounded(.down))
            let index = column / BitmapFont.advance
            guard index >= 0, index < glyphs.count,
                BitmapFont.isLit(glyphs[index], x: column % BitmapFont.advance, y: row)
            else { return .transparent }
            return color
        }
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
            name, color: Palette.placeholderText, transform, width: width, height: height, opacity: opacity,
            maximumScale: labelScale)
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
        let labelWidth = (BitmapFont.width(of: text) + 4) * labelScale
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
        let radius = Double((BitmapFont.width(of: count) + 6) * labelScale) / 2 + 1
        canvas.disc(centerX: corner.x, centerY: corner.y, radius: radius, Palette.refused)
        canvas.drawText(
            count, x: Int((corner.x - Double(BitmapFont.width(of: count) * labelScale) / 2).rounded()),
            y: Int((corner.y - Double(7 * labelScale) / 2).rounded()), scale: labelScale, color: Palette.white)
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
            text, x: Int(x.rounded()) + offset, y: Int(y.rounded()) + offset, scale: labelScale, color: color,
            plate: Palette.labelPlate)
    }
}
