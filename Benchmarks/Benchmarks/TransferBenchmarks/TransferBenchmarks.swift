// Performance targets of Transfer (issue 4), release builds:
// - in-process hand-over of a 64 MiB bitmap: no byte copy (the received bitmap shares the sender's storage, and no
//   large block is allocated), median under 50 µs;
// - export then import of a PNG-backed bitmap as PNG: within 1.2x of copying its encoded bytes;
// - Codable round trip of 10,000 small items: at most 10% slower than JSONEncoder and JSONDecoder called directly.
// The PNG pair is compared by the medians of one run; the Codable ways are measured side by side in each sample.

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

    // MARK: Growth

    // The PNG pass-through at 1, 16 and 64 MiB of pixels (issue 8): the encoded bytes a decoded bitmap remembers are
    // handed on, neither copied nor re-encoded, so the time stays flat as the image grows.
    for side in [512, 2048, 4096] {
        let mebibytes = side * side * 4 / 1_048_576
        let (bitmap, png) = (try? noisePNG(side: side)) ?? (nil, Data())
        Benchmark(
            "growth: PNG pass-through, \(mebibytes) MiB bitmap",
            configuration: .init(metrics: [.wallClock, .mallocCountLarge], maxDuration: .seconds(3))
        ) { _ in
            guard let bitmap else {
                throw WrongResult(description: "the PNG could not be made")
            }
            let received = try await ItemProvider(bitmap).restricted(to: .all).loadTransferable(type: Data.self)
            guard received.count == png.count else {
                throw WrongResult(description: "the PNG was re-encoded")
            }
            blackHole(received)
        }
    }

    // MARK: Codable round trips

    // The three ways of round-tripping 10,000 items run in alternating batches of 500 within each sample, so that the
    // load of a shared machine weighs on all of them alike; each sample reports the overheads against JSON called
    // directly, in per mille, and the round trips per second of each way.
    let overhead = BenchmarkMetric.custom("exported(as:)+init(importing:) overhead (‰)", useScalingFactor: false)
    let providerOverhead = BenchmarkMetric.custom("item providers overhead (‰)", useScalingFactor: false)
    let directRate = BenchmarkMetric.custom(
        "JSON directly (items/s)", polarity: .prefersLarger, useScalingFactor: false)
    let valueRate = BenchmarkMetric.custom(
        "exported(as:)+init(importing:) (items/s)", polarity: .prefersLarger, useScalingFactor: false)
    let providerRate = BenchmarkMetric.custom(
        "item providers (items/s)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "Codable round trips of 10,000 items",
        configuration: .init(
            metrics: [overhead, providerOverhead, directRate, valueRate, providerRate],
            thresholds: [overhead: .init(absolute: [.p50: 100])])
    ) { benchmark in
        let clock = ContinuousClock()
        var direct = Duration.zero
        var values = Duration.zero
        var providers = Duration.zero
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for start in stride(from: 0, to: items.count, by: 500) {
            let batch = items[start..<(start + 500)]
            var began = clock.now
            for item in batch {
                blackHole(try decoder.decode(Item.self, from: encoder.encode(item)))
            }
            direct += clock.now - began
            began = clock.now
            for item in batch {
                blackHole(try await Item(importing: item.exported(as: .item), contentType: .item))
            }
            values += clock.now - began
            began = clock.now
            for item in batch {
                blackHole(try await ItemProvider(item).restricted(to: .all).loadTransferable(type: Item.self))
            }
            providers += clock.now - began
        }
        let perMille = { (duration: Duration) in Int((duration / direct - 1) * 1000) }
        let perSecond = { (duration: Duration) in Int(Double(items.count) / (duration / .seconds(1))) }
        benchmark.measurement(overhead, perMille(values))
        benchmark.measurement(providerOverhead, perMille(providers))
        benchmark.measurement(directRate, perSecond(direct))
        benchmark.measurement(valueRate, perSecond(values))
        benchmark.measurement(providerRate, perSecond(providers))
    }
}
