import Foundation

extension PNGDecoder {
    /// Decodes several PNGs at once, up to `maxConcurrency` at a time on the cooperative thread pool, which
    /// has a thread per core: with the default, all cores work.
    ///
    /// - Parameters:
    ///   - inputs: whole PNG files.
    ///   - maxConcurrency: how many to decode at the same time, at least 1; by default the number of active
    ///     processor cores.
    /// - Returns: one result per input, in input order: the bitmap, or the error that input gave.
    public func decode(
        _ inputs: [Data], maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> [Result<Bitmap, ImageError>] {
        let width = max(1, maxConcurrency)
        return await withTaskGroup(of: (Int, Result<Bitmap, ImageError>).self) { group in
            var results = [Result<Bitmap, ImageError>](
                repeating: .failure(ImageError(.libpng, "not decoded")), count: inputs.count)
            var next = 0
            func startNext() {
                guard next < inputs.count else {
                    return
                }
                let index = next
                let input = inputs[index]
                group.addTask {
                    (index, Result { () throws(ImageError) -> Bitmap in try decode(input) })
                }
                next += 1
            }
            for _ in 0..<min(width, inputs.count) {
                startNext()
            }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
            return results
        }
    }
}
