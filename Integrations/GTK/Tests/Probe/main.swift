// gtk-probe: a GTK 4 app made with DnDKitGTK, driven by DnDKitGTKTests under X11 and Wayland. One window, one role,
// JSON Lines on standard output (each with "t", wall-clock seconds, comparable with the peers' times).
//
//   gtk-probe target --accept image|text|file [--save DIR] [--title T] [--size W,H]
//   gtk-probe source (--png FILE | --text S | --five) [--action copy|move] [--title T] [--size W,H]
//   gtk-probe clip-set (--png FILE | --text S | --text-file FILE) [--title T]   copies at start and on every click
//   gtk-probe clip-get (--png | --text | --formats) [--save FILE] [--title T] [--again]   --again: retry each second
//   gtk-probe clip-widget --text S [--clicks copy,cut,paste] [--title T]   copyable, cuttable, paste destination
//   gtk-probe plain [--title T] [--size W,H]   a plain GTK window, no DnDKitGTK at all (the benchmarks' baseline)
//
// Events: ready {role, title, w, h, pid}; target: targeted {value}, drop {kind, count, x, y, text?, saved?, width?, height?, paths?},
// drop-failed {message}; source: exported {type} (an exporter ran), ended {operation}, removed {remaining};
// clip-set: set {mimes}; clip-get: got {types, bytes?, text?, saved?, ms?, cpuMs?, faults?, switches?, rssBeforeKB?,
// peakKB?} or error {message} (ms: the PNG paste's time; cpuMs, faults, switches: the process's processor time,
// minor page faults and context switches during it, all threads; rssBeforeKB, peakKB: resident memory before it and at its peak);
// clip-widget: activate {action}, copy-asked {count}, removed {remaining, offered}, pasted {text},
// cut-failed/paste-failed {message}.
import CGtk
import DnDKit
import DnDKitGTK
import Foundation

let arguments = Arguments(CommandLine.arguments.dropFirst())
gtk_init()
if arguments.role != "plain" { GTKMainQueue.install() }

guard let window = gtk_window_new() else { fail("gtk_window_new failed") }
let title = arguments.value("--title") ?? "peer-probe-\(arguments.role)"
title.withCString { gtk_window_set_title(window.asWindow, $0) }
let size = arguments.pair("--size") ?? (300, 300)
gtk_window_set_default_size(window.asWindow, Int32(size.0), Int32(size.1))
guard let label = gtk_label_new(title) else { fail("gtk_label_new failed") }
gtk_widget_set_hexpand(label, 1)
gtk_widget_set_vexpand(label, 1)
gtk_window_set_child(window.asWindow, label)

switch arguments.role {
case "target": Target(label: label, arguments: arguments).install()
case "source": Source(label: label, arguments: arguments).install()
case "clip-set": ClipboardSetter(label: label, arguments: arguments).install()
case "clip-get": ClipboardGetter(arguments: arguments).start()
case "clip-widget": ClipboardWidget(label: label, arguments: arguments).install()
case "plain": break
default: fail("unknown role \(arguments.role): target, source, clip-set, clip-get, clip-widget or plain")
}

gtk_window_present(window.asWindow)
// Ready 300 ms after the window was presented, through a GLib timer: no Swift task, so that an idle probe has started
// nothing on Swift's cooperative pool (libdispatch's worker pool, once started, wakes the process every second).
let ready: [String: Any] = ["role": arguments.role, "title": title, "w": size.0, "h": size.1, "pid": getpid()]
g_timeout_add_once(300, { _ in MainActor.assumeIsolated { emit("ready", ready) } }, nil)
while true { g_main_context_iteration(nil, 1) }
