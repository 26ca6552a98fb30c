extension Bitmap {
    /// Calls `body` with all sample bytes, row after row (16-bit samples big-endian).
    ///
    /// - Parameter body: reads the bytes; they are valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(storage.bytes))
    }

    /// Calls `body` with all sample bytes to modify in place. Copies the bytes first if another bitmap shares
    /// them, and forgets ``originalPNGData``.
    ///
    /// - Parameter body: reads and writes the bytes; they are valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public mutating func withUnsafeMutableBytes<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        prepareForMutation()
        return try body(storage.bytes)
    }

    /// Calls `body` with the bytes of row `y` (0 is the top row).
    ///
    /// - Parameters:
    ///   - y: the row, `0..<height`; anything else is a programming error that stops the program.
    ///   - body: reads the row's ``bytesPerRow`` bytes; they are valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func withUnsafeBytes<Result, Failure: Error>(
        ofRow y: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        return try body(UnsafeRawBufferPointer(rebasing: storage.bytes[y * bytesPerRow..<(y + 1) * bytesPerRow]))
    }

    /// Calls `body` with the bytes of row `y` to modify in place. Copies the bytes first if another bitmap
    /// shares them, and forgets ``originalPNGData``.
    ///
    /// - Parameters:
    ///   - y: the row, `0..<height`; anything else is a programming error that stops the program.
    ///   - body: reads and writes the row's ``bytesPerRow`` bytes; they are valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public mutating func withUnsafeMutableBytes<Result, Failure: Error>(
        ofRow y: Int, _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        prepareForMutation()
        let rowBytes = bytesPerRow
        return try body(UnsafeMutableRawBufferPointer(rebasing: storage.bytes[y * rowBytes..<(y + 1) * rowBytes]))
    }

    /// The value of one sample: 0…255 for 8-bit bitmaps, 0…65535 for 16-bit ones.
    ///
    /// Setting a sample copies the bytes first if another bitmap shares them, and forgets ``originalPNGData``.
    /// Coordinates outside the bitmap, a channel outside `0..<format.channels.count` and a value above
    /// ``BitDepth/maxSampleValue`` are programming errors that stop the program.
    ///
    /// - Parameters:
    ///   - x: the column, 0 at the left.
    ///   - y: the row, 0 at the top.
    ///   - channel: the sample within the pixel, in ``Channels`` order (for RGBA: 0 red … 3 alpha).
    public subscript(x x: Int, y y: Int, channel channel: Int) -> UInt16 {
        get {
            let offset = sampleOffset(x: x, y: y, channel: channel)
            if format.bitDepth == .eight {
                return UInt16(storage.bytes[offset])
            }
            return UInt16(storage.bytes[offset]) << 8 | UInt16(storage.bytes[offset + 1])
        }
        set {
            precondition(Int(newValue) <= format.bitDepth.maxSampleValue, "sample \(newValue) exceeds \(format)")
            let offset = sampleOffset(x: x, y: y, channel: channel)
            prepareForMutation()
            if format.bitDepth == .eight {
                storage.bytes[offset] = UInt8(newValue)
            } else {
                storage.bytes[offset] = UInt8(newValue >> 8)
                storage.bytes[offset + 1] = UInt8(newValue & 0xFF)
            }
        }
    }

    private func sampleOffset(x: Int, y: Int, channel: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        precondition(channel >= 0 && channel < format.channels.count, "channel \(channel) is outside \(format)")
        return y * bytesPerRow + (x * format.channels.count + channel) * format.bitDepth.bytesPerSample
    }
}
