import Foundation
import Testing

/// The probe app against real peers under an X server (`DISPLAY`: Xvfb in CI), driven with xdotool.
@Suite(.serialized, .enabled(if: Desktop.hasX11, "needs an X server (DISPLAY), xdotool and python3-gi with GTK 4"))
struct X11Tests {
    private func scenario(_ body: (Scenarios) throws -> Void) throws {
        let desktop = try Desktop(.x11)
        defer { desktop.stop() }
        try body(Scenarios(desktop: desktop))
    }

    @Test func pngFromGTKPeer() throws { try scenario { try $0.pngFromGTKPeer() } }
    @Test func textFromGTKPeer() throws { try scenario { try $0.textFromGTKPeer() } }
    @Test func imageNeverLightsTextTarget() throws { try scenario { try $0.imageNeverLightsTextTarget() } }
    @Test func pngToGTKPeer() throws { try scenario { try $0.pngToGTKPeer() } }
    @Test func textToGTKPeer() throws { try scenario { try $0.textToGTKPeer() } }
    @Test func moveRemovesAfterDrop() throws { try scenario { try $0.moveRemovesAfterDrop() } }
    @Test func releaseOverNothing() throws { try scenario { try $0.releaseOverNothing() } }
    @Test func lazyExport() throws { try scenario { try $0.lazyExport() } }

    @Test func clipboardToXclip() throws {
        try scenario { scenario in
            try scenario.clipboardFromApp { type in
                try scenario.desktop.tool("xclip", ["-o", "-selection", "clipboard", "-t", type]).output
            }
        }
    }

    @Test func clipboardFromXclip() throws {
        try scenario { scenario in
            var owners: [Program] = []
            defer { for owner in owners { owner.stop() } }
            try scenario.clipboardIntoApp { file, type in
                for owner in owners { owner.stop() }
                // xclip stays in the foreground (-quiet) serving the selection until another owner takes it.
                owners = [
                    try Program("/usr/bin/xclip", ["-quiet", "-selection", "clipboard", "-t", type, "-i", file.path])
                ]
                usleep(300_000)
            }
        }
    }
}
