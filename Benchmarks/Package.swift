// swift-tools-version: 6.1
//
// DnDKit's benchmarks: every performance target of the toolkit, measured in release builds with
// ordo-one/benchmark. Users of the library never build this package.
//
//     cd Benchmarks && swift package benchmark                        # run them all
//     swift package benchmark --target PNGBenchmarks                  # one family
//     swift package benchmark thresholds check                        # against the committed thresholds
//
// Package access does not cross packages: the families that time package-only modules (SimulationBenchmarks,
// DesktopBenchmarks) are targets of the root package when DNDKIT_BENCHMARKS=1 (see its manifest). The ones that time
// a command start the release `dnd-sim` as a process.

import PackageDescription

let package = Package(
    name: "DnDKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "DnDKit", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // ContentTypes against GLib's content types and libmagic called directly, in the same run (issue 17).
        benchmarkFamily(
            "ContentTypesBenchmarks",
            dependencies: [
                .product(name: "ContentTypes", package: "DnDKit"), "CContentTypesBaseline",
                // Started by the first-use benchmark, a fresh process per sample.
                "ContentTypesFirstUse", "GLibFirstUse",
            ]),
        .executableTarget(
            name: "ContentTypesFirstUse", dependencies: [.product(name: "ContentTypes", package: "DnDKit")],
            path: "Probes/ContentTypesFirstUse"),
        .executableTarget(
            name: "TagLookupProbe", dependencies: [.product(name: "ContentTypes", package: "DnDKit")],
            path: "Probes/TagLookupProbe"),
        .executableTarget(name: "GLibFirstUse", dependencies: ["CGIO"], path: "Probes/GLibFirstUse"),
        .target(
            name: "CContentTypesBaseline",
            dependencies: ["CGIO"],
            path: "Baselines/CContentTypesBaseline",
            linkerSettings: [.linkedLibrary("magic")]
        ),
        // GLib's GIO, only for the flags `pkg-config gio-2.0` gives CContentTypesBaseline.
        .systemLibrary(
            name: "CGIO",
            path: "Baselines/CGIO",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // PNGCodec against libpng called directly, in the same run (issue 2).
        benchmarkFamily(
            "PNGBenchmarks", dependencies: [.product(name: "PNGCodec", package: "DnDKit"), "CLibPNGBaseline"]),
        .target(
            name: "CLibPNGBaseline",
            path: "Baselines/CLibPNGBaseline",
            linkerSettings: [.linkedLibrary("png16")]
        ),
        benchmarkFamily("GestureBenchmarks", dependencies: [.product(name: "Gestures", package: "DnDKit")]),
        // Transfer: in-process hand-over, PNG pass-through, Codable round trips against JSON called directly (issue 4).
        benchmarkFamily(
            "TransferBenchmarks",
            dependencies: [
                .product(name: "Transfer", package: "DnDKit"), .product(name: "PNGCodec", package: "DnDKit"),
                .product(name: "ContentTypes", package: "DnDKit"),
            ]),
        // DragDrop: a session update per pointer move among 1,000 drop targets; a drop of 16 PNG items loading
        // concurrently against one at a time (issue 6).
        benchmarkFamily(
            "DragDropBenchmarks",
            dependencies: [
                .product(name: "DragDrop", package: "DnDKit"), .product(name: "Gestures", package: "DnDKit"),
                .product(name: "Transfer", package: "DnDKit"), .product(name: "PNGCodec", package: "DnDKit"),
                .product(name: "ContentTypes", package: "DnDKit"),
            ]),
        // `dnd-sim types identify FILE` of the installed release binary against `file --mime-type FILE`, each started
        // afresh (issue 29). Needs only Foundation: the binary is the repository's own release build.
        benchmarkFamily("StartupBenchmarks", dependencies: ["DndSimBinary"]),
        // Where the release `dnd-sim` is, for the families that start it as a process.
        .target(name: "DndSimBinary", path: "Support/DndSimBinary"),
        // DnDKitGTK apps against GTK, wl-paste and xclip under sway and Xvfb in the same run: a PNG drop, a 64 MiB
        // paste, idle wake-ups (issue 26). It links no GTK: it drives the GTK package's release `gtk-probe` (an app
        // made with DnDKitGTK) and the tests' GTK peer as processes, so this package needs no GTK headers.
        benchmarkFamily("GTKBenchmarks", dependencies: [.product(name: "PNGCodec", package: "DnDKit")]),
        // The release `dnd-sim move` against `cp`, both processes, side by side in each iteration (issue 7).
        benchmarkFamily(
            "MoveBenchmarks", dependencies: [.product(name: "PNGCodec", package: "DnDKit"), "DndSimBinary"]),
    ]
)

/// One executable per benchmark family, in `Benchmarks/<name>/`, run by the benchmark plugin.
func benchmarkFamily(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")] + dependencies,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
