import Foundation
import PNGCodec
import TestSupport
import Testing

/// `dnd-sim image`, run as a user would, on the PngSuite files of the PNGCodec tests.
@Suite("dnd-sim image")
struct ImageCommandTests {
    /// `Tests/PNGCodecTests/Fixtures/NAME`, found from this source file's place in the repository.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PNGCodecTests/Fixtures/\(name)").path
    }

    static func jsonLines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func infoDescribesHeaderChunksAndMetadata() throws {
        let result = try dndSim(["image", "info", Self.fixture("pngtest.png")])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        for expected in [
            "91x69", "6 (RGBA)", "Adam7", "RGBA 8-bit", "IDAT  8119 bytes at 414", "eXIf", "0.45455",
            "rendering intent 1", "2835 x 2835 pixels per metre", "1996-06-07T17:58:08Z",
            "red 224, green 224, blue 128",
            "Title: PNG",
        ] {
            #expect(result.standardOutput.contains(expected), "\(expected)")
        }
    }

    @Test func infoJSONIsOneObjectPerFile() throws {
        let result = try dndSim(["image", "info", "--json", Self.fixture("ctjn0g04.png"), Self.fixture("basi3p02.png")])
        #expect(result.status == 0)
        let records = try Self.jsonLines(result.standardOutput)
        #expect(records.count == 2)
        let first = try #require(records.first)
        #expect(first["width"] as? Int == 32)
        #expect(first["colorType"] as? Int == 0)
        #expect(first["bitDepth"] as? Int == 4)
        #expect(first["interlace"] as? String == "none")
        let chunks = try #require(first["chunks"] as? [[String: Any]])
        #expect(chunks.first?["type"] as? String == "IHDR")
        let metadata = try #require(first["metadata"] as? [String: Any])
        #expect(metadata["gamma"] as? Double == 1)
        let text = try #require(metadata["text"] as? [[String: Any]])
        #expect(text.first?["language"] as? String == "ja")
        #expect(records.last?["interlace"] as? String == "adam7")
        #expect(records.last?["decodedFormat"] as? String == "RGB 8-bit")
    }

    @Test func infoReportsEachBadFileAndGoesOn() throws {
        let bad = Self.fixture("xcsn0g01.png")
        let result = try dndSim(["image", "info", bad, Self.fixture("basn0g01.png"), "/no/such/file.png"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("basn0g01.png"))
        #expect(result.standardError.contains("dnd-sim: \(bad): CRC mismatch in chunk IDAT"))
        #expect(result.standardError.contains("dnd-sim: /no/such/file.png: no such file"))
    }

    @Test func convertPNGToPAMAndBack() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pam = folder.appendingPathComponent("a.pam").path
        let png = folder.appendingPathComponent("b.png").path
        let pamAgain = folder.appendingPathComponent("c.pam").path
        #expect(try dndSim(["image", "convert", Self.fixture("basn6a16.png"), pam]).status == 0)
        let pamData = try Data(contentsOf: URL(fileURLWithPath: pam))
        let header = "P7\nWIDTH 32\nHEIGHT 32\nDEPTH 4\nMAXVAL 65535\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        #expect(pamData.starts(with: Data(header.utf8)))
        #expect(pamData.count == header.utf8.count + 32 * 32 * 8)
        #expect(try dndSim(["image", "convert", pam, png, "--preset", "smallest"]).status == 0)
        #expect(try dndSim(["image", "convert", png, pamAgain]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pamAgain)) == pamData)
    }

    @Test func convertPNGToPNGKeepsTheBytesUnlessAPresetIsGiven() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = Self.fixture("pngtest.png")
        let copy = folder.appendingPathComponent("copy.png").path
        let fast = folder.appendingPathComponent("fast.png").path
        #expect(try dndSim(["image", "convert", original, copy]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: URL(fileURLWithPath: original)))
        let result = try dndSim(["image", "convert", original, fast, "--preset", "fast"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("fast"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fast)) != Data(contentsOf: URL(fileURLWithPath: original)))
        // Same samples: both convert to the same PAM.
        let pamA = folder.appendingPathComponent("a.pam").path
        let pamB = folder.appendingPathComponent("b.pam").path
        #expect(try dndSim(["image", "convert", original, pamA]).status == 0)
        #expect(try dndSim(["image", "convert", fast, pamB]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pamA)) == Data(contentsOf: URL(fileURLWithPath: pamB)))
    }

    /// An existing output, the input itself included, is refused; --force replaces only dnd-sim's own earlier output,
    /// unchanged since, never a file it did not write (the input, the user's file, an edited or copied output). A
    /// refused file is never half-written, and nothing is left beside it.
    @Test func convertReplacesOnlyItsOwnOutput() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.png").path
        let output = folder.appendingPathComponent("out.png").path
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("basn2c08.png")))
        try original.write(to: URL(fileURLWithPath: input))
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))

        let refused = try dndSim(["image", "convert", input, output, "--preset", "fast"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("out.png: already exists; it is not replaced (--force replaces dnd-sim"))
        for target in [output, input] {
            let forced = try dndSim(["image", "convert", input, target, "--preset", "fast", "--force"])
            #expect(forced.status == 1)
            #expect(forced.standardError.contains("already exists and dnd-sim did not write it"), "\(forced)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("keep me".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == original)

        // dnd-sim's own output is replaced with --force, as long as nobody changed it.
        let own = folder.appendingPathComponent("own.png").path
        #expect(try dndSim(["image", "convert", input, own, "--preset", "fast"]).status == 0)
        let first = try FileManager.default.attributesOfItem(atPath: own)[.systemFileNumber] as? Int
        #expect(try dndSim(["image", "convert", input, own, "--preset", "smallest", "--force"]).status == 0)
        let second = try FileManager.default.attributesOfItem(atPath: own)[.systemFileNumber] as? Int
        #expect(first != nil && first != second, "the output was not replaced")
        #expect(try Data(contentsOf: URL(fileURLWithPath: own)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // A copy that keeps attributes and times is another file; an edited output is the user's now.
        let copy = folder.appendingPathComponent("copy.png").path
        #expect(try runToEnd("/bin/cp", ["-a", own, copy]) == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: own))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("edited".utf8))
        try handle.close()
        for target in [copy, own] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let forced = try dndSim(["image", "convert", input, target, "--preset", "fast", "--force"])
            #expect(forced.status == 1 && forced.standardError.contains("dnd-sim did not write it"), "\(forced)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "copy.png", "in.png", "out.png", "own.png",
            ])
    }

    /// Re-encoding keeps the chunks that still hold and names, on standard error and in --json, those it leaves out.
    @Test func convertKeepsChunksThatStillHoldAndNamesTheOthers() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept.png").path
        let same = try dndSim(["image", "convert", Self.fixture("pngtest.png"), kept, "--preset", "fast"])
        #expect(same.status == 0 && same.standardError.isEmpty)
        let info = try dndSim(["image", "info", kept]).standardOutput
        for chunk in ["sBIT", "cLLI", "mDCV", "cICP", "sTER", "vpAg", "oFFs", "pCAL", "sCAL", "eXIf"] {
            #expect(info.contains("    \(chunk)  "), "\(chunk) was not kept")
        }
        let converted = folder.appendingPathComponent("srgb.png").path
        let result = try dndSim(["image", "convert", Self.fixture("pngtest.png"), converted, "--srgb", "--json"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("left out sBIT, cLLI, mDCV, cICP, sTER, pCAL, sCAL"))
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(report?["droppedChunks"] as? [String] == ["sBIT", "cLLI", "mDCV", "cICP", "sTER", "pCAL", "sCAL"])
        let after = try dndSim(["image", "info", converted]).standardOutput
        #expect(after.contains("    eXIf  ") && after.contains("    oFFs  ") && !after.contains("    sBIT  "))
    }

    /// Errors say the cause in plain words, with the path, never Foundation's error domains.
    @Test func errorsNameTheCauseInPlainWords() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = try dndSim(["image", "info", folder.path])
        #expect(directory.status == 1)
        #expect(directory.standardError.contains("\(folder.path): is a directory"))
        let missing = try dndSim(["image", "convert", folder.appendingPathComponent("none.png").path, "x.png"])
        #expect(missing.standardError.contains("none.png: no such file"))
        let intoFolder = folder.appendingPathComponent("sub.png")
        try FileManager.default.createDirectory(at: intoFolder, withIntermediateDirectories: false)
        let over = try dndSim(["image", "convert", Self.fixture("basn2c08.png"), intoFolder.path, "--force"])
        #expect(over.status == 1)
        #expect(over.standardError.contains("sub.png: cannot write: is a directory"))
        for result in [directory, missing, over] {
            #expect(!result.standardError.contains("NSCocoaErrorDomain"))
        }
    }

    @Test func srgbConversionAppliesGamma() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.pam").path
        let converted = folder.appendingPathComponent("srgb.pam").path
        // g10n0g16: 16-bit gray with gamma 1.0 (linear light).
        #expect(try dndSim(["image", "convert", Self.fixture("g10n0g16.png"), plain]).status == 0)
        #expect(try dndSim(["image", "convert", Self.fixture("g10n0g16.png"), converted, "--srgb"]).status == 0)
        let plainData = try Data(contentsOf: URL(fileURLWithPath: plain))
        let convertedData = try Data(contentsOf: URL(fileURLWithPath: converted))
        #expect(String(decoding: plainData.prefix(60), as: UTF8.self).contains("MAXVAL 65535"))
        #expect(String(decoding: convertedData.prefix(60), as: UTF8.self).contains("MAXVAL 255"))
        #expect(convertedData.count < plainData.count)
    }

    @Test(arguments: [
        (["image", "convert", "in.png", "out.jpg"], "must end in .png or .pam"),
        (
            ["image", "convert", "in.png", "out.pam", "--preset", "fast"],
            "--preset, --threads and --slices apply to PNG output only"
        ),
        (["image", "convert", "in.png", "out.png", "--preset", "turbo"], "turbo"),
        (["image", "bench", "--runs", "0", "in.png"], "--runs must be at least 1"),
        (["image", "info"], "Missing expected argument"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try dndSim(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func convertNamesABadInput() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = Self.fixture("xd3n2c08.png")
        let result = try dndSim(["image", "convert", bad, folder.appendingPathComponent("out.png").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("dnd-sim: \(bad): bit depth 3 is not valid for colour type 2"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    @Test func benchJSONHasTheDocumentedShape() throws {
        let result = try dndSim(["image", "bench", "--json", "--runs", "1", Self.fixture("basn2c16.png")])
        #expect(result.status == 0)
        let record = try #require(try Self.jsonLines(result.standardOutput).first)
        #expect(Set(record.keys) == ["file", "width", "height", "decode", "encode"])
        #expect(record["width"] as? Int == 32)
        let decode = try #require(record["decode"] as? [String: Any])
        #expect(Set(decode.keys) == ["mpps", "threads", "speedup"])
        #expect((decode["mpps"] as? Double ?? 0) > 0)
        // A file without restart points decodes through libpng on one thread: nothing compared, no speed-up.
        #expect(decode["threads"] as? Int == 1)
        #expect(decode["speedup"] is NSNull)
        let encode = try #require(record["encode"] as? [String: [String: Any]])
        #expect(Set(encode.keys) == ["fast", "balanced", "smallest"])
        for (_, preset) in encode {
            #expect(Set(preset.keys) == ["mpps", "bytes", "threads", "speedup"])
            #expect((preset["bytes"] as? Int ?? 0) > 0)
            // 32x32 is far below the slicing crossover: one stream, one thread.
            #expect(preset["threads"] as? Int == 1)
            #expect(preset["speedup"] is NSNull)
        }
    }

    /// On one thread there is no speed-up to show: a one-thread ratio is noise, not a "speed-up ×0.88".
    @Test func benchTextSaysWhatItCompared() throws {
        let result = try dndSim(["image", "bench", "--runs", "1", Self.fixture("basn2c16.png")])
        #expect(result.status == 0)
        let line = try #require(result.standardOutput.split(separator: "\n").last)
        #expect(!line.contains("×"), "\(line)")
        #expect(line.components(separatedBy: "(1 thread)").count == 5, "\(line)")
    }

    @Test func convertInSlicesAndBenchTheirDecode() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sliced = folder.appendingPathComponent("sliced.png").path
        let input = Self.fixture("basn6a08.png")
        let convert = try dndSim(["image", "convert", input, sliced, "--slices", "3", "--threads", "2"])
        #expect(convert.status == 0, "\(convert.standardError)")
        #expect(convert.standardOutput.contains("balanced, 3 slices on 2 threads"), "\(convert.standardOutput)")
        // The same samples as the input, read back as PAM (decoded from its three slices on two threads).
        let before = folder.appendingPathComponent("before.pam")
        let after = folder.appendingPathComponent("after.pam")
        #expect(try dndSim(["image", "convert", input, before.path]).status == 0)
        #expect(try dndSim(["image", "convert", sliced, after.path]).status == 0)
        #expect(try Data(contentsOf: before) == Data(contentsOf: after))
        let info = try dndSim(["image", "info", sliced])
        #expect(info.standardOutput.contains("dkSl"), "\(info.standardOutput)")
        let bench = try dndSim(["image", "bench", "--json", "--runs", "1", "--threads", "2", sliced])
        #expect(bench.status == 0)
        let record = try #require(try Self.jsonLines(bench.standardOutput).first)
        let decode = try #require(record["decode"] as? [String: Any])
        #expect(decode["threads"] as? Int == 2)
        #expect((decode["speedup"] as? Double ?? 0) > 0)
        let text = try dndSim(["image", "bench", "--runs", "1", "--threads", "2", sliced])
        #expect(text.standardOutput.contains(" (2 threads: ×"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains(" over 1 thread)"), "\(text.standardOutput)")
    }

    /// `--preset smallest` writes a palette file as a palette file again (it came out as RGB and grew, 207 → 300
    /// bytes), with the same pixels.
    @Test func smallestKeepsPaletteFilesSmall() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["g07n3p04.png", "tbbn3p08.png", "basn3p02.png"] {
            let output = folder.appendingPathComponent(name).path
            let result = try dndSim(["image", "convert", "--preset", "smallest", Self.fixture(name), output])
            #expect(result.status == 0, "\(result.standardError)")
            let before = try Data(contentsOf: URL(fileURLWithPath: Self.fixture(name)))
            let after = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(after.count <= before.count, "\(name): \(before.count) → \(after.count) bytes")
            let decoded = try PNGDecoder().decode(after).convertedToRGBA8()
            #expect(decoded == (try PNGDecoder().decode(before).convertedToRGBA8()), "\(name)")
        }
    }

    /// A reduction written as one stream is reported as such, even for an image large enough to be sliced in its own
    /// layout (1024x1024 gray, 1 MiB of samples).
    @Test func smallestSaysWhatItWrote() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("black.png")
        try SolidPNG.data(width: 1024, height: 1024).write(to: input)
        let output = folder.appendingPathComponent("smallest.png").path
        let result = try dndSim(["image", "convert", "--preset", "smallest", "--threads", "2", input.path, output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("PNG, smallest, stored as gray 1-bit, one stream on 1 thread"),
            "\(result.standardOutput)")
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(try PNGDecoder().info(written).chunks.allSatisfy { $0.type != "dkSl" })
        let pixels = try PNGDecoder().decode(written).convertedToRGBA8()
        #expect(pixels == (try PNGDecoder().decode(Data(contentsOf: input)).convertedToRGBA8()))
        let balanced = try dndSim(["image", "convert", "--threads", "2", input.path, output + ".balanced.png"])
        #expect(balanced.standardOutput.contains("slices on 2 threads"), "\(balanced.standardOutput)")
    }

    @Test func benchNamesABadFile() throws {
        let bad = Self.fixture("xdtn0g01.png")
        let result = try dndSim(["image", "bench", "--runs", "1", bad])
        #expect(result.status == 1)
        #expect(result.standardError.contains("dnd-sim: \(bad): no IDAT chunk"))
    }

    /// A decoder limit names itself and the option that raises it; raised, the image decodes.
    @Test func aLimitSaysHowToRaiseIt() throws {
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.png").path
        try SolidPNG.data(width: 1280, height: 70000).write(to: URL(fileURLWithPath: page))
        let refused = try dndSim(["image", "info", page])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "dnd-sim: \(page): height 70000 exceeds the limit of 65535 (PNGDecoder.Limits.maxHeight);"
                + " --max-height raises it\n")
        let raised = try dndSim(["image", "info", "--max-height", "70000", page])
        #expect(raised.status == 0)
        #expect(raised.standardOutput.contains("1280x70000"))
    }
}
