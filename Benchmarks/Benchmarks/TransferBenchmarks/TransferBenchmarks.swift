// Performance targets of Transfer (issue 4), release builds:
// - in-process hand-over of a 64 MiB bitmap: no byte copy (the received bitmap shares the sender's storage, and no
//   large block is allocated), median under 50 µs;
// - export then import of a PNG-backed bitmap as PNG: within 1.2x of copying its encoded bytes;
// - Codable round trip of 10,000 small items: at most 10% slower than JSONEncoder and JSONDecoder called directly.
// Compare the medians of the paired benchmarks from one run.

import Benchmark
import ContentTypes
import Foundation
import PNGCodec
import Transfer

/// A small Codable item.
struct Item: Codable, Transferable {
    var id: Int
    var name: String
    var score: Double
    var tags: [String]

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .item)
    }
}

extension UTType {
    static let item = UTType(exportedAs: "org.dndkit.benchmarks.item")
}

/// Thrown when a benchmark's result is wrong, which fails the run.
struct WrongResult: Error, CustomStringConvertible {
    let description: String
}

/// A PNG-backed bitmap of `side`×`side` RGBA noise (incompressible, so the PNG is large) and its encoded bytes.
func noisePNG(side: Int) throws -> (Bitmap, Data) {
    var seed: UInt32 = 1
    let bytes = (0..<(side * side * 4)).map { _ -> UInt8 in
        seed = seed &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: seed >> 24)
    }
    let png = try Bitmap(width: side, height: side, format: .rgba8, bytes: bytes).pngData(options: .fast)
    return (try Bitmap(pngData: png), png)
}

/// The bitmap handed over: 4096×4096 RGBA, 64 MiB, made once (zeroing 64 MiB before each hand-over would only
/// measure the caches it evicts).
let largeBitmap = try? Bitmap(width: 4096, height: 4096, format: .rgba8)

let items = (0..<10_000).map { Item(id: $0, name: "item \($0)", score: Double($0) * 0.5, tags: ["a", "b"]) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(3))

    // MARK: Hand-over

    Benchmark(
        "hand-over 64 MiB bitmap",
        configuration: .init(
            metrics: [.wallClock, .mallocCountLarge],
            thresholds: [.wallClock: .init(absolute: [.p50: 50_000]), .mallocCountLarge: .init(absolute: [.p50: 0])])
    ) { benchmark in
        guard let bitmap = largeBitmap else {
            throw WrongResult(description: "the bitmap could not be made")
        }
        benchmark.startMeasurement()
        let received = try await ItemProvider(bitmap).loadTransferable(type: Bitmap.self)
        benchmark.stopMeasurement()
        guard received.sharesStorage(with: bitmap) else {
            throw WrongResult(description: "the hand-over copied the bitmap")
        }
    }

    // MARK: PNG pass-through

    let (pngBitmap, pngBytes) = (try? noisePNG(side: 1024)) ?? (nil, Data())
    Benchmark("PNG 4 MiB: copy the encoded bytes") { _ in
        blackHole(pngBytes.withUnsafeBytes { Data($0) })
    }
    Benchmark("PNG 4 MiB: export then import as PNG") { _ in
        guard let pngBitmap else {
            throw WrongResult(description: "the PNG could not be made")
        }
        let provider = ItemProvider(pngBitmap).restricted(to: .all)  // another process: no hand-over
        let received = try await provider.loadTransferable(type: Data.self)
        guard received.count == pngBytes.count else {
            throw WrongResult(description: "the PNG was re-encoded")
        }
        blackHole(received)
    }

    // MARK: Codable round trips

    Benchmark("Codable 10,000 items: JSONEncoder and JSONDecoder directly") { _ in
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for item in items {
            blackHole(try decoder.decode(Item.self, from: encoder.encode(item)))
        }
    }
    Benchmark("Codable 10,000 items: exported(as:) and init(importing:contentType:)") { _ in
        for item in items {
            blackHole(try await Item(importing: item.exported(as: .item), contentType: .item))
        }
    }
    Benchmark("Codable 10,000 items: through item providers") { _ in
        for item in items {
            blackHole(try await ItemProvider(item).restricted(to: .all).loadTransferable(type: Item.self))
        }
    }
}
