/// When a window draws its next frame: at most 30 frames a second, and a frame that takes longer than that only once
/// input pauses (another program dragging over the window waits for each answer, and an answer must not wait for a
/// frame). Times are the window's seconds.
struct FramePacing {
    /// The shortest time between frames.
    static let interval = 1.0 / 30
    /// How long input must pause before a slow frame is drawn.
    static let pause = 0.15

    /// When the last frame was drawn, and how long it took.
    private var lastDraw = -Double.infinity
    private var drawCost = 0.0
    /// When the last input came.
    var lastInput = -Double.infinity

    /// Whether a wanted frame may be drawn now.
    func isDue(at now: Double, wanted: Bool) -> Bool {
        wanted && now >= nextFrame
    }

    /// The earliest time a wanted frame may be drawn.
    var nextFrame: Double {
        let paced = lastDraw + Self.interval
        return drawCost < Self.interval ? paced : max(paced, lastInput + Self.pause)
    }

    /// A frame was drawn between `start` and `end`.
    mutating func drew(from start: Double, to end: Double) {
        lastDraw = start
        drawCost = end - start
    }
}
