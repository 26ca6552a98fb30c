import Foundation
import Testing

/// The probe app against real peers under a headless sway of its own (Tests/Peers/wayland), driven with vptr.py's
/// virtual pointer.
@Suite(.serialized, .enabled(if: Desktop.hasSway, "needs sway, wl-clipboard and python3-gi with GTK 4"))
struct WaylandTests {
    private func scenario(_ body: (Scenarios) throws -> Void) throws {
        let desktop = try Desktop(.wayland)
        defer { desktop.stop() }
        try body(Scenarios(desktop: desktop))
    }

    @Test func pngFromGTKPeer() throws { try scenario { try $0.pngFromGTKPeer() } }
    @Test func textFromGTKPeer() throws { try scenario { try $0.textFromGTKPeer() } }
    @Test func imageNeverLightsTextTarget() throws { try scenario { try $0.imageNeverLightsTextTarget() } }
    @Test func pngToGTKPeer() throws { try scenario { try $0.pngToGTKPeer() } }
    @Test func textToGTKPeer() throws { try scenario { try $0.textToGTKPeer() } }
    @Test func moveRemovesAfterDrop() throws { try scenario { try $0.moveRemovesAfterDrop() } }
    @Test func lazyExport() throws { try scenario { try $0.lazyExport() } }

    @Test func clipboardToWlPaste() throws {
        try scenario { scenario in
            try scenario.clipboardFromApp { type in
                try scenario.desktop.tool("wl-paste", ["-n", "-t", type]).output
            }
        }
    }

    @Test func clipboardFromWlCopy() throws {
        try scenario { scenario in
            try scenario.clipboardIntoApp { file, type in
                try scenario.desktop.tool("wl-copy", ["-t", type], input: file, detaching: true)
                usleep(300_000)
            }
        }
    }
}
