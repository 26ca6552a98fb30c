import Testing

@testable import ContentTypes

/// The look-up of `UTType(filenameExtension:)` and `UTType(mimeType:)` folds a tag into words (`FoldedTag`) and hashes
/// and compares it a word at a time; it must answer as the general path (`TypeRegistry.resolveFirst`), which folds the
/// tag's bytes, for every tag: declared or not, every length and case, valid or not.
@Suite("Tags folded in words")
struct FoldedTagTests {
    /// Tags of every length around the words' boundaries, in both cases, plus declared ones and malformed ones.
    static let tags: [(String, UTTagClass)] = {
        var tags: [(String, UTTagClass)] = []
        for count in 1...40 {
            let tag = String((0..<count).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            tags.append((tag, .filenameExtension))
            tags.append((tag.uppercased(), .filenameExtension))
            tags.append(("application/" + tag, .mimeType))
            tags.append(("APPLICATION/X-" + tag.uppercased(), .mimeType))
            tags.append(("text/" + tag, .mimeType))
        }
        for tag in ["png", "PNG", "JpG", "tar.gz", "json", "drawingq", ".png", "a/b", "x y", "été", "\u{7F}", ""] {
            tags.append((tag, .filenameExtension))
        }
        for tag in [
            "image/png", "IMAGE/PNG", "application/json",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "text/plain; charset=utf-8", "text/plain;charset=utf-8", "image/svg+xml", "application/", "application/x",
            "application/x-zzz-fifteen-b", "image/ü", "",
        ] {
            tags.append((tag, .mimeType))
        }
        return tags
    }()

    @Test("the words' look-up answers as the bytes' look-up, for every tag")
    func sameAnswers() throws {
        let declared = TypeDeclaration(
            identifier: "org.dndkit.test.folded", conformsTo: ["public.data"],
            tags: [.filenameExtension: ["drawingq", "abcdefghijklmnopqrstuvwxyzabcd"], .mimeType: ["text/abcdefghij"]])
        let registries = [TypeRegistry.system, try TypeRegistry(declarations: [declared])]
        var wrong: [String] = []
        for registry in registries {
            for (tag, tagClass) in Self.tags {
                for supertype in [nil, UTType.data, .image, .text] {
                    let fast = TypeRegistry.knownOrDynamicType(
                        tag: tag, kind: tagClass.kind, conformingTo: supertype, in: registry.storage,
                        followsCurrent: false)
                    let general = registry.resolveFirst(
                        tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent: false)
                    let answer = registry.type(tag: tag, tagClass: tagClass, conformingTo: supertype)
                    if let fast, fast != general || fast.slot != general?.slot || fast.tag != general?.tag {
                        wrong.append("\(tag) \(tagClass.rawValue) \(supertype?.identifier ?? "-")")
                    }
                    if answer != general || answer?.identifier != general?.identifier {
                        wrong.append("type(tag:) \(tag) \(tagClass.rawValue) \(supertype?.identifier ?? "-")")
                    }
                }
            }
        }
        #expect(wrong.isEmpty)
        // The fast path answers the tags it holds: declared ones, and undeclared ones that fit inline.
        let storage = registries[1].storage
        for (tag, tagClass, expected) in [
            ("DRAWINGQ", UTTagClass.filenameExtension, "org.dndkit.test.folded"),
            ("abcdefghijklmnopqrstuvwxyzabcd", .filenameExtension, "org.dndkit.test.folded"),
            ("Text/ABCDEFGHIJ", .mimeType, "org.dndkit.test.folded"), ("image/PNG", .mimeType, "public.png"),
        ] {
            let type = TypeRegistry.knownOrDynamicType(
                tag: tag, kind: tagClass.kind, conformingTo: nil, in: storage, followsCurrent: false)
            #expect(type?.identifier == expected, "\(tag)")
        }
        let unknown = try #require(
            TypeRegistry.knownOrDynamicType(
                tag: "APPLICATION/X-ZZZ-FIFTEEN-B", kind: .mimeType, conformingTo: nil, in: storage))
        #expect(unknown.isInline && unknown.tags == [.mimeType: ["application/x-zzz-fifteen-b"]])
    }

    /// `UTType(filenameExtension:)` and `UTType(mimeType:)` take their own way to the look-up (no `UTTagClass`, the
    /// tag's bytes read in place, small strings and native ones alike); they must answer as
    /// `UTType(tag:tagClass:conformingTo:)` and the current registry's general path do.
    @Test("the public initialisers answer as the general path, for every tag")
    func publicInitialisersAnswerAsTheGeneralPath() {
        var wrong: [String] = []
        for (tag, tagClass) in Self.tags {
            // A tag made at run time (a native string when longer than 15 bytes), and one taken from a longer string.
            let native = String(decoding: Array(tag.utf8), as: UTF8.self)
            let substring = String(("file." + tag).dropFirst(5))
            for supertype in [UTType.data, .image, .text] {
                let general = TypeRegistry.current.resolveFirst(
                    tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent: true)
                for variant in [tag, native, substring] {
                    let created =
                        tagClass == .mimeType
                        ? UTType(mimeType: variant, conformingTo: supertype)
                        : UTType(filenameExtension: variant, conformingTo: supertype)
                    let byTag = UTType(tag: variant, tagClass: tagClass, conformingTo: supertype)
                    if created != general || created?.identifier != general?.identifier || byTag != general {
                        wrong.append("\(variant) \(tagClass.rawValue) \(supertype.identifier)")
                    }
                }
            }
            if tagClass == .mimeType {
                #expect(UTType(mimeType: tag) == UTType(mimeType: tag, conformingTo: .data), "\(tag)")
            } else {
                #expect(UTType(filenameExtension: tag) == UTType(filenameExtension: tag, conformingTo: .data), "\(tag)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        // Some answers are declared types, some dynamic ones, some none: the loop compared all three kinds.
        #expect(UTType(mimeType: "IMAGE/PNG") == .png && UTType(filenameExtension: "JpG") == .jpeg)
        #expect(UTType(filenameExtension: "abcdefg")?.isDynamic == true && UTType(filenameExtension: ".png") == nil)
    }

    @Test("a tag's words hash as its bytes do, and the words hold its folded bytes")
    func hashOfWords() throws {
        for (tag, tagClass) in Self.tags {
            guard let folded = FoldedTag(tag.utf8.span, of: tagClass.kind) else {
                // Refused: not ASCII, too long, or something the general path must fold or reject.
                let foldedBytes = Folding.foldTag(tag, of: tagClass)
                #expect(
                    tag.isEmpty || tag.utf8.count > FoldedTag.capacity
                        || tag.utf8.contains { $0 >= 0x80 || $0 <= 0x20 || $0 == 0x7F }
                        || (tagClass == .filenameExtension && (tag.hasPrefix(".") || tag.contains("/"))),
                    "\(tag) was refused; folded, \(foldedBytes)")
                continue
            }
            let bytes = Array(Folding.foldTag(tag, of: tagClass).utf8)
            #expect(folded.count == bytes.count, "\(tag)")
            for (index, byte) in bytes.enumerated() {
                #expect(UInt8(truncatingIfNeeded: folded.word(index / 8) >> UInt64(index % 8 * 8)) == byte, "\(tag)")
            }
            #expect(TagIndexBuilder.hash(folded) == TagIndexBuilder.hash(bytes.span), "\(tag)")
        }
    }
}
