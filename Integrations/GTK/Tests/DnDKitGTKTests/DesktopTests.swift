import Foundation
import Testing

/// The probe app (DnDKitGTK) against real peers, under each desktop there is: an X server (`DISPLAY`: Xvfb in CI,
/// driven with xdotool) and a headless sway (the session `.ci/run` starts, or one per test; driven with vptr.py's
/// virtual pointer). One at a time: they share the pointer and the machine's two cores.
@Suite(
    .serialized,
    .enabled(
        if: !Desktop.Backend.available.isEmpty,
        "needs an X server (DISPLAY) with xdotool, or sway with wl-clipboard; and python3-gi with GTK 4"))
struct DesktopTests {
    /// What each case does (see ``Scenarios``).
    enum Scenario: String, CaseIterable, Sendable, CustomStringConvertible {
        case pngFromGTKPeer, textFromGTKPeer, imageNeverLightsTextTarget
        case pngToGTKPeer, textToGTKPeer, moveRemovesAfterDrop, releaseOverNothing, lazyExport
        case clipboardFromApp, clipboardIntoApp
        case pngToQtPeer, pngFromQtPeer, fileToGTKPeer, filesFromGTKPeer, clipboardOwnerNeverAnswers
        case textToDelegate, clipboardLargeIntoApp, photoSorterMovesBetweenPanes
        case widgetShortcuts, widgetClipboardActions, escapeCancelsDrag, peerKilledMidDrag, peerSourceKilledMidDrag
        case toDndSimWindow, fromDndSimWindow, textToQtPeer, fileToQtPeer, textFromQtPeer, filesFromQtPeer
        case clipboardWithGTKPeer, clipboardLargeFromApp

        /// Whether the scenario runs on `backend` with what this machine has. Qt → GTK 4.8 does not work on X11 (GTK
        /// converts at CurrentTime from a window Qt does not accept; see the peers' README): Wayland only. Keys: under
        /// Wayland only with wtype (the headless sway's seat has no keyboard of its own). `dnd-sim window`: X11 only (an X11 window; under Wayland it
        /// would be an XWayland window, whose bridge to native Wayland apps is partial).
        func runs(on backend: Desktop.Backend) -> Bool {
            switch self {
            case .pngToQtPeer, .textToQtPeer, .fileToQtPeer: Desktop.hasQt(on: backend)
            case .pngFromQtPeer, .textFromQtPeer, .filesFromQtPeer: backend == .wayland && Desktop.hasQt(on: backend)
            case .widgetShortcuts, .escapeCancelsDrag: backend == .x11 || Desktop.hasWtype
            case .toDndSimWindow, .fromDndSimWindow: backend == .x11
            default: true
            }
        }

        var description: String { rawValue }

        func run(_ scenarios: Scenarios) throws {
            switch self {
            case .pngFromGTKPeer: try scenarios.pngFromGTKPeer()
            case .textFromGTKPeer: try scenarios.textFromPeer("gtk4-peer.py")
            case .imageNeverLightsTextTarget: try scenarios.imageNeverLightsTextTarget()
            case .pngToGTKPeer: try scenarios.pngToPeer("gtk4-peer.py")
            case .textToGTKPeer: try scenarios.textToPeer("gtk4-peer.py")
            case .moveRemovesAfterDrop: try scenarios.moveRemovesAfterDrop()
            case .releaseOverNothing: try scenarios.releaseOverNothing()
            case .lazyExport: try scenarios.lazyExport()
            case .clipboardFromApp: try scenarios.clipboardFromApp()
            case .clipboardIntoApp: try scenarios.clipboardIntoApp()
            case .pngToQtPeer: try scenarios.pngToPeer("qt5-peer.py")
            case .pngFromQtPeer: try scenarios.pngFromQtPeer()
            case .fileToGTKPeer: try scenarios.fileToPeer("gtk4-peer.py")
            case .filesFromGTKPeer: try scenarios.filesFromPeer("gtk4-peer.py")
            case .clipboardOwnerNeverAnswers: try scenarios.clipboardOwnerNeverAnswers()
            case .textToDelegate: try scenarios.textToDelegate()
            case .clipboardLargeIntoApp: try scenarios.clipboardLargeIntoApp()
            case .photoSorterMovesBetweenPanes: try scenarios.photoSorterMovesBetweenPanes()
            case .widgetShortcuts: try scenarios.widgetCopyCutPaste(keys: true)
            case .widgetClipboardActions: try scenarios.widgetCopyCutPaste(keys: false)
            case .escapeCancelsDrag: try scenarios.escapeCancelsDrag()
            case .peerKilledMidDrag: try scenarios.peerKilledMidDrag()
            case .peerSourceKilledMidDrag: try scenarios.peerSourceKilledMidDrag()
            case .toDndSimWindow: try scenarios.toDndSimWindow()
            case .fromDndSimWindow: try scenarios.fromDndSimWindow()
            case .textToQtPeer: try scenarios.textToPeer("qt5-peer.py")
            case .fileToQtPeer: try scenarios.fileToPeer("qt5-peer.py")
            case .textFromQtPeer: try scenarios.textFromPeer("qt5-peer.py")
            case .filesFromQtPeer: try scenarios.filesFromPeer("qt5-peer.py")
            case .clipboardWithGTKPeer: try scenarios.clipboardWithGTKPeer()
            case .clipboardLargeFromApp: try scenarios.clipboardLargeFromApp()
            }
        }
    }

    /// Every scenario on every backend it runs on; only those named in `DNDKIT_GTK_SCENARIOS` (comma-separated)
    /// when it is set, to rerun a few while working on them.
    static let cases: [(Scenario, Desktop.Backend)] = {
        let only = ProcessInfo.processInfo.environment["DNDKIT_GTK_SCENARIOS"].map { $0.split(separator: ",") }
        return Scenario.allCases.filter { only?.contains(Substring($0.rawValue)) ?? true }.flatMap { scenario in
            Desktop.Backend.available.filter { scenario.runs(on: $0) }.map { (scenario, $0) }
        }
    }()

    @Test(arguments: cases)
    func scenario(_ scenario: Scenario, on backend: Desktop.Backend) throws {
        let desktop = try Desktop(backend)
        defer { desktop.stop() }
        try scenario.run(Scenarios(desktop: desktop))
    }
}
