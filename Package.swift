// swift-tools-version: 6.1
//
// DnDKit: Apple's drag-and-drop transfer model (Transferable, UTType, gesture-driven drag sources and
// drop targets) for Linux, headless and deterministic, plus the `dnd-sim` command-line simulator.
//
// Layers (arrows are imports; lower layers never import higher ones):
//
//     dnd-sim ─▶ Simulation ─▶ Rendering ─▶ DragDrop ─▶ Gestures
//        └─────▶ FileMoving ─────────────────▶ │ └────▶ Transfer ─▶ ContentTypes ─▶ CMagic (libmagic)
//                                                              └─▶ PNGCodec ─▶ CPNG ─▶ CLibPNG (libpng)
//     Simulation, Rendering, FileMoving, dnd-sim and Transfer's staged files are written through FileWriting (over
//     FileAccess).
//     Rendering draws text with FreeType (CFreeType) in the font fontconfig finds (CFontconfig): DejaVu Sans first.
//     fontconfig, FreeType, libxcb (the X11 host's) and libmagic are opened when first used (CLazyMagic,
//     CLazyLibraries), not linked: `dnd-sim types identify PICTURE.png` starts without them.
//
// The products are what a program may import, and all of it is API (public, documented, listed under API/):
// `DnDKit`, which re-exports the library modules that mirror Apple's frameworks (ContentTypes, Transfer, Gestures,
// DragDrop), PNGCodec and Diagnostics (the error shape), each of them on its own, and DesktopTransfer for desktop
// hosts (the GTK package). Everything else has `package` access: the tool layers of `dnd-sim` (Rendering, FileMoving,
// Simulation, the X11 host DesktopX11) and the helpers below the library (`Locking`, the lock
// every module's shared state uses; `FileAccess`, which opens the user's files for reading, regular files only and
// reads bounded, with the FileSystemError that says why one cannot be read; `FileWriting`, which writes them aside
// and renames them into place). They change with dnd-sim, without a promise. One exception, which is no API: the X11
// host is a product only so that the GTK package can read X11 selections through it (`X11SelectionRead`, declared
// `@_spi(Integrations) public`; `package` access does not cross packages), and its public surface stays empty. See
// DESIGN.md in the shared folder for the whole picture.

import PackageDescription

let package = Package(
    name: "DnDKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DnDKit", targets: ["DnDKit"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "ContentTypes", targets: ["ContentTypes"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        .library(name: "Transfer", targets: ["Transfer"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "DragDrop", targets: ["DragDrop"]),
        .library(name: "DesktopTransfer", targets: ["DesktopTransfer"]),
        // No API: one system programming interface for the GTK package (`@_spi(Integrations)`, see below).
        .library(name: "DesktopX11", targets: ["DesktopX11"]),
        .executable(name: "dnd-sim", targets: ["dnd-sim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // MARK: System libraries and the C shim

        // libmagic's header only (Debian's libmagic-dev): the library is opened by the first `magic_open`, through
        // CLazyMagic, and not linked.
        .systemLibrary(name: "CMagic"),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // FreeType rasterises the snapshots' text, in the font fontconfig finds (DejaVu Sans first). Its header only
        // (Debian's libfreetype-dev, in /usr/include/freetype2, which Rendering adds to its search path: pkg-config's
        // entry would link the library too): the library is opened when first used, through CLazyLibraries.
        .systemLibrary(name: "CFreeType"),
        // fontconfig's header only (Debian's libfontconfig-dev; the font: fonts-dejavu-core): the library itself is
        // opened when first used, through CLazyLibraries, and not linked.
        .systemLibrary(name: "CFontconfig"),
        // Libraries only some commands use, opened with `dlopen` when first needed instead of linked, so that the
        // others start without them (issue 29). Their functions are defined as hidden forwarders
        // (Sources/CLazyLoader/include/CLazyLoader.h says how): libmagic's in CLazyMagic, for ContentTypes; libxcb's,
        // fontconfig's and FreeType's (under names of DnDKit's own) in CLazyLibraries, for the tool layers. Hidden,
        // an executable never exports them, so that a program using those libraries itself (a GTK app, which links
        // DesktopX11 through DnDKitGTK) never finds its own calls of them forwarded.
        .target(
            name: "CLazyLoader",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(name: "CLazyMagic", dependencies: ["CLazyLoader"]),
        .target(
            name: "CLazyLibraries",
            dependencies: ["CLazyLoader"],
            // FreeType's header directory (Debian's libfreetype-dev), so that the forwarders are checked against it.
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])]
        ),
        .target(
            name: "CPNG",
            dependencies: ["CLibPNG"],
            // zlib, for the compressed ancillary chunks (libpng's pkg-config file lists it only as private).
            linkerSettings: [.linkedLibrary("z")]
        ),

        // MARK: Library modules

        // The lock every module's shared state sits behind (package access only: not part of the API).
        .target(name: "Locking"),
        // The shape every error shares: a code, a message, where (CodedError, ErrorCode, ErrorLocation).
        .target(name: "Diagnostics"),
        // libxcb, the X11 protocol library: the only code the desktop host talks to X with. Its header only (Debian's
        // libxcb1-dev): the library is opened when first used, through CLazyLibraries, and not linked.
        .systemLibrary(name: "CXCB"),
        // What the desktop hosts share (the X11 host here, the GTK package under Integrations/GTK): the one MIME ↔
        // UTType table, uri-lists, files handed to other programs. Free of X11 and GTK.
        .target(
            name: "DesktopTransfer",
            dependencies: ["ContentTypes", "Transfer", "FileWriting", "Locking"]
        ),
        // The desktop host over X11: the clipboard (selections) first (issue 13).
        .target(
            name: "DesktopX11",
            dependencies: [
                "CXCB", "CLazyLibraries", "Locking", "Diagnostics", "ContentTypes", "Transfer", "Gestures", "DragDrop",
                "PNGCodec", "Rendering", "DesktopTransfer",
            ]
        ),
        // Opening the user's files for reading: regular files only, never a pipe or device, reads bounded by the size
        // the file had when opened; and FileSystemError, which says why in plain words.
        .target(
            name: "FileAccess",
            dependencies: ["Diagnostics", "CFileSystem"]
        ),
        .target(
            name: "ContentTypes",
            dependencies: ["CMagic", "CLazyMagic", "CZlib", "Locking", "Diagnostics", "FileAccess"]
        ),
        .target(
            name: "PNGCodec",
            dependencies: ["CPNG", "Locking", "Diagnostics"]
        ),
        .target(
            name: "Transfer",
            dependencies: ["ContentTypes", "PNGCodec", "Locking", "Diagnostics", "FileAccess", "FileWriting"]
        ),
        .target(
            name: "Gestures",
            dependencies: ["Diagnostics"]
        ),
        .target(
            name: "DragDrop",
            dependencies: ["Gestures", "Transfer", "ContentTypes", "Diagnostics"]
        ),

        // MARK: Tool layers, above the library modules

        // Draws a scene and its drag sessions into a bitmap: pictures, the terminal, a window.
        .target(
            name: "Rendering",
            dependencies: [
                "Gestures", "DragDrop", "PNGCodec", "Diagnostics", "FileWriting", "Locking", "CFreeType", "CFontconfig",
                "CLazyLibraries",
            ],
            // FreeType's header directory, which its pkg-config entry would give with the library (issue 29: not
            // linked). Only FreeTypeFace.swift imports CFreeType, and `internal`ly, so no other module needs it.
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/freetype2"])]
        ),
        // Moves and copies real files through a two-pane drag: hard links within a file system, verified copies
        // across them.
        .target(
            name: "FileMoving",
            dependencies: [
                "ContentTypes", "Transfer", "Gestures", "DragDrop", "PNGCodec", "Locking", "CFileSystem", "Diagnostics",
                "FileAccess", "FileWriting",
            ]
        ),
        // Writing files safely, for every layer that writes one (Transfer's staged files too): aside under a hidden
        // name, synced, read back when asked, then renamed into place without replacing anything the caller did not
        // write; output folders.
        .target(
            name: "FileWriting",
            dependencies: ["Diagnostics", "FileAccess", "CFileSystem"]
        ),
        // Linux calls Glibc's Swift module leaves out (extended attributes, O_NOATIME, renameat2), for FileAccess,
        // FileWriting and FileMoving.
        .target(name: "CFileSystem"),
        // Scene and script files (Yams), the runner and its timelines.
        .target(
            name: "Simulation",
            dependencies: [
                "DragDrop", "Gestures", "Transfer", "ContentTypes", "PNGCodec", "Rendering", "FileAccess",
                "FileWriting",
                "Diagnostics",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "DnDKit",
            dependencies: ["Diagnostics", "ContentTypes", "PNGCodec", "Transfer", "Gestures", "DragDrop"]
        ),

        // MARK: Samples

        .target(
            name: "GestureSamples",
            dependencies: ["Gestures"],
            path: "Samples/GestureSamples"
        ),
        .target(
            name: "DragDropSamples",
            dependencies: ["DragDrop", "Gestures", "Transfer", "ContentTypes", "PNGCodec", "TransferSamples"],
            path: "Samples/DragDropSamples"
        ),
        .executableTarget(
            name: "dnd-samples",
            dependencies: ["GestureSamples", "DragDropSamples"],
            path: "Samples/Runner"
        ),
        .target(
            name: "TransferSamples",
            dependencies: ["Transfer", "ContentTypes", "PNGCodec"],
            path: "Samples/TransferSamples/TransferSamples"
        ),
        .executableTarget(
            name: "transfer-demo",
            dependencies: ["TransferSamples", "Transfer", "ContentTypes", "PNGCodec"],
            path: "Samples/TransferSamples/transfer-demo"
        ),

        // MARK: The command-line simulator

        .executableTarget(
            name: "dnd-sim",
            dependencies: [
                "DnDKit", "Simulation", "Rendering", "FileMoving", "FileWriting", "FileAccess", "DesktopX11",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Start-up (issue 29): the release binary is linked at a fixed address (not position-independent), so the
            // dynamic loader has no relative relocations to apply to its 84,000 pointers at every start and its data
            // pages are not copied on write for them: about 8% less CPU time and 27% fewer page faults for
            // `dnd-sim types identify FILE` (Benchmarks/README.md, "Start-up"). Only the executable: the libraries
            // stay position-independent, and no library product carries an unsafe flag, so packages that depend on
            // DnDKit may still do so by version.
            linkerSettings: [
                .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // MARK: Fuzzers
        // libFuzzer targets, run by `.ci/fuzz`. Built with `-DFUZZING` (and `-sanitize=fuzzer`) they fuzz; built
        // normally they replay the files and directories named on their command line. `FuzzingTests` replays the
        // seed corpora and the regression inputs under `Tests/Fuzzing/` through the same checks.

        .target(
            name: "Fuzzing",
            dependencies: ["PNGCodec", "ContentTypes", "Transfer", "Gestures", "DragDrop", "Simulation"],
            path: "Sources/Fuzzers/Fuzzing"
        ),
        .executableTarget(name: "fuzz-png", dependencies: ["Fuzzing"], path: "Sources/Fuzzers/fuzz-png"),
        .executableTarget(
            name: "fuzz-declarations", dependencies: ["Fuzzing"], path: "Sources/Fuzzers/fuzz-declarations"),
        .executableTarget(name: "fuzz-sniffing", dependencies: ["Fuzzing"], path: "Sources/Fuzzers/fuzz-sniffing"),
        .executableTarget(name: "fuzz-events", dependencies: ["Fuzzing"], path: "Sources/Fuzzers/fuzz-events"),
        .executableTarget(name: "fuzz-scenes", dependencies: ["Fuzzing"], path: "Sources/Fuzzers/fuzz-scenes"),
        .executableTarget(
            name: "fuzz-mimecache", dependencies: ["Fuzzing"], path: "Sources/Fuzzers/fuzz-mimecache"),
        .testTarget(
            name: "FuzzingTests",
            dependencies: ["Fuzzing"],
            path: "Tests/Fuzzing",
            exclude: ["Dictionaries"],
            resources: [.copy("Corpus"), .copy("Regressions")]
        ),

        // MARK: Tests

        // What the test targets share: the seeded generator, the locked box, temporary folders, the products folder.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Code written the way iOS and macOS apps write drag and drop, compiled in Swift 6 and, from the same files
        // (symbolic links) plus Swift 5-only code, in Swift 5 (issue 15).
        .testTarget(name: "AppleShapedTests", dependencies: ["DnDKit", "TestSupport"]),
        .testTarget(
            name: "AppleShapedSwift5Tests", dependencies: ["DnDKit", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Under Xvfb, against xclip and a GTK 4 window (`.ci/run` starts the server and sets DISPLAY).
        .testTarget(
            name: "DesktopX11Tests",
            dependencies: [
                "DesktopX11", "CXCB", "ContentTypes", "Transfer", "PNGCodec", "Gestures", "DragDrop", "TestSupport",
                "Rendering", "Simulation",
            ]),
        .testTarget(
            name: "DesktopTransferTests",
            dependencies: ["DesktopTransfer", "ContentTypes", "Transfer", "TestSupport"]
        ),
        .testTarget(
            name: "DiagnosticsTests",
            dependencies: [
                "Diagnostics", "ContentTypes", "PNGCodec", "Gestures", "DragDrop", "FileMoving", "Simulation",
            ]
        ),
        .testTarget(
            name: "ContentTypesTests",
            dependencies: ["ContentTypes", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PNGCodecTests",
            dependencies: ["PNGCodec", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TransferTests",
            dependencies: ["Transfer", "ContentTypes", "PNGCodec", "FileWriting", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TransferSamplesTests",
            dependencies: ["TransferSamples", "transfer-demo", "Transfer", "ContentTypes", "PNGCodec", "TestSupport"]
        ),
        .testTarget(
            name: "DndSimTests",
            dependencies: ["dnd-sim", "PNGCodec", "TestSupport", "CFileSystem"]
        ),
        .testTarget(
            name: "GesturesTests",
            dependencies: ["Gestures", "TestSupport"]
        ),
        .testTarget(
            name: "GestureSamplesTests",
            dependencies: ["GestureSamples", "Gestures"]
        ),
        .testTarget(
            name: "DragDropTests",
            dependencies: ["DragDrop", "Gestures", "Transfer", "ContentTypes", "PNGCodec", "TestSupport"]
        ),
        .testTarget(
            name: "DragDropSamplesTests",
            dependencies: ["DragDropSamples", "DragDrop", "Gestures", "Transfer", "ContentTypes", "PNGCodec"]
        ),
        .testTarget(
            name: "SimulationTests",
            dependencies: [
                "Simulation", "Rendering", "DragDrop", "Gestures", "Transfer", "ContentTypes", "PNGCodec",
                "TestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "DragDrop", "Gestures", "PNGCodec"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FileMovingTests",
            dependencies: [
                "FileMoving", "FileAccess", "CFileSystem", "DragDrop", "Gestures", "Transfer", "ContentTypes",
                "PNGCodec", "TestSupport",
            ]
        ),
        .testTarget(
            name: "FileAccessTests",
            dependencies: ["FileAccess", "TestSupport"]
        ),
        .testTarget(
            name: "FileWritingTests",
            dependencies: ["FileWriting", "FileAccess", "CFileSystem", "TestSupport"]
        ),
    ]
)

// MARK: Benchmarks of the tool layers
// The benchmark families that time what only the package itself can reach (the simulator's runner and renderer, the
// X11 host's paste, XDND answers and frames) live with the others under Benchmarks/ but are targets of this package,
// declared only when DNDKIT_BENCHMARKS=1: package access does not cross packages, and Simulation, Rendering and
// DesktopX11 have no public API. The normal build, the tests and the README's two commands never see them.
//
//     DNDKIT_BENCHMARKS=1 swift package --allow-writing-to-package-directory benchmark --target SimulationBenchmarks
if Context.environment["DNDKIT_BENCHMARKS"] == "1" {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]))
    package.targets += [
        // `dnd-sim demo`, and `dnd-sim run` of 100 panes and 10,000 events, without printing (issue 7).
        toolBenchmarkFamily("SimulationBenchmarks", dependencies: ["Simulation", "Rendering"]),
        // The X11 host under Xvfb against real peers in the same run: a 64 MiB paste against xclip's, the answer to an
        // XDND position against GTK's, a drop from GTK against GTK's own, a frame while dragging (issue 13).
        toolBenchmarkFamily(
            "DesktopBenchmarks",
            dependencies: [
                "DesktopX11", "DragDrop", "Gestures", "Transfer", "PNGCodec", "Simulation", "Rendering", "CXCB",
            ]),
    ]
}

/// A benchmark family of this package, in `Benchmarks/Benchmarks/<name>/`, run by the benchmark plugin.
func toolBenchmarkFamily(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")] + dependencies,
        path: "Benchmarks/Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

// MARK: A part of the tests, for the sanitizer builds
// `swift build --build-tests` builds every target, and `--target` cannot be combined with it. The sanitizer builds
// of `.ci/sanitizers` need only a few test targets, so they name them here, comma-separated; the package then declares
// those test targets and what they depend on, nothing else (no dnd-sim, no X11 host, no samples or fuzzers):
//
//     DNDKIT_TEST_TARGETS=ContentTypesTests swift build --build-tests --sanitize=address --scratch-path .build-asan
if let names = Context.environment["DNDKIT_TEST_TARGETS"] {
    var kept = Set<String>()
    var waiting = names.split(separator: ",").map(String.init)
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    while let name = waiting.popLast() {
        guard let target = byName[name] else {
            fatalError("DNDKIT_TEST_TARGETS names \(name), which is no target of DnDKit")
        }
        guard kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .byNameItem(let name, _), .targetItem(let name, _):
                waiting.append(name)
            default:
                break
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products = []
}
