import ContentTypes
import Diagnostics
import DragDrop
import FileMoving
import Foundation
import Gestures
import PNGCodec
import Simulation
import Testing

@Suite("One error shape: code, message, where")
struct CodedErrorTests {
    @Test(
        "a location reads file:line:column, then the byte and the parts inside the file",
        arguments: [
            (ErrorLocation(), ""),
            (ErrorLocation(file: "scene.yaml", line: 12, column: 5), "scene.yaml:12:5"),
            (ErrorLocation(line: 3), "<input>:3"),
            (ErrorLocation(file: "a.png", byteOffset: 33, parts: ["chunk iCCP"]), "a.png: byte 33: chunk iCCP"),
            (
                ErrorLocation(file: "types.plist", parts: ["org.example.doc", "UTTypeTagSpecification"]),
                "types.plist: org.example.doc: UTTypeTagSpecification"
            ),
        ])
    func locationText(location: ErrorLocation, text: String) {
        #expect(location.description == text)
        #expect(location.isEmpty == text.isEmpty)
    }

    @Test("every error places its message where it happened")
    func placedMessages() {
        let script = SimulationError(.syntax, "expected a pane name", file: "run.dndscript", line: 4, column: 9)
        #expect(script.location == ErrorLocation(file: "run.dndscript", line: 4, column: 9))
        #expect("\(script)" == "run.dndscript:4:9: expected a pane name")

        let registry = TypeRegistryError(
            .missingKey, file: "Info.plist", entry: "Doc (org.example.doc)", key: "UTTypeIdentifier",
            message: "the key is missing")
        #expect(registry.location.parts == ["Doc (org.example.doc)", "UTTypeIdentifier"])
        #expect("\(registry)" == "Info.plist: Doc (org.example.doc): UTTypeIdentifier: the key is missing")

        let file = FileSystemError(.exists, path: "/tmp/out.png", operation: "link")
        #expect(file.location.file == "/tmp/out.png")
        #expect("\(file)" == "/tmp/out.png: link: already exists")

        let image = ImageError(.crcMismatch, "CRC mismatch in chunk IDAT at byte 57", chunk: "IDAT", offset: 57)
        #expect(image.location == ErrorLocation(byteOffset: 57, parts: ["chunk IDAT"]))
        #expect("\(image)" == image.message)

        let drag = DragDropError(.noTarget, "released over no drop target at (1, 2)")
        #expect(drag.location.isEmpty)
        #expect("\(drag)" == drag.message)
        #expect(GestureInputError(.notFinite, "x is not finite").placedMessage == "x is not finite")
    }

    @Test("codes compare by name within one error type, and show their names")
    func codes() {
        #expect(ImageError.Code.truncated == ImageError.Code(rawValue: "truncated"))
        #expect(ImageError.Code.truncated != .badChunk)
        #expect("\(FileSystemError.Code.noSuchFile)" == "no such file")
        let codes: Set<SimulationError.Code> = [.syntax, .unknownKey, .syntax]
        #expect(codes.count == 2)
    }
}
