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

        var description: String { rawValue }

        func run(_ scenarios: Scenarios) throws {
            switch self {
            case .pngFromGTKPeer: try scenarios.pngFromGTKPeer()
            case .textFromGTKPeer: try scenarios.textFromGTKPeer()
            case .imageNeverLightsTextTarget: try scenarios.imageNeverLightsTextTarget()
            case .pngToGTKPeer: try scenarios.pngToGTKPeer()
            case .textToGTKPeer: try scenarios.textToGTKPeer()
            case .moveRemovesAfterDrop: try scenarios.moveRemovesAfterDrop()
            case .releaseOverNothing: try scenarios.releaseOverNothing()
            case .lazyExport: try scenarios.lazyExport()
            case .clipboardFromApp: try scenarios.clipboardFromApp()
            case .clipboardIntoApp: try scenarios.clipboardIntoApp()
            }
        }
    }

    @Test(arguments: Scenario.allCases, Desktop.Backend.available)
    func scenario(_ scenario: Scenario, on backend: Desktop.Backend) throws {
        let desktop = try Desktop(backend)
        defer { desktop.stop() }
        try scenario.run(Scenarios(desktop: desktop))
    }
}
