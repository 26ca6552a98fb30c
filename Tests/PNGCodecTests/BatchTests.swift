import Foundation
import PNGCodec
import Testing

@Suite("Batch decoding")
struct BatchTests {
    @Test func resultsArriveInInputOrderWithErrorsInPlace() async throws {
        let files = ["basn0g01.png", "xs1n0g01.png", "basn6a16.png", "pngtest.png", "xcsn0g01.png", "basi3p08.png"]
        let inputs = try files.map(Fixtures.data)
        let results = await PNGDecoder().decode(inputs)
        #expect(results.count == files.count)
        for (file, (input, result)) in zip(files, zip(inputs, results)) {
            switch result {
            case .success(let bitmap):
                #expect(!file.hasPrefix("x"))
                #expect(bitmap == (try PNGDecoder().decode(input)), "\(file)")
            case .failure(let error):
                #expect(file.hasPrefix("x"), "\(file): \(error)")
            }
        }
    }

    @Test(arguments: [1, 2, 8])
    func everyConcurrencyGivesTheSameResults(maxConcurrency: Int) async throws {
        let inputs = try Fixtures.validFiles.prefix(24).map(Fixtures.data)
        let results = await PNGDecoder().decode(inputs, maxConcurrency: maxConcurrency)
        for (input, result) in zip(inputs, results) {
            #expect(try result.get() == PNGDecoder().decode(input))
        }
    }
}
