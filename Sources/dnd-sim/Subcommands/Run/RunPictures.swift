import DnDKit
import FileWriting
import Foundation
import Rendering
import Simulation

/// The pictures of a run (`--snapshots`, `--ansi`): the scene drawn at each key moment, while it still shows it.
///
/// A refusal or a cancel is drawn with a mark on the source pane, which keeps the item; the other moments show the
/// scene as it is (the preview at the pointer, a targeted pane in green, a forbidden one in red).
final class RunPictures {
    /// Where PNG snapshots go; nil writes none.
    let folder: URL?
    /// Where the pictures are once the output folder is in place: the folder messages name.
    let shownFolder: URL?
    /// The width of terminal pictures in characters; nil draws none.
    let columns: Int?
    /// PNG files written, in order.
    private(set) var files: [URL] = []
    /// Terminal pictures with their titles, in order.
    private(set) var terminalPictures: [(title: String, picture: String)] = []
    /// The first failure, reported once the run is over.
    private(set) var failure: InputError?

    init(folder: URL?, shownAs shownFolder: URL?, columns: Int?) {
        self.folder = folder
        self.shownFolder = shownFolder
        self.columns = columns
    }

    /// Creates the snapshot folder, when there is one: inside the output folder's hidden working folder, so nothing
    /// of an earlier run is there (see `OutputFolder`).
    func prepare() throws {
        guard let folder else { return }
        guard mkdir(folder.path, 0o777) == 0 || errno == EEXIST else {
            let shown = shownFolder?.path ?? folder.path
            throw InputError(
                FileSystemError("cannot create the snapshot folder", path: shown, errno: errno), fallback: shown)
        }
    }

    /// Draws one moment; a failure is kept for ``failure`` and stops further drawing.
    func draw(_ moment: KeyMoment, in simulation: Simulation) {
        guard failure == nil, moment.kind != .ended else { return }
        FontNotice.warnIfFallingBack()
        var marks: [NodeID: SnapshotMark] = [:]
        if moment.kind == .refused || moment.kind == .cancelled, let pane = moment.event.pane,
            let node = simulation.paneNode(named: pane)
        {
            let item = moment.event.item.map { "\($0) stays: " } ?? ""
            marks[node.id] = .refused(item + (moment.kind == .refused ? "refused" : "cancelled"))
        }
        let renderer = simulation.snapshotRenderer(marks: marks)
        let name = String(format: "%03d-%@.png", moment.number, moment.kind.rawValue)
        do {
            let picture = try renderer.render(simulation.scene)
            if let folder {
                let file = folder.appendingPathComponent(name)
                try SnapshotFile.write(picture, toPath: file.path)
                files.append(file)
            }
            if let columns {
                let title = "\(Formatting.time(moment.time)) s  \(moment.kind.rawValue)  \(moment.event.item ?? "")"
                terminalPictures.append((title, try TerminalPicture.halfBlocks(picture, columns: columns)))
            }
        } catch let error as FileSystemError {
            failure = InputError(
                shownFolder?.appendingPathComponent(name).path ?? name, "cannot write the snapshot: \(error.code)")
        } catch {
            failure = InputError(
                shownFolder?.appendingPathComponent(name).path ?? name, "cannot draw the snapshot: \(error)")
        }
    }

    /// Prints the terminal pictures, each under its title.
    func printTerminalPictures() {
        for (title, picture) in terminalPictures {
            print("")
            print(Terminal.styled(title, .bold))
            print(picture, terminator: "")
        }
    }

    /// `DIR/001-lift.png … DIR/014-drop.png (14 pictures)`, naming the folder the pictures end up in.
    ///
    /// - Returns: The first and last file and the count, or "no pictures".
    func filesSummary() -> String {
        let folder = shownFolder ?? URL(fileURLWithPath: ".")
        guard let first = files.first, let last = files.last else { return "no pictures" }
        let count = "(\(files.count) picture\(files.count == 1 ? "" : "s"))"
        let shown = { (file: URL) in folder.appendingPathComponent(file.lastPathComponent).path }
        return files.count == 1 ? "\(shown(first)) \(count)" : "\(shown(first)) … \(shown(last)) \(count)"
    }

    /// The terminal width for `--ansi`: `$COLUMNS` when set, else 80, at most 160.
    static var terminalColumns: Int {
        let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return min(160, max(20, columns))
    }
}
