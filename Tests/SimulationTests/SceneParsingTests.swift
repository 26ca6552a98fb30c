import ContentTypes
import DragDrop
import Foundation
import Gestures
import Simulation
import TestSupport
import Testing

@Suite("Scene files")
struct SceneParsingTests {
    @Test("A YAML scene with comments gives every field")
    func yamlFields() throws {
        let text = """
            # a comment
            scene: Test   # another
            size: [400, 300]
            panes:
              - name: a
                frame: [1, 2, 30, 40]
                z: 2
                color: "#102030"
                accepts: [public.image, public.plain-text]
                declines: public.jpeg
                operation: move
                allowsMove: false
                forbidden: [[0, 0, 5, 5]]
                highlight: blue
                springLoading: true
                gestures: [pinch, tap]
                thumbnail: [20, 10]
                contents: {generate: 2, seed: 5, size: [16, 12], prefix: pic, text: hello}
                panes:
                  - name: b
                    frame: [0, 0, 10, 10]
            """
        let scene = try SceneFile.parse(text, fileName: "test.yaml")
        #expect(scene.name == "Test")
        #expect(scene.size == CGSize(width: 400, height: 300))
        let a = try #require(scene.panes.first)
        #expect(a.frame == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(a.zIndex == 2)
        #expect(abs(a.color.green - 32.0 / 255) < 1e-9)
        #expect(a.accepts == [.image, .plainText])
        #expect(a.declines == [.jpeg])
        #expect(a.operation == .move)
        #expect(!a.allowsMove)
        #expect(a.forbiddenRegions == [CGRect(x: 0, y: 0, width: 5, height: 5)])
        #expect(a.highlight == Color.blue.opacity(0.2))
        #expect(a.springLoading)
        #expect(a.gestures == [.pinch, .tap])
        #expect(a.thumbnailSize == CGSize(width: 20, height: 10))
        #expect(a.contents.generated == GeneratedImages(count: 2, seed: 5, width: 16, height: 12, prefix: "pic"))
        #expect(a.contents.texts == ["hello"])
        #expect(a.panes.map(\.name) == ["b"])
        #expect(scene.allPanes.map(\.name) == ["a", "b"])
    }

    @Test("Defaults: copy, moves allowed, D4's green highlight at 0.2")
    func defaults() throws {
        let scene = try SceneFile.parse("panes: [{name: a, frame: [0, 0, 1, 1]}]")
        let pane = try #require(scene.panes.first)
        #expect(pane.operation == .copy)
        #expect(pane.allowsMove)
        #expect(pane.highlight == Color.green.opacity(0.2))
        #expect(pane.accepts.isEmpty)
        #expect(scene.size == CGSize(width: 800, height: 600))
    }

    @Test(
        "Every sample scene parses",
        arguments: [
            "photo-sorter.yaml", "targeted-overlay.json", "routing-by-type.yaml", "multi-touch.yaml",
            "cancel-paths.yaml",
        ])
    func samplesParse(name: String) throws {
        let scene = try SceneFile.load(contentsOf: sampleScenes.appendingPathComponent(name))
        #expect(!scene.panes.isEmpty)
        #expect(!(scene.script?.steps.isEmpty ?? true))
    }

    @Test("The photo sorter declares org.alanhou.pictures from Info/Info.plist")
    func photoSorterType() throws {
        let scene = try SceneFile.load(contentsOf: sampleScenes.appendingPathComponent("photo-sorter.yaml"))
        let view = try #require(scene.panes.first { $0.name == "view" })
        #expect(view.accepts.map(\.identifier) == ["org.alanhou.pictures"])
        #expect(view.accepts.first?.isDeclared == true)
        #expect(view.accepts.first?.localizedDescription == "Pictures")
    }

    /// A fixture, the code, line and column of its error, and words the message must contain.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let code: SimulationError.Code
        let line: Int
        let column: Int
        let words: [String]
        var testDescription: String { name }
    }

    @Test(
        "Each error names the file, line and column and says what was expected",
        arguments: [
            BadFile(
                name: "unknown-key.yaml", code: .unknownKey, line: 6, column: 5,
                words: ["acepts", "did you mean \"accepts\""]),
            BadFile(
                name: "bad-frame.yaml", code: .wrongType, line: 4, column: 12, words: ["4 numbers", "pane \"library\""]),
            BadFile(name: "commented.json", code: .syntax, line: 3, column: 5, words: ["not valid JSON"]),
            BadFile(
                name: "unknown-type.yaml", code: .invalidValue, line: 4, column: 27,
                words: ["public.imag", "did you mean public.image"]),
            BadFile(
                name: "bad-script.yaml", code: .syntax, line: 7, column: 16, words: ["expected \"from\"", "\"form\""]),
            BadFile(name: "bad-indent.yaml", code: .syntax, line: 3, column: 11, words: ["not valid YAML"]),
        ])
    func badFiles(file: BadFile) throws {
        let url = try fixture(file.name)
        let error = try #require(simulationError { _ = try SceneFile.load(contentsOf: url) })
        #expect(error.code == file.code)
        #expect(error.file == url.relativePath)
        #expect(error.line == file.line)
        #expect(error.column == file.column)
        for word in file.words { #expect(error.message.contains(word), "\(error)") }
        #expect(error.description.hasPrefix("\(url.relativePath):\(file.line):\(file.column): "))
    }

    @Test("A missing key, a duplicate pane and a bad colour are errors with places")
    func inlineErrors() {
        let missing = simulationError { _ = try SceneFile.parse("panes:\n  - name: a\n", fileName: "m.yaml") }
        #expect(missing?.code == .missingKey)
        #expect(missing?.line == 2)
        #expect(missing?.message.contains("\"frame\"") == true)
        let twice = simulationError {
            _ = try SceneFile.parse("panes:\n  - {name: a, frame: [0,0,1,1]}\n  - {name: a, frame: [0,0,1,1]}\n")
        }
        #expect(twice?.code == .unknownName)
        #expect(twice?.line == 3)
        let colour = simulationError { _ = try SceneFile.parse("panes: [{name: a, frame: [0,0,1,1], color: mauve}]") }
        #expect(colour?.code == .invalidValue)
        #expect(colour?.column == 44)
        let noPanes = simulationError { _ = try SceneFile.parse("scene: x\n") }
        #expect(noPanes?.code == .missingKey)
        let offers = simulationError {
            _ = try SceneFile.parse(
                "panes: [{name: a, frame: [0,0,1,1], contents: {generate: 1, offers: public.jpeg}}]")
        }
        #expect(offers?.code == .invalidValue)
        #expect(offers?.message.contains("org.alanhou.pictures") == true)
    }

    @Test("A folder's PNG images and text files become items in name order, bytes unchanged")
    func folderItems() throws {
        let url = try fixture("folder.yaml")
        let simulation = try Simulation(try SceneFile.load(contentsOf: url))
        let items = simulation.items(inPane: "box")
        #expect(items.map(\.name) == ["colour-wheel.png", "grey-ramp.png", "reminder.txt"])
        let photo = url.deletingLastPathComponent().appendingPathComponent("photos/colour-wheel.png")
        #expect(items[0].data == FileManager.default.contents(atPath: photo.path))
        #expect(items[0].offeredTypes == [.png])
        #expect(items[2].offeredTypes == [.utf8PlainText])
        #expect(items[2].text == "Remember the milk\n")
        let imageName = try #require(items[0].imageName)
        let bitmap = try #require(simulation.bitmap(forImageNamed: imageName))
        #expect(bitmap.width == 32 && bitmap.height == 32)
    }

    @Test("A pane's folder that holds something unreadable says which file and why in words")
    func unreadableFolderItem() throws {
        let root = try temporaryFolder("dndkit-scene")
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("photos/album")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let scene = root.appendingPathComponent("scene.yaml")
        try Data("panes:\n  - name: box\n    frame: [0, 0, 100, 100]\n    contents: {folder: photos}\n".utf8)
            .write(to: scene)
        let failure = #expect(throws: SimulationError.self) {
            _ = try Simulation(try SceneFile.load(contentsOf: scene))
        }
        #expect(failure?.message == "cannot read the file: is a directory")
        #expect(failure?.file == inner.path)
    }
}
