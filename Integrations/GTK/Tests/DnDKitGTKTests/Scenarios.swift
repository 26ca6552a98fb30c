import Foundation
import PNGCodec
import Testing

/// The drags and pastes every backend runs, between the probe app (DnDKitGTK) and real peers.
struct Scenarios {
    let desktop: Desktop

    /// Where windows go: the source on the left, the target on the right.
    static let left = (x: 40, y: 60)
    static let right = (x: 500, y: 60)

    /// A test picture: gradients with noise (so it does not compress to nothing), RGB, 8 bits.
    static func picture(width: Int = 640, height: Int = 400) throws -> (png: Data, bitmap: Bitmap) {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        var seed: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let index = (y * width + x) * 3
                bytes[index] = UInt8(x * 255 / width)
                bytes[index + 1] = UInt8(y * 255 / height)
                bytes[index + 2] = UInt8(truncatingIfNeeded: seed >> 24)
            }
        }
        let bitmap = try Bitmap(width: width, height: height, format: .rgb8, bytes: bytes)
        return (try bitmap.pngData(), bitmap)
    }

    /// Writes the test picture where the programs can read it.
    func pictureFile() throws -> (url: URL, bitmap: Bitmap, png: Data) {
        let (png, bitmap) = try Self.picture()
        let url = desktop.work.appendingPathComponent("picture.png")
        try png.write(to: url)
        chmod(url.path, 0o644)
        return (url, bitmap, png)
    }

    /// Starts a program and waits for its window, placed at `origin`.
    func start(_ program: Program, title: String, at origin: (x: Int, y: Int), ready: String = "ready") throws -> Frame
    {
        guard program.wait(for: ready, timeout: 30) != nil else {
            throw DesktopError("\(title) did not show its window in 30 s (\(program.diagnosis))")
        }
        return try desktop.place(program, title: title, at: origin)
    }

    /// Pixels equal, whatever format each PNG stores them in.
    static func samePixels(_ png: Data, _ expected: Bitmap) throws -> Bool {
        let got = try Bitmap(pngData: png)
        return got.width == expected.width && got.height == expected.height
            && got.convertedToRGBA8() == expected.convertedToRGBA8()
    }

    /// Waits for both windows, places the source on the left and the target on the right, and drags from the
    /// middle of one to the middle of the other. Returns the target's frame.
    @discardableResult
    func dragAcross(_ source: Program, _ sourceTitle: String, to target: Program, _ targetTitle: String) throws -> Frame
    {
        let from = try start(source, title: sourceTitle, at: Self.left)
        let to = try start(target, title: targetTitle, at: Self.right)
        try desktop.drag(from: from.center, to: to.center)
        return to
    }

    // MARK: Into the app

    /// GTK peer → app: a PNG arrives with identical pixels, at a location inside the widget; isTargeted balanced.
    func pngFromGTKPeer() throws {
        let picture = try pictureFile()
        let saved = try desktop.folder("got")
        let source = try desktop.peer("gtk4-peer.py", ["source", "--title", "peer-src", "--png", picture.url.path])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "image", "--save", saved.path])
        let to = try dragAcross(source, "peer-src", to: target, "peer-app")
        let drop = try #require(target.wait(for: "drop"), "the app got no drop; its events: \(target.events())")
        #expect(drop["width"] as? Int == picture.bitmap.width)
        let path = try #require(drop["saved"] as? String)
        #expect(try Self.samePixels(try Data(contentsOf: URL(fileURLWithPath: path)), picture.bitmap))
        let x = try #require(drop["x"] as? Double)
        #expect(x >= 0 && x <= Double(to.width), "the location is in the widget's coordinates")
        let lit = target.events("targeted").map { $0["value"] as? Bool }
        #expect(lit == [true, false], "isTargeted: \(lit)")
        #expect(source.wait(for: "drag-end")?["delete"] as? Bool == false)
    }

    /// GTK or Qt peer → app: UTF-8 text arrives as it was.
    func textFromPeer(_ script: String) throws {
        let text = "héllo from a peer ✓"
        let source = try desktop.peer(script, ["source", "--title", "peer-src", "--text", text])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "text"])
        try dragAcross(source, "peer-src", to: target, "peer-app")
        let drop = try #require(target.wait(for: "drop"), "the app got no drop; its events: \(target.events())")
        #expect(drop["text"] as? String == text)
        #expect(target.events("targeted").map { $0["value"] as? Bool } == [true, false])
    }

    /// GTK peer → a DropDelegate: validated, entered, a move proposed and performed; the delegate loads the text
    /// after `performDrop` returns, while the drop is held open; the peer hears the move.
    func textToDelegate() throws {
        let text = "héllo delegate ✓"
        let source = try desktop.peer(
            "gtk4-peer.py", ["source", "--title", "peer-src", "--text", text, "--action", "move"])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "delegate"])
        try dragAcross(source, "peer-src", to: target, "peer-app")
        let drop = try #require(target.wait(for: "drop"), "the delegate got no drop; its events: \(target.events())")
        #expect(drop["text"] as? String == text)
        #expect(target.events("validate").first?["text"] as? Bool == true)
        #expect(target.events("entered").count == 1)
        #expect(target.events("exited").isEmpty, "a drop is no exit")
        #expect(source.wait(for: "drag-end")?["delete"] as? Bool == true, "the peer hears the move")
    }

    /// An image over a text-only target never lights it and is not dropped.
    func imageNeverLightsTextTarget() throws {
        let picture = try pictureFile()
        let source = try desktop.peer("gtk4-peer.py", ["source", "--title", "peer-src", "--png", picture.url.path])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "text"])
        try dragAcross(source, "peer-src", to: target, "peer-app")
        #expect(source.wait(for: "drag-end") != nil, "the peer's drag never ended")
        usleep(300_000)
        #expect(target.events("targeted").isEmpty)
        #expect(target.events("drop").isEmpty)
    }

    // MARK: Out of the app

    /// App → GTK or Qt peer: a PNG arrives with identical pixels (GTK re-encodes it), with identical bytes for Qt
    /// (Qt does not re-encode; DnDKit passes a decoded PNG's bytes through); the source hears a copy.
    func pngToPeer(_ script: String) throws {
        let picture = try pictureFile()
        let saved = try desktop.folder("got")
        let source = try desktop.probe(["source", "--title", "peer-app", "--png", picture.url.path])
        let target = try desktop.peer(
            script, ["target", "--title", "peer-tgt", "--accept", "texture", "--save", saved.path])
        try dragAcross(source, "peer-app", to: target, "peer-tgt")
        let drop = try #require(target.wait(for: "drop"), "the peer got no drop; the app's events: \(source.events())")
        let png = try Data(contentsOf: URL(fileURLWithPath: try #require(drop["saved"] as? String)))
        #expect(try Self.samePixels(png, picture.bitmap))
        if script == "qt5-peer.py" {
            #expect(drop["reencoded"] as? Bool == false)
            #expect(png == picture.png)
        }
        #expect(source.wait(for: "ended")?["operation"] as? String == "copy")
    }

    /// App → GTK or Qt peer: UTF-8 text arrives as it was.
    func textToPeer(_ script: String) throws {
        let text = "héllo from DnDKit ✓"
        let source = try desktop.probe(["source", "--title", "peer-app", "--text", text])
        let target = try desktop.peer(script, ["target", "--title", "peer-tgt", "--accept", "text"])
        try dragAcross(source, "peer-app", to: target, "peer-tgt")
        let drop = try #require(target.wait(for: "drop"), "the peer got no drop; the app's events: \(source.events())")
        #expect(drop["text"] as? String == text)
        #expect(source.wait(for: "ended")?["operation"] as? String == "copy")
    }

    /// A move removes the item from the app only after the peer's drop.
    func moveRemovesAfterDrop() throws {
        let source = try desktop.probe(["source", "--title", "peer-app", "--text", "moved", "--action", "move"])
        let target = try desktop.peer(
            "gtk4-peer.py", ["target", "--title", "peer-tgt", "--accept", "text", "--action", "move"])
        try dragAcross(source, "peer-app", to: target, "peer-tgt")
        let drop = try #require(target.wait(for: "drop"), "the peer got no drop; the app's events: \(source.events())")
        let removed = try #require(source.wait(for: "removed"), "the app never removed the item")
        #expect(source.events("ended").first?["operation"] as? String == "move")
        #expect(removed["remaining"] as? Int == 0)
        let arrived = try #require(drop["arrived"] as? Double)
        let removedAt = try #require(removed["t"] as? Double)
        #expect(removedAt >= arrived, "removed at \(removedAt), before the peer had the item at \(arrived)")
    }

    /// Released over nothing (the desktop's background): the drag ends as cancelled and the item stays.
    func releaseOverNothing() throws {
        let source = try desktop.probe(["source", "--title", "peer-app", "--text", "kept", "--action", "move"])
        let from = try start(source, title: "peer-app", at: Self.left)
        try desktop.drag(from: from.center, to: (x: 900, y: 600))
        let ended = try #require(source.wait(for: "ended"), "the drag never ended: \(source.events())")
        #expect(ended["operation"] as? String == "cancel")
        #expect(source.events("removed").isEmpty)
    }

    /// Lazy export: the peer reads one of five offered types; exactly one exporter runs, once.
    func lazyExport() throws {
        let source = try desktop.probe(["source", "--title", "peer-app", "--five"])
        let target = try desktop.peer("gtk4-peer.py", ["target", "--title", "peer-tgt", "--accept", "text"])
        try dragAcross(source, "peer-app", to: target, "peer-tgt")
        let drop = try #require(target.wait(for: "drop"), "the peer got no drop; the app's events: \(source.events())")
        #expect(drop["text"] as? String == "five ways ✓")
        _ = source.wait(for: "ended")
        usleep(300_000)
        #expect(source.events("exported").map { $0["type"] as? String } == ["text"])
    }

    // MARK: Qt

    /// Qt peer → app (Wayland: GTK 4.8 cannot take drops from Qt 5 on X11): the PNG's pixels arrive.
    func pngFromQtPeer() throws {
        let picture = try pictureFile()
        let saved = try desktop.folder("got")
        let source = try desktop.peer("qt5-peer.py", ["source", "--title", "peer-src", "--png", picture.url.path])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "image", "--save", saved.path])
        try dragAcross(source, "peer-src", to: target, "peer-app")
        let drop = try #require(target.wait(for: "drop"), "the app got no drop; its events: \(target.events())")
        let path = try #require(drop["saved"] as? String)
        #expect(try Self.samePixels(try Data(contentsOf: URL(fileURLWithPath: path)), picture.bitmap))
        #expect(target.events("targeted").map { $0["value"] as? Bool } == [true, false])
    }

    // MARK: Files

    /// App → GTK or Qt peer taking files: the image goes as a staged PNG file whose bytes are the PNG's, and the
    /// file is still there after the drag is over (another program may read it later).
    func fileToPeer(_ script: String) throws {
        let picture = try pictureFile()
        let source = try desktop.probe(["source", "--title", "peer-app", "--png", picture.url.path])
        let target = try desktop.peer(script, ["target", "--title", "peer-tgt", "--accept", "file"])
        try dragAcross(source, "peer-app", to: target, "peer-tgt")
        let drop = try #require(target.wait(for: "drop"), "the peer got no drop; the app's events: \(source.events())")
        let paths = try #require(drop["paths"] as? [String])
        #expect(paths.count == 1 && paths.first?.hasSuffix(".png") == true, "paths: \(paths)")
        _ = source.wait(for: "ended")
        usleep(500_000)
        let path = try #require(paths.first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == picture.png, "the staged copy outlives the drag")
    }

    /// GTK or Qt peer dragging two files → app: each file arrives as itself, opened in place.
    func filesFromPeer(_ script: String) throws {
        let picture = try pictureFile()
        let note = desktop.work.appendingPathComponent("a note.txt")
        try Data("a note ✓".utf8).write(to: note)
        chmod(note.path, 0o644)
        let source = try desktop.peer(script, ["source", "--title", "peer-src", "--file", picture.url.path, note.path])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "file"])
        try dragAcross(source, "peer-src", to: target, "peer-app")
        let drop = try #require(target.wait(for: "drop"), "the app got no drop; its events: \(target.events())")
        #expect(drop["paths"] as? [String] == [picture.url.path, note.path])
        #expect(target.events("targeted").map { $0["value"] as? Bool } == [true, false])
    }

    // MARK: Clipboard

    /// The app copies text and a PNG; xclip or wl-paste reads them byte for byte.
    func clipboardFromApp() throws {
        let picture = try pictureFile()
        let texter = try desktop.probe(["clip-set", "--title", "clip-app", "--text", "copied ✓"])
        let frame = try start(texter, title: "clip-app", at: Self.left)
        try desktop.click(at: frame.center)
        _ = texter.wait(for: "set")
        usleep(300_000)
        #expect(String(decoding: try desktop.paste("text/plain;charset=utf-8"), as: UTF8.self) == "copied ✓")
        texter.stop()

        let imager = try desktop.probe(["clip-set", "--title", "clip-png", "--png", picture.url.path])
        let pngFrame = try start(imager, title: "clip-png", at: Self.left)
        try desktop.click(at: pngFrame.center)
        usleep(300_000)
        #expect(try desktop.paste("image/png") == picture.png, "the PNG's bytes pass through unchanged")
    }

    /// xclip or wl-copy owns text, then a PNG; the app pastes them byte for byte.
    func clipboardIntoApp() throws {
        let picture = try pictureFile()
        let text = desktop.work.appendingPathComponent("text.txt")
        try Data("pasted ✓".utf8).write(to: text)
        chmod(text.path, 0o644)
        try desktop.copy(text, as: "text/plain;charset=utf-8")
        let texter = try desktop.probe(["clip-get", "--title", "clip-get", "--text"])
        let got = try #require(texter.wait(for: "got", timeout: 20), "no paste: \(texter.events())")
        #expect(got["text"] as? String == "pasted ✓")

        try desktop.copy(picture.url, as: "image/png")
        let saved = desktop.work.appendingPathComponent("pasted.png")
        let imager = try desktop.probe(["clip-get", "--title", "clip-get2", "--png", "--save", saved.path])
        let pasted = try #require(imager.wait(for: "got", timeout: 20), "no paste: \(imager.events())")
        #expect(pasted["type"] as? String == "public.png")
        #expect(try Data(contentsOf: saved) == picture.png)
    }

    /// Both ways with the GTK clipboard peer (`Gdk.Clipboard`): the app copies a PNG and the peer reads the image's
    /// pixels; the peer copies a PNG and the app pastes its bytes unchanged. (Text both ways is tested against xclip
    /// and wl-clipboard; the peer costs a GTK start-up per read.) Each owner sets the clipboard on a click (Wayland
    /// takes a new owner only from a client that had input).
    func clipboardWithGTKPeer() throws {
        let picture = try pictureFile()
        let imager = try desktop.probe(["clip-set", "--title", "clip-png", "--png", picture.url.path])
        try desktop.click(at: try start(imager, title: "clip-png", at: Self.left).center)
        _ = imager.wait(for: "set")
        let saved = desktop.work.appendingPathComponent("peer-read.png")
        let reader = try desktop.peer(
            "wayland/gtk4-clip.py", ["get", "--title", "clip-peer", "--texture", "--save", saved.path])
        let texture = try #require(reader.wait(for: "got", timeout: 20), "the peer read nothing: \(reader.events())")
        #expect(texture["width"] as? Int == picture.bitmap.width)
        #expect(try Self.samePixels(try Data(contentsOf: saved), picture.bitmap))
        imager.stop()

        let owner = try desktop.peer(
            "wayland/gtk4-clip.py", ["set", "--title", "clip-owner", "--png", picture.url.path])
        try desktop.click(at: try start(owner, title: "clip-owner", at: Self.right).center)
        _ = owner.wait(for: "set")
        let pasted = desktop.work.appendingPathComponent("app-pasted.png")
        let getter = try desktop.probe(["clip-get", "--title", "clip-get", "--png", "--save", pasted.path])
        let got = try #require(getter.wait(for: "got", timeout: 20), "no paste: \(getter.events())")
        #expect(got["type"] as? String == "public.png")
        #expect(try Data(contentsOf: pasted) == picture.png, "the peer's PNG bytes arrive unchanged")
    }

    /// A clipboard owner that never answers: the paste fails as timed out in bounded time, and the app still pastes
    /// once another owner takes the clipboard.
    func clipboardOwnerNeverAnswers() throws {
        let text = desktop.work.appendingPathComponent("text.txt")
        try Data("never".utf8).write(to: text)
        chmod(text.path, 0o644)
        try desktop.copyNeverAnswering(text, as: "text/plain;charset=utf-8")
        let started = Date()
        let getter = try desktop.probe(["clip-get", "--title", "clip-get", "--text", "--again"])
        let failed = try #require(getter.wait(for: "error", timeout: 30), "no answer in 30 s: \(getter.events())")
        let elapsed = Date().timeIntervalSince(started)
        // Wayland: the read starts and the watchdog ends it. X11: GTK asks the owner for its types itself, gets no
        // answer, and the clipboard offers nothing.
        let message = failed["message"] as? String ?? ""
        #expect(message.contains("sent nothing") || message.contains("offers nothing"), "\(failed)")
        #expect(elapsed < 20, "the paste gave up after \(elapsed) s")
        try Data("answered ✓".utf8).write(to: text)
        try desktop.copy(text, as: "text/plain;charset=utf-8")
        let got = try #require(getter.wait(for: "got", timeout: 30), "the app no longer pastes: \(getter.events())")
        #expect(got["text"] as? String == "answered ✓")
    }

    /// 64 MiB of pseudo-random bytes (so nothing on the way can compress them); with `text`, each byte made a
    /// printable ASCII character, for a UTF-8 string.
    static func largePayload(size: Int = 64 << 20, text: Bool = false) -> Data {
        var bytes = [UInt8](repeating: 0, count: size)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in stride(from: 0, to: size, by: 8) {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            withUnsafeBytes(of: seed) { word in
                for offset in 0..<8 { bytes[index + offset] = text ? 0x21 + word[offset] % 94 : word[offset] }
            }
        }
        return Data(bytes)
    }

    /// Where two byte strings first differ (the shorter one's length when one is a prefix of the other), or nil.
    static func firstDifference(_ a: Data, _ b: Data) -> Int? {
        if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return index }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    /// 64 MiB on the clipboard (xclip's INCR transfer on X11, a pipe on Wayland): the app pastes every byte, and
    /// faults the memory that holds them in once: the 16,384 pages the bytes fill, and on Wayland up to 4,096 more that
    /// the reads' populator faulted in ahead of the last bytes (at most 16 MiB ahead). GTK's own X11 reader, which
    /// DnDKitGTK no longer uses for another program's clipboard, faulted about 50,000: glibc hands the memory of its
    /// 1 MiB pieces back between them.
    func clipboardLargeIntoApp() throws {
        let payload = Self.largePayload()
        let file = desktop.work.appendingPathComponent("large.bin")
        try payload.write(to: file)
        chmod(file.path, 0o644)
        try desktop.copy(file, as: "image/png")
        let saved = desktop.work.appendingPathComponent("pasted.bin")
        let getter = try desktop.probe(["clip-get", "--title", "clip-get", "--png", "--save", saved.path])
        let got = try #require(getter.wait(for: "got", timeout: 60), "no paste: \(getter.events())")
        #expect(got["bytes"] as? Int == payload.count)
        let pages = payload.count / 4096
        let faults = try #require(got["faults"] as? Int, "no page faults in \(got)")
        #expect(faults < pages * 3 / 2, "the paste faulted \(faults) pages in; the bytes fill \(pages)")
        let pasted = try Data(contentsOf: saved)
        let same = pasted == payload
        #expect(
            same,
            "pasted \(pasted.count) bytes of \(payload.count), first difference at \(Self.firstDifference(pasted, payload))"
        )
    }

    /// 64 MiB copied out of the app (a UTF-8 string; a pipe on Wayland): wl-paste reads every byte as it was. X11:
    /// 12 MiB through xclip (INCR). GTK 4.8 serves no X11 selection of 16 MiB or more (Xvfb's largest request is
    /// 16,777,212 bytes): xclip waits and gets nothing, from a plain GTK `GdkContentProvider` of bytes as from
    /// DnDKitGTK (measured: 12 MiB in 0.1 s, 16 and 32 MiB nothing in 20 s, both).
    func clipboardLargeFromApp() throws {
        let payload = Self.largePayload(size: desktop.backend == .x11 ? 12 << 20 : 64 << 20, text: true)
        let file = desktop.work.appendingPathComponent("large.txt")
        try payload.write(to: file)
        chmod(file.path, 0o644)
        let copier = try desktop.probe(["clip-set", "--title", "clip-large", "--text-file", file.path])
        try desktop.click(at: try start(copier, title: "clip-large", at: Self.left).center)
        _ = try #require(copier.wait(for: "set", timeout: 30), "the app copied nothing: \(copier.events())")
        usleep(300_000)
        let read = try desktop.paste("text/plain;charset=utf-8", timeout: 60)
        // Compared as a Bool: a failed `==` on 64 MiB would have the testing library diff the two, for minutes.
        let same = read == payload
        #expect(
            same,
            "read \(read.count) bytes of \(payload.count), first difference at \(Self.firstDifference(read, payload))")
    }

    /// The PhotoSorter sample: a photo dragged from the library to the album moves there (the album has it, then
    /// the library no longer does), inside one GTK app. Which photo is the one under the pointer: on X11 without a
    /// window manager GTK draws its own title bar, which shifts the thumbnails.
    func photoSorterMovesBetweenPanes() throws {
        let sorter = try desktop.photoSorter()
        let frame = try start(sorter, title: "photo-sorter", at: Self.left, ready: "panes")
        usleep(500_000)  // it reports its panes before its window is drawn
        let all = ["dawn", "noon", "dusk", "night"]
        // A thumbnail in the library (the left third) to the middle of the album (the middle third).
        try desktop.drag(
            from: (frame.x + frame.width / 6, frame.y + 110),
            to: (frame.x + frame.width / 2, frame.y + frame.height / 2))
        let deadline = Date().addingTimeInterval(15)
        var last: [String: Any] = [:]
        while Date() < deadline {
            last = sorter.events("panes").last ?? [:]
            if (last["library"] as? [String])?.count == all.count - 1 { break }
            usleep(50_000)
        }
        let album = try #require(last["album"] as? [String], "panes: \(sorter.events("panes"))")
        let library = try #require(last["library"] as? [String])
        #expect(album.count == 1 && library.count == all.count - 1, "panes: \(sorter.events("panes"))")
        #expect(Set(album + library) == Set(all), "nothing lost, nothing doubled")
        let albums = sorter.events("panes").map { $0["album"] as? [String] ?? [] }
        let libraries = sorter.events("panes").map { $0["library"] as? [String] ?? [] }
        let added = try #require(albums.firstIndex(of: album))
        let removed = try #require(libraries.firstIndex(of: library))
        #expect(added < removed, "the album had the photo before the library let it go")
    }

    // MARK: Copy, cut and paste on a widget

    /// A copyable, cuttable paste destination, driven by its shortcuts (`keys`: Ctrl+C, Ctrl+X, Ctrl+V; xdotool on
    /// X11, wtype's virtual keyboard under sway) or by its actions (one per click, every backend): xclip or
    /// wl-paste reads what was copied and what was cut; the cut removes the item only once the clipboard offers it;
    /// text from xclip or wl-copy is pasted as it was.
    func widgetCopyCutPaste(keys: Bool) throws {
        let title = "clip-widget"
        let probe = try desktop.probe(
            ["clip-widget", "--title", title, "--text", "copied ✓"] + (keys ? [] : ["--clicks", "copy,cut,paste"]))
        let frame = try start(probe, title: title, at: Self.left)
        func perform(_ key: String) throws {
            if keys { try desktop.key(key, in: title) } else { try desktop.click(at: frame.center) }
        }
        if keys { try desktop.click(at: frame.center) }  // the keyboard focus
        usleep(200_000)

        try perform("ctrl+c")
        #expect(probe.wait(for: "copy-asked") != nil, "the copy never happened: \(probe.events())")
        usleep(300_000)
        #expect(String(decoding: try desktop.paste("text/plain;charset=utf-8"), as: UTF8.self) == "copied ✓")
        #expect(probe.events("removed").isEmpty, "a copy removes nothing")

        try perform("ctrl+x")
        let removed = try #require(probe.wait(for: "removed"), "the cut never happened: \(probe.events())")
        #expect(removed["remaining"] as? Int == 0)
        let offered = removed["offered"] as? [String] ?? []
        #expect(offered.contains("text/plain;charset=utf-8"), "removed before the clipboard had it: \(offered)")
        usleep(300_000)
        #expect(String(decoding: try desktop.paste("text/plain;charset=utf-8"), as: UTF8.self) == "copied ✓")

        let text = desktop.work.appendingPathComponent("text.txt")
        try Data("pasted ✓".utf8).write(to: text)
        chmod(text.path, 0o644)
        try desktop.copy(text, as: "text/plain;charset=utf-8")
        try perform("ctrl+v")
        let pasted = try #require(probe.wait(for: "pasted", timeout: 20), "no paste: \(probe.events())")
        #expect(pasted["text"] as? String == "pasted ✓")
        #expect(probe.events("cut-failed").isEmpty && probe.events("paste-failed").isEmpty, "\(probe.events())")
    }

    // MARK: Drags that end badly

    /// Starts the probe dragging the text "kept" for a move and a GTK peer taking text moves, and holds the pointer's
    /// drag over the peer until it hears the drag enter. The pointer stays down; the caller ends the drag.
    /// - Returns: The probe, the peer, and where the probe's window is.
    private func holdMoveOverGTKTextTarget() throws -> (source: Program, target: Program, from: Frame) {
        let source = try desktop.probe(["source", "--title", "peer-app", "--text", "kept", "--action", "move"])
        let target = try desktop.peer(
            "gtk4-peer.py", ["target", "--title", "peer-tgt", "--accept", "text", "--action", "move"])
        let from = try start(source, title: "peer-app", at: Self.left)
        let to = try start(target, title: "peer-tgt", at: Self.right)
        try desktop.hold(from: from.center, to: to.center)
        #expect(target.wait(for: "enter") != nil, "the drag never reached the peer: \(target.events())")
        return (source, target, from)
    }

    /// Escape during a drag out of the app held over a GTK peer. X11: the drag ends cancelled, the peer's enter and
    /// leave balance and it got no drop, the moved item stays. Wayland (sway 1.7, wlroots 0.15): the compositor's
    /// drag grab drops every key (wlr_drag.c, "no keyboard input during drags"; the app's `wl_keyboard` gets a new
    /// keymap and no key), so the drag goes on: the Escape ends nothing, and the release over the peer moves the item
    /// as any drag does.
    func escapeCancelsDrag() throws {
        let (source, target, _) = try holdMoveOverGTKTextTarget()
        try desktop.key("Escape")
        if desktop.backend == .wayland {
            usleep(700_000)
            #expect(source.events("ended").isEmpty, "sway delivered the Escape: \(source.events())")
            try desktop.release()
            let drop = try #require(target.wait(for: "drop"), "the drag did not go on: \(source.events())")
            #expect(drop["text"] as? String == "kept")
            #expect(source.wait(for: "removed")?["remaining"] as? Int == 0)
            #expect(source.events("ended").map { $0["operation"] as? String } == ["move"])
            return
        }
        let ended = try #require(source.wait(for: "ended"), "the drag never ended: \(source.events())")
        try desktop.release()
        usleep(500_000)
        #expect(ended["operation"] as? String == "cancel")
        #expect(source.events("ended").count == 1)
        #expect(source.events("removed").isEmpty, "the item stays")
        #expect(target.events("drop").isEmpty)
        #expect(target.events("enter").count == target.events("leave").count, "the peer's feedback: \(target.events())")
    }

    /// A peer killed while the pointer holds a drag over it: the drag ends, cancelled, within seconds of the
    /// release, once; the moved item stays; a second drag to a new peer succeeds.
    func peerKilledMidDrag() throws {
        let (source, _, from) = try holdMoveOverGTKTextTarget()
        kill(try desktop.windowPID("peer-tgt"), SIGKILL)
        usleep(500_000)
        let released = Date().timeIntervalSince1970
        try desktop.release()
        let ended = try #require(source.wait(for: "ended", timeout: 30), "the drag never ended: \(source.events())")
        let elapsed = try #require(ended["t"] as? Double) - released
        #expect(elapsed < 8, "the drag ended \(elapsed) s after the release")
        #expect(ended["operation"] as? String == "cancel")
        #expect(source.events("removed").isEmpty, "the item stays")

        let second = try desktop.peer(
            "gtk4-peer.py", ["target", "--title", "peer-tgt2", "--accept", "text", "--action", "move"])
        let next = try start(second, title: "peer-tgt2", at: Self.right)
        try desktop.drag(from: from.center, to: next.center)
        let drop = try #require(second.wait(for: "drop"), "the second drag failed: \(source.events())")
        #expect(drop["text"] as? String == "kept")
        #expect(source.wait(for: "removed")?["remaining"] as? Int == 0)
        #expect(source.events("ended").map { $0["operation"] as? String } == ["cancel", "move"])
    }

    /// A GTK peer dragging text into the app, killed while the pointer holds the drag over the app's target: the
    /// target's isTargeted goes back to false within seconds and nothing is dropped; a drag from a new peer then
    /// arrives.
    func peerSourceKilledMidDrag() throws {
        let source = try desktop.peer("gtk4-peer.py", ["source", "--title", "peer-src", "--text", "lost"])
        let target = try desktop.probe(["target", "--title", "peer-app", "--accept", "text"])
        let from = try start(source, title: "peer-src", at: Self.left)
        let to = try start(target, title: "peer-app", at: Self.right)
        try desktop.hold(from: from.center, to: to.center)
        #expect(target.wait(for: "targeted") != nil, "the drag never lit the app: \(target.events())")
        kill(try desktop.windowPID("peer-src"), SIGKILL)
        usleep(500_000)
        let released = Date().timeIntervalSince1970
        try desktop.release()
        let deadline = Date().addingTimeInterval(15)
        while target.events("targeted").count < 2, Date() < deadline { usleep(50_000) }
        let lit = target.events("targeted")
        #expect(lit.map { $0["value"] as? Bool } == [true, false], "isTargeted: \(lit)")
        if let off = lit.last?["t"] as? Double, lit.count == 2 {
            #expect(off - released < 8, "isTargeted went off \(off - released) s after the release")
        }
        #expect(target.events("drop").isEmpty)

        let second = try desktop.peer("gtk4-peer.py", ["source", "--title", "peer-src2", "--text", "arrived"])
        let next = try start(second, title: "peer-src2", at: Self.left)
        try desktop.drag(from: next.center, to: to.center)
        let drop = try #require(target.wait(for: "drop"), "the second drag failed: \(target.events())")
        #expect(drop["text"] as? String == "arrived")
        #expect(
            target.events("targeted").map { $0["value"] as? Bool } == [true, false, true, false],
            "isTargeted over both drags: \(target.events("targeted"))")
    }
}

// MARK: dnd-sim window (X11)

extension Scenarios {
    /// A `dnd-sim window` (DnDKit's own X11 host, another toolkit over the same model) showing two panes: `library`
    /// holding `files` (a folder-backed pane: PNGs and UTF-8 text, in name order) and `inbox`, which takes images and
    /// text and keeps what other programs drop in a folder. Placed at `origin`.
    /// - Returns: The program, its window's frame, where `library`'s items are (their centres, on the screen, in the
    ///   files' name order), where `inbox` is, and the folder `inbox` saves drops into.
    func dndSimWindow(library files: [URL], at origin: (x: Int, y: Int)) throws -> (
        program: Program, library: [(x: Int, y: Int)], inbox: (x: Int, y: Int), saved: URL
    ) {
        let library = try desktop.folder("dnd-sim-library")
        for file in files {
            try FileManager.default.copyItem(at: file, to: library.appendingPathComponent(file.lastPathComponent))
        }
        let saved = try desktop.folder("dnd-sim-inbox")
        let scene = desktop.work.appendingPathComponent("dnd-sim-scene.yaml")
        // Items are laid out from the pane's top left: 8 points in, below a 20-point title, 8 points apart.
        try Data(
            """
            scene: gtk peers
            size: [400, 300]
            panes:
              - name: library
                frame: [0, 0, 200, 300]
                thumbnail: [80, 60]
                contents:
                  folder: \(library.path)
              - name: inbox
                frame: [200, 0, 200, 300]
                accepts: [public.image, public.plain-text]
                contents:
                  folder: \(saved.path)

            """.utf8
        ).write(to: scene)
        let program = try desktop.dndSimWindow([scene.path, "--at", "\(origin.x),\(origin.y)", "--for", "60"])
        let frame = try desktop.place(program, title: "dnd-sim: gtk peers", at: origin)
        usleep(300_000)
        let items = files.indices.map { index in (x: frame.x + 8 + index * 88 + 40, y: frame.y + 20 + 30) }
        return (program, items, (frame.x + 300, frame.y + 150), saved)
    }

    /// The one file `dnd-sim window` saved into `folder` once it reported it (its `saved` event).
    private func savedByDndSim(_ window: Program, in folder: URL) throws -> URL {
        _ = try #require(window.wait(for: "saved"), "dnd-sim saved nothing; its events: \(window.events())")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1, "saved: \(names)")
        return folder.appendingPathComponent(try #require(names.first))
    }

    /// App → `dnd-sim window`: the PNG's pixels and then text arrive in DnDKit's X11 window, through the same model
    /// on both sides (`Bitmap` and `String` out of the app, `public.png` and `public.utf8-plain-text` in the window);
    /// the app hears copies.
    func toDndSimWindow() throws {
        let picture = try pictureFile()
        let window = try dndSimWindow(library: [], at: Self.right)
        let source = try desktop.probe(["source", "--title", "peer-app", "--png", picture.url.path])
        let from = try start(source, title: "peer-app", at: Self.left)
        try desktop.drag(from: from.center, to: window.inbox)
        let png = try savedByDndSim(window.program, in: window.saved)
        #expect(try Self.samePixels(try Data(contentsOf: png), picture.bitmap))
        let added = window.program.events("added").first?["detail"] as? String ?? ""
        #expect(added.contains("of public.png"), "\(window.program.events())")
        #expect(source.wait(for: "ended")?["operation"] as? String == "copy")
        source.stop()

        let text = "héllo dnd-sim ✓"
        let texter = try desktop.probe(["source", "--title", "peer-app2", "--text", text])
        let textFrom = try start(texter, title: "peer-app2", at: Self.left)
        try desktop.drag(from: textFrom.center, to: window.inbox)
        #expect(texter.wait(for: "ended")?["operation"] as? String == "copy", "\(window.program.events())")
        let saved = try FileManager.default.contentsOfDirectory(atPath: window.saved.path).filter {
            $0 != png.lastPathComponent
        }
        #expect(saved.count == 1, "saved: \(saved)")
        let note = window.saved.appendingPathComponent(try #require(saved.first))
        #expect(String(decoding: try Data(contentsOf: note), as: UTF8.self) == text)
    }

    /// `dnd-sim window` → app: a PNG from the window's library arrives with identical pixels in a
    /// `dropDestination(for: Bitmap.self)`, a text note in a `dropDestination(for: String.self)`; each target lights
    /// and unlights once, and the window hears copies.
    func fromDndSimWindow() throws {
        let picture = try pictureFile()
        let note = desktop.work.appendingPathComponent("a note.txt")
        try Data("a note from dnd-sim ✓".utf8).write(to: note)
        let window = try dndSimWindow(library: [note, picture.url], at: Self.left)
        let saved = try desktop.folder("got")
        let imageTarget = try desktop.probe(
            ["target", "--title", "peer-app", "--accept", "image", "--save", saved.path, "--size", "300,200"])
        let image = try start(imageTarget, title: "peer-app", at: Self.right)
        try desktop.drag(from: window.library[1], to: image.center)
        let drop = try #require(imageTarget.wait(for: "drop"), "no drop: \(window.program.events())")
        let path = try #require(drop["saved"] as? String)
        #expect(try Self.samePixels(try Data(contentsOf: URL(fileURLWithPath: path)), picture.bitmap))
        #expect(imageTarget.events("targeted").map { $0["value"] as? Bool } == [true, false])

        let textTarget = try desktop.probe(["target", "--title", "peer-app2", "--accept", "text", "--size", "300,200"])
        let text = try start(textTarget, title: "peer-app2", at: (Self.right.x, Self.right.y + 300))
        try desktop.drag(from: window.library[0], to: text.center)
        let textDrop = try #require(textTarget.wait(for: "drop"), "no drop: \(window.program.events())")
        #expect(textDrop["text"] as? String == "a note from dnd-sim ✓")
        #expect(textTarget.events("targeted").map { $0["value"] as? Bool } == [true, false])
        let deadline = Date().addingTimeInterval(5)
        while window.program.events("end").count < 2, Date() < deadline { usleep(50_000) }
        #expect(window.program.events("end").map { $0["detail"] as? String } == ["copy", "copy"])
    }
}
