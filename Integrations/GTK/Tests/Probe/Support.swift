import CGtk
import Foundation

/// The command line: the role, then options.
struct Arguments {
    let role: String
    private let options: [String]

    init(_ all: ArraySlice<String>) {
        role = all.first ?? ""
        options = Array(all.dropFirst())
    }

    func value(_ name: String) -> String? {
        guard let index = options.firstIndex(of: name), index + 1 < options.count else { return nil }
        return options[index + 1]
    }

    func has(_ name: String) -> Bool { options.contains(name) }

    func pair(_ name: String) -> (Int, Int)? {
        guard let parts = value(name)?.split(separator: ","), parts.count == 2, let a = Int(parts[0]),
            let b = Int(parts[1])
        else { return nil }
        return (a, b)
    }
}

/// Prints one event as a JSON line, with the wall-clock time.
func emit(_ event: String, _ fields: [String: Any] = [:]) {
    var object = fields
    object["event"] = event
    object["t"] = Date().timeIntervalSince1970
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
        fatalError("event \(event) cannot be written as JSON: \(object)")  // a bug of this probe, not a test result
    }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

/// A line of `/proc/self/status` in kB (`VmRSS`: resident now; `VmHWM`: the resident peak), or nil.
func memoryStatus(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
    return line?.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
}

/// The process's processor time (user and system, all threads, ms), minor page faults and context switches so far
/// (`getrusage(RUSAGE_SELF)`): a paste's reads run on GTK's thread (Wayland) or on a thread of their own (X11).
func processUsage() -> (cpuMs: Double, faults: Int, switches: Int) {
    var usage = rusage()
    getrusage(__rusage_who_t(0), &usage)  // RUSAGE_SELF
    let ms = { (time: timeval) in Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return (ms(usage.ru_utime) + ms(usage.ru_stime), usage.ru_minflt, usage.ru_nvcsw + usage.ru_nivcsw)
}

/// Reports a failure and exits.
func fail(_ message: String) -> Never {
    emit("error", ["message": message])
    exit(1)
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as a `GtkWindow *`.
    var asWindow: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWindow.self)
    }
}

/// A click handler's closure, kept by the signal connection.
private final class ClickAction {
    let action: @MainActor () -> Void
    init(_ action: @escaping @MainActor () -> Void) { self.action = action }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Runs `action` on every press of the primary button over the widget (a `GtkGestureClick`'s `pressed`,
    /// `void (*)(GtkGestureClick *, int, double, double, gpointer)`).
    @MainActor
    func onClick(_ action: @escaping @MainActor () -> Void) {
        guard let gesture = gtk_gesture_click_new() else { return }
        let handler: @convention(c) (OpaquePointer?, Int32, Double, Double, gpointer?) -> Void = { _, _, _, _, data in
            guard let data else { return }
            let click = Unmanaged<ClickAction>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { click.action() }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(gesture), "pressed", unsafeBitCast(handler, to: GCallback.self),
            Unmanaged.passRetained(ClickAction(action)).toOpaque(),
            { data, _ in data.map { Unmanaged<ClickAction>.fromOpaque($0).release() } }, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(self, gesture)
    }
}
