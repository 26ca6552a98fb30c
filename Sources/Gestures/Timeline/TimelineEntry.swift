/// One line of a scene's timeline: when, which node, which gesture, what happened, with what value.
public struct TimelineEntry: Hashable, Sendable, CustomStringConvertible {
    /// What happened. Other modules add their own kinds (`TimelineEntry.Kind("drop.entered")`).
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a kind.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// A pointer event (value: phase, pointer and location).
        public static let pointer = Kind("pointer")
        /// A key event.
        public static let key = Kind("key")
        /// An attached gesture became active.
        public static let began = Kind("began")
        /// An attached gesture ended successfully.
        public static let ended = Kind("ended")
        /// An attached gesture failed.
        public static let failed = Kind("failed")
        /// An attached gesture was cancelled.
        public static let cancelled = Kind("cancelled")
        /// An `onChanged` action ran.
        public static let onChanged = Kind("onChanged")
        /// An `onEnded` action ran.
        public static let onEnded = Kind("onEnded")
        /// An `updating` body ran (value: the state after it).
        public static let updating = Kind("updating")
        /// A `@GestureState` returned to its initial value.
        public static let reset = Kind("reset")
        /// A node property changed (value: property and new value).
        public static let property = Kind("property")
        /// The simulated system edge gesture took the pointer.
        public static let systemGesture = Kind("systemGesture")
        /// A deadline scheduled from outside the engine ran.
        public static let deadline = Kind("deadline")
        /// A node was removed from the scene.
        public static let removed = Kind("removed")

        /// The raw value.
        public var description: String { rawValue }
    }

    /// The time on the scene's clock.
    public var time: Double
    /// The node concerned, if any.
    public var nodeID: NodeID?
    /// The node's name, if any.
    public var nodeName: String?
    /// The gesture concerned, if any (`DragGesture`, `Sequence(LongPressGesture, DragGesture)`).
    public var gesture: String?
    /// What happened.
    public var kind: Kind
    /// The value, as text.
    public var value: String
    /// The animation a property change was made with, if any.
    public var animation: Animation?

    /// Creates an entry.
    public init(
        time: Double, nodeID: NodeID? = nil, nodeName: String? = nil, gesture: String? = nil, kind: Kind,
        value: String = "", animation: Animation? = nil
    ) {
        self.time = time
        self.nodeID = nodeID
        self.nodeName = nodeName
        self.gesture = gesture
        self.kind = kind
        self.value = value
        self.animation = animation
    }

    /// `0.500  star#2  LongPressGesture  onEnded  true`, fields left out when absent.
    public var description: String {
        var fields = [Formatting.time(time)]
        if let nodeID { fields.append("\(nodeName ?? "")\(nodeID)") }
        if let gesture { fields.append(gesture) }
        fields.append(kind.rawValue)
        if !value.isEmpty { fields.append(value) }
        if let animation { fields.append("animation: \(animation)") }
        return fields.joined(separator: "  ")
    }
}

/// The record of what happened in a scene, in order. Equal streams of input give equal timelines.
public struct Timeline: Hashable, Sendable, CustomStringConvertible {
    /// The entries, in the order they happened.
    public private(set) var entries: [TimelineEntry] = []

    /// Creates an empty timeline.
    public init() {}

    /// Appends an entry.
    public mutating func append(_ entry: TimelineEntry) {
        entries.append(entry)
    }

    /// Removes every entry.
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// The entries of some kinds, in order.
    public func entries(of kinds: TimelineEntry.Kind...) -> [TimelineEntry] {
        entries.filter { kinds.contains($0.kind) }
    }

    /// One entry per line.
    public var description: String {
        entries.map(\.description).joined(separator: "\n")
    }
}
