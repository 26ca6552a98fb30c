import Foundation

/// Lines of what callbacks saw, in order: tests compare them with the lines they expect.
public final class Log {
    /// The lines, in order.
    public private(set) var lines: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Adds a line.
    /// - Parameter line: What happened.
    public func add(_ line: String) {
        lines.append(line)
    }

    /// Forgets every line.
    public func clear() {
        lines.removeAll()
    }
}

/// A point, shortly: `point(50, 50)`.
public func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
    CGPoint(x: x, y: y)
}

/// A rectangle, shortly: `rect(0, 0, 100, 100)`.
public func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}
