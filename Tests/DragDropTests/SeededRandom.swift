/// A deterministic generator (SplitMix64) for the property tests: a seed gives one case, the same every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x2545_F491_4F6C_DD1D
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func int(below bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(below: 100) < percent
    }

    /// A number in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(UInt64(1) << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// One of `elements`.
    mutating func pick<T>(_ elements: [T]) -> T? {
        elements.isEmpty ? nil : elements[int(below: elements.count)]
    }
}
