// swift-tools-version: 6.1
//
// DnDKitGTK: DnDKit's drag and drop and clipboard (Transferable, UTType, draggable, dropDestination, DropDelegate)
// on any GTK 4 widget, on Wayland and X11 — GTK speaks the protocols, DnDKit gives GTK apps Apple's model on top.
// Kept out of the root package, so that DnDKit itself needs no GTK headers (Debian: libgtk-4-dev).
//
//     cd Integrations/GTK && swift build && swift test     # the tests need an X server or a headless sway (.ci/run)
//
//     DnDKitGTK ─▶ CDnDKitGTK (C: the content provider subclass, the main-queue source) ─▶ CGtk (gtk4)
//         └─────▶ DnDKit's DesktopTransfer, DragDrop, Transfer, ContentTypes (../..), and its X11 host's selection
//                 reader (DesktopX11, for pastes under X11)

import PackageDescription

let package = Package(
    name: "DnDKitGTK",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DnDKitGTK", targets: ["DnDKitGTK"])
    ],
    dependencies: [
        .package(name: "DnDKit", path: "../..")
    ],
    targets: [
        // GTK 4's C API, through pkg-config.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // What Swift cannot write: a GObject subclass (its macros), libdispatch's main-queue hooks (undeclared), and
        // Escape during an X11 drag (raw XInput 2 events; libX11).
        .target(
            name: "CDnDKitGTK",
            dependencies: ["CGtk"],
            linkerSettings: [.linkedLibrary("dispatch"), .linkedLibrary("X11")]
        ),
        .target(
            name: "DnDKitGTK",
            dependencies: [
                "CGtk", "CDnDKitGTK",
                .product(name: "DesktopTransfer", package: "DnDKit"),
                .product(name: "DesktopX11", package: "DnDKit"),
                .product(name: "DragDrop", package: "DnDKit"),
                .product(name: "Transfer", package: "DnDKit"),
                .product(name: "ContentTypes", package: "DnDKit"),
                .product(name: "Diagnostics", package: "DnDKit"),
            ]
        ),
        // A GTK 4 app the tests drive under X11 and Wayland: one window, a drag source, a drop target or a clipboard
        // user made with DnDKitGTK, printing what happens as JSON Lines.
        .executableTarget(
            name: "gtk-probe",
            dependencies: [
                "DnDKitGTK", "CGtk",
                .product(name: "DnDKit", package: "DnDKit"),
            ],
            path: "Tests/Probe"
        ),
        // The demo's photo sorter as a real GTK 4 window: library, album and notes panes (README screenshots).
        .executableTarget(
            name: "photo-sorter",
            dependencies: [
                "DnDKitGTK", "CGtk",
                .product(name: "DnDKit", package: "DnDKit"),
            ],
            path: "Samples/PhotoSorter"
        ),
        .testTarget(
            name: "DnDKitGTKTests",
            dependencies: [
                "DnDKitGTK", "gtk-probe", "photo-sorter",
                .product(name: "PNGCodec", package: "DnDKit"),
                .product(name: "ContentTypes", package: "DnDKit"),
            ]
        ),
    ]
)
