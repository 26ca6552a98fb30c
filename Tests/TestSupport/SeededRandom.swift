/// A deterministic generator (SplitMix64) for property tests, soak tests and test images: a seed gives one case,
/// the same on every run and every machine. The one generator every test target uses.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator; the seed is spread over the state so that small seeds give unrelated sequences.
    /// - Parameter seed: The seed.
    public init(seed: UInt64) {
        state = seed &* 0x2545_F491_4F6C_DD1D
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 for a bound below 1).
    public mutating func int(below bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        int(below: 100) < percent
    }

    /// True or false, evenly.
    public mutating func bool() -> Bool {
        next() & 1 == 1
    }

    /// A number in `range`, evenly spread.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(UInt64(1) << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// One of `elements`, or nil when there are none.
    public mutating func pick<T>(_ elements: [T]) -> T? {
        elements.isEmpty ? nil : elements[int(below: elements.count)]
    }
}
