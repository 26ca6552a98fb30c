import Foundation
import TestSupport
import Testing

/// Every command's `--json` names its keys one way: camelCase, as Swift's own property names.
@Suite("JSON key style")
struct JSONKeyStyleTests {
    static func keys(_ value: Any, path: String = "") -> [String] {
        switch value {
        case let object as [String: Any]:
            // A type's tags are keyed by tag class identifiers (data, not keys of ours).
            object.flatMap { key, nested in [key] + (key == "tags" ? [] : keys(nested, path: path + "." + key)) }
        case let array as [Any]:
            array.flatMap { keys($0, path: path) }
        default:
            []
        }
    }

    @Test func everyCommandUsesCamelCase() throws {
        let png = ImageCommandTests.fixture("pngtest.png")
        let scene = RunCommandTests.scenes.appendingPathComponent("routing-by-type.yaml").path
        let folder = try temporaryFolder("dnd-sim-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: png, toPath: folder.appendingPathComponent("a.png").path)
        let commands: [[String]] = [
            ["image", "info", "--json", png],
            ["image", "bench", "--json", "--runs", "1", png],
            ["image", "convert", "--json", png, folder.appendingPathComponent("b.png").path],
            ["types", "show", "--json", "public.png"],
            ["types", "identify", "--json", png],
            ["run", "--json", scene],
            ["move", "--json", folder.appendingPathComponent("a.png").path, "--to", folder.path + "/out"],
        ]
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        for command in commands {
            let result = try dndSim(command)
            #expect(result.status == 0, "\(command)")
            for line in result.standardOutput.split(separator: "\n") {
                let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
                for key in Self.keys(value) {
                    #expect(
                        key.first?.isLowercase == true && key.allSatisfy { $0.isLetter || $0.isNumber },
                        "\(command[0]) \(command[1]): \(key)")
                }
            }
        }
    }
}
