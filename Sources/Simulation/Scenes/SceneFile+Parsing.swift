import ContentTypes
import DragDrop
import FileAccess
import Foundation
import Gestures
import Yams

extension SceneFile {
    /// The syntax of a scene file.
    package enum Format: Sendable {
        /// YAML, with comments.
        case yaml
        /// JSON (strict: no comments, no trailing commas).
        case json
    }

    /// The largest scene or script file read, 64 MiB: far more than any scene needs, and bounded.
    static let sizeLimit = 64 << 20

    /// Reads a scene file: JSON when its extension is `.json`, YAML otherwise. Folders and declaration files it
    /// names are relative to the file's folder.
    /// - Parameter url: The file.
    /// - Returns: The scene.
    /// - Throws: `SimulationError` naming the file, line and column of the first problem and what was expected.
    package static func load(contentsOf url: URL) throws -> SceneFile {
        let name = url.relativePath
        let data: Data
        do {
            data = try ReadableFile(url.path).readAll(limit: sizeLimit)
        } catch {
            throw SimulationError(.unreadableFile, "cannot read the scene file: \(error.code)", file: name)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SimulationError(.syntax, "the scene file is not UTF-8 text", file: name)
        }
        let format: Format = url.pathExtension.lowercased() == "json" ? .json : .yaml
        return try parse(text, format: format, fileName: name, baseDirectory: url.deletingLastPathComponent())
    }

    /// Reads a scene from its text.
    /// - Parameters:
    ///   - text: The scene file's text.
    ///   - format: YAML or JSON.
    ///   - fileName: The file, for messages.
    ///   - baseDirectory: The folder that relative paths start from; the current folder when nil.
    /// - Returns: The scene.
    /// - Throws: `SimulationError` naming the line and column of the first problem and what was expected.
    package static func parse(
        _ text: String, format: Format = .yaml, fileName: String? = nil, baseDirectory: URL? = nil
    ) throws -> SceneFile {
        let root = try compose(text, format: format, fileName: fileName)
        let base = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var reader = SceneReader(base: base, fileName: fileName, text: text)
        return try reader.scene(root)
    }

    private static func compose(_ text: String, format: Format, fileName: String?) throws -> ConfigValue {
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, format: format, fileName: fileName)
        }
        if format == .json { try JSONCheck.validate(text, fileName: fileName) }
        guard let node else {
            throw SimulationError(
                .missingKey, "the scene file is empty: expected a mapping with \"panes\"", file: fileName)
        }
        return ConfigValue(node: node, file: fileName)
    }

    private static func syntaxError(_ error: YamlError, format: Format, fileName: String?) -> SimulationError {
        let language = format == .json ? "JSON" : "YAML"
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return SimulationError(
                .syntax, "not valid \(language): \(detail)", file: fileName, line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return SimulationError(
                .syntax, "a key appears twice in one mapping: \(duplicates.joined(separator: ", "))", file: fileName,
                line: context.mark.line, column: context.mark.column)
        default:
            return SimulationError(.syntax, "not valid \(language): \(error)", file: fileName)
        }
    }
}

/// Strict JSON: Yams reads JSON as YAML (which gives the places of values), and Foundation's parser rejects what
/// JSON does not allow; its character offset becomes a line and a column.
enum JSONCheck {
    static func validate(_ text: String, fileName: String?) throws {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            var line: Int?
            var column: Int?
            if let range = description.range(of: #"character \d+"#, options: .regularExpression),
                let offset = Int(description[range].dropFirst("character ".count))
            {
                (line, column) = TextLines.place(ofUTF8Offset: offset, in: text)
            }
            throw SimulationError(.syntax, "not valid JSON: \(description)", file: fileName, line: line, column: column)
        }
    }
}

/// Turns the values of a scene file into a ``SceneFile``.
struct SceneReader {
    let base: URL
    let fileName: String?
    /// The file's lines, to find where a block of script text starts.
    let lines: [Substring]
    private var paneNames: [String: ConfigValue] = [:]

    init(base: URL, fileName: String?, text: String) {
        self.base = base
        self.fileName = fileName
        lines = TextLines.lines(of: text)
    }

    static let sceneKeys = ["scene", "size", "types", "panes", "script"]
    static let paneKeys = [
        "name", "frame", "z", "color", "contents", "accepts", "declines", "operation", "allowsMove", "forbidden",
        "highlight", "springLoading", "list", "gestures", "thumbnail", "panes",
    ]
    static let contentsKeys = ["folder", "generate", "seed", "size", "prefix", "text", "offers"]

    mutating func scene(_ root: ConfigValue) throws -> SceneFile {
        let mapping = try root.mapping("the scene", keys: Self.sceneKeys)
        let name =
            try mapping["scene"]?.string("the scene's title") ?? fileName.map {
                URL(fileURLWithPath: $0).lastPathComponent
            } ?? "scene"
        let size = try mapping["size"]?.size("the screen size [width, height]") ?? CGSize(width: 800, height: 600)
        var declarationFiles: [URL] = []
        for value in mapping["types"]?.listOrOne() ?? [] {
            let path = try value.string("a type declaration file")
            let url = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
            try TypeDeclarations.add(url, at: value)
            declarationFiles.append(url)
        }
        let panesValue = try mapping.required("panes")
        let panes = try panesValue.list("panes").map { try pane($0) }
        guard !panes.isEmpty else { throw panesValue.error(.invalidValue, "a scene needs at least one pane") }
        let script = try mapping["script"].map { try self.script($0) }
        return SceneFile(
            name: name, size: size, typeDeclarationFiles: declarationFiles, panes: panes, script: script,
            fileName: fileName)
    }

    private mutating func pane(_ value: ConfigValue) throws -> PaneSpec {
        let fields = try value.mapping("a pane", keys: Self.paneKeys)
        let nameValue = try fields.required("name")
        let name = try nameValue.string("a pane's name")
        if let earlier = paneNames[name] {
            throw nameValue.error(
                .unknownName,
                "there is already a pane named \"\(name)\" (line \(earlier.line ?? 0)); names must be unique")
        }
        paneNames[name] = nameValue
        let what = "pane \"\(name)\""
        var pane = PaneSpec(name: name, frame: try fields.required("frame").rect("the frame of \(what)"))
        pane.zIndex = try fields["z"]?.integer("the z-order of \(what)") ?? 0
        pane.color = try fields["color"].map { try Self.color($0, "the colour of \(what)") } ?? PaneSpec.defaultColor
        if let contents = fields["contents"] { pane.contents = try self.contents(contents, what) }
        pane.accepts = try types(fields["accepts"], "a type \(what) accepts")
        pane.declines = try types(fields["declines"], "a type \(what) declines")
        if let operation = fields["operation"] {
            switch try operation.string("the operation of \(what)") {
            case "copy": pane.operation = .copy
            case "move": pane.operation = .move
            case let other:
                throw operation.error(.invalidValue, "the operation of \(what) must be copy or move, not \"\(other)\"")
            }
        }
        pane.allowsMove = try fields["allowsMove"]?.bool("allowsMove of \(what)") ?? true
        pane.forbiddenRegions = try (fields["forbidden"]?.list("the forbidden regions of \(what)") ?? []).map {
            try $0.rect("a forbidden region of \(what)")
        }
        if let highlight = fields["highlight"] {
            let isNone = (try? highlight.string("")) == "none"
            pane.highlight = isNone ? nil : try Self.color(highlight, "the highlight of \(what)", opacity: 0.2)
        }
        pane.springLoading = try fields["springLoading"]?.bool("springLoading of \(what)") ?? false
        pane.isList = try fields["list"]?.bool("list of \(what)") ?? false
        pane.gestures = try (fields["gestures"]?.listOrOne() ?? []).map { value in
            let name = try value.string("a gesture of \(what)")
            guard let gesture = PaneGesture(rawValue: name) else {
                let all = PaneGesture.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: name, among: all).map { "; did you mean \"\($0)\"?" } ?? ""
                throw value.error(
                    .invalidValue,
                    "unknown gesture \"\(name)\"\(hint) (expected one of: \(all.joined(separator: ", ")))")
            }
            return gesture
        }
        pane.thumbnailSize =
            try fields["thumbnail"]?.size("the thumbnail size [width, height] of \(what)")
            ?? PaneSpec.defaultThumbnailSize
        pane.panes = try (fields["panes"]?.list("the panes in \(what)") ?? []).map { try self.pane($0) }
        return pane
    }

    private func contents(_ value: ConfigValue, _ pane: String) throws -> PaneContents {
        let what = "the contents of \(pane)"
        let fields = try value.mapping(what, keys: Self.contentsKeys)
        var contents = PaneContents()
        if let folder = fields["folder"] {
            let url = URL(fileURLWithPath: try folder.string("a folder"), relativeTo: base).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw folder.error(.unreadableFile, "the folder \(url.path) of \(pane) does not exist")
            }
            contents.folder = url
        }
        if let generate = fields["generate"] {
            let count = try generate.integer("the number of images to generate")
            guard (0...1000).contains(count) else {
                throw generate.error(.invalidValue, "the number of images to generate must be from 0 to 1000")
            }
            var images = GeneratedImages(count: count, seed: 1)
            if let seed = fields["seed"] {
                let number = try seed.integer("the seed")
                guard number >= 0 else { throw seed.error(.invalidValue, "the seed must not be negative") }
                images.seed = UInt64(number)
            }
            if let size = fields["size"] {
                let value = try size.size("the image size [width, height]")
                guard value.width <= 2048, value.height <= 2048, value.width == value.width.rounded(),
                    value.height == value.height.rounded()
                else { throw size.error(.invalidValue, "the image size must be whole pixels, at most 2048 by 2048") }
                images.width = Int(value.width)
                images.height = Int(value.height)
            }
            if let prefix = fields["prefix"] { images.prefix = try prefix.string("the name prefix") }
            contents.generated = images
        } else {
            for key in ["seed", "size", "prefix"] {
                if let stray = fields[key] {
                    throw stray.error(.invalidValue, "\"\(key)\" in \(what) needs \"generate\", the number of images")
                }
            }
        }
        contents.texts = try (fields["text"]?.listOrOne() ?? []).map { try $0.string("a text note") }
        if let offers = fields["offers"] {
            contents.imageTypes = try types(offers, "a type the images are offered as")
            for (type, value) in zip(contents.imageTypes, offers.listOrOne())
            where !PaneItem.offerableTypes.contains(type) {
                throw value.error(
                    .invalidValue,
                    "images can be offered as \(PaneItem.offerableTypes.map(\.identifier).joined(separator: ", ")), "
                        + "not \(type.identifier)")
            }
        }
        return contents
    }

    private func types(_ value: ConfigValue?, _ what: String) throws -> [UTType] {
        try (value?.listOrOne() ?? []).map { item in
            let identifier = try item.string(what)
            guard let type = UTType(identifier) else {
                let known = TypeRegistry.current.types.map(\.identifier)
                let hint = Suggestion.closest(to: identifier, among: known).map { "; did you mean \($0)?" } ?? ""
                throw item.error(
                    .invalidValue,
                    "unknown type identifier \"\(identifier)\"\(hint) (declare it in a file listed under \"types\")")
            }
            return type
        }
    }

    private func script(_ value: ConfigValue) throws -> Script {
        if case .sequence = value.node {
            let steps = try value.list("the script").compactMap { line in
                try Script.parseLine(
                    try line.string("a script step"), fileName: fileName, line: line.line ?? 0,
                    column: line.column ?? 1)
            }
            return Script(steps: steps)
        }
        let text = try value.string("the script")
        var firstLine = value.line ?? 1
        var indent = 0
        if case .scalar(let scalar) = value.node, scalar.style == .literal || scalar.style == .folded {
            // A block's text starts on the next line, indented; columns count from the file's margin.
            firstLine += 1
            if firstLine - 1 < lines.count { indent = lines[firstLine - 1].prefix { $0 == " " }.count }
        }
        return try Script.parse(text, fileName: fileName, firstLine: firstLine, firstColumn: indent + 1)
    }

    static let colors: [String: Color] = [
        "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "blue": .blue, "purple": .purple,
        "gray": .gray, "grey": .gray, "black": .black, "white": .white,
    ]

    /// A colour name, or `#RRGGBB`; `opacity` applies to names.
    static func color(_ value: ConfigValue, _ what: String, opacity: Double = 1) throws -> Color {
        let text = try value.string(what)
        if let named = colors[text.lowercased()] { return named.opacity(opacity) }
        if text.hasPrefix("#"), text.count == 7, let bits = UInt32(text.dropFirst(), radix: 16) {
            return Color(
                red: Double(bits >> 16 & 0xFF) / 255, green: Double(bits >> 8 & 0xFF) / 255,
                blue: Double(bits & 0xFF) / 255, opacity: opacity)
        }
        throw value.error(
            .invalidValue,
            "\(what) must be a colour name (\(colors.keys.sorted().joined(separator: ", "))) or #RRGGBB, not \"\(text)\""
        )
    }
}

/// Adds declaration files to the current type registry, once per identifier.
enum TypeDeclarations {
    static func add(_ url: URL, at value: ConfigValue) throws {
        do {
            try TypeRegistry.updateCurrent { registry in
                let extended = try registry.addingDeclarations(contentsOf: url)
                // Declared already (by an earlier scene of this process): keep the registry as it is.
                let isNew = extended.declarations.contains { declaration in
                    registry.type(withIdentifier: declaration.identifier) == nil
                }
                return isNew ? extended : registry
            }
        } catch let error as TypeRegistryError where error.code == .duplicateExport {
            return
        } catch {
            throw value.error(.unreadableFile, "cannot add the type declarations of \(url.path): \(error)")
        }
    }
}
