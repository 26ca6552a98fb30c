import Foundation
import Testing

/// DnDKit opens libxcb, fontconfig, FreeType and libmagic when first used, through forwarders of their functions
/// linked into the program (the root's CLazyLoader.h). A GTK app links them too (DnDKitGTK reads X11 selections with
/// DesktopX11), and GTK's own libraries call the same functions: libX11 calls libxcb, Pango and cairo call fontconfig
/// and FreeType. Those calls must reach the libraries, never the app's forwarders.
@Suite(.enabled(if: Desktop.Backend.available.contains(.x11), "needs an X server (DISPLAY) for the app to start"))
struct LinkageTests {
    @Test("GTK's own calls of libxcb, fontconfig and FreeType bind to the libraries, none to the app")
    func libraryCallsBindToTheLibraries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dndkit-gtk-bindings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every symbol bound at start (LD_BIND_NOW), each binding logged by the dynamic loader, one file per process.
        let result = try Desktop.run(
            Desktop.probe.path, ["clip-get", "--formats", "--wait", "0"],
            environment: [
                "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "LD_BIND_NOW": "1", "LD_DEBUG": "bindings",
                "LD_DEBUG_OUTPUT": folder.appendingPathComponent("bindings").path,
            ])
        #expect(result.status == 0, "the app failed: \(result.error)")
        var log = ""
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            log += try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let bindings = log.split(separator: "\n").filter { line in
            ["`xcb_", "`Fc", "`FT_"].contains { line.contains("normal symbol \($0)") }
        }
        // GTK binds hundreds of them (760 here): a log without them says nothing.
        #expect(bindings.count > 100, "\(bindings.count) bindings of libxcb, fontconfig and FreeType logged")
        let toApp = bindings.filter { $0.contains(" to \(Desktop.probe.path) [") || $0.contains("gtk-probe [") }
        #expect(toApp.isEmpty, "\(toApp.count) calls bound to the app's forwarders, e.g. \(toApp.prefix(3))")
    }
}
