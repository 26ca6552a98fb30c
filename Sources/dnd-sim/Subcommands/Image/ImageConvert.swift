import ArgumentParser
import DnDKit
import FileWriting
import Foundation

/// The encoding presets, as the command line names them.
enum PresetName: String, CaseIterable, ExpressibleByArgument {
    case fast
    case balanced
    case smallest

    var options: PNGEncoder.Options {
        switch self {
        case .fast: .fast
        case .balanced: .balanced
        case .smallest: .smallest
        }
    }
}

/// How `--slices` names a ``PNGEncoder/Slicing``.
struct SlicingArgument: ExpressibleByArgument {
    var slicing: PNGEncoder.Slicing

    init?(argument: String) {
        switch argument {
        case "auto": slicing = .automatic
        case "one": slicing = .oneStream
        default:
            guard let count = Int(argument), count >= 1 else {
                return nil
            }
            slicing = .slices(count)
        }
    }
}

/// `dnd-sim image convert IN OUT [--preset fast|balanced|smallest] [--threads N] [--slices auto|one|N] [--srgb]`.
struct ImageConvert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert PNG to PNG, PNG to PAM, or PAM to PNG.",
        discussion: """
            The input's format is recognised from its content; the output's comes from its extension (.png or \
            .pam). Samples are kept exactly as decoded (palettes expanded, 16-bit kept) unless --srgb asks for \
            a conversion to 8-bit sRGB. PNG to PNG with none of --preset, --threads, --slices and --srgb copies \
            the file's bytes unchanged; any of them re-encodes.

            Images of 256 KiB of samples or more are compressed in slices on every core (--threads caps how many; \
            the file's bytes do not depend on it) into an ordinary PNG that records where each slice starts, so \
            that DnDKit decodes it on several cores too. --slices one writes one zlib stream with libpng instead.

            An existing OUT (IN itself included) is never replaced unless --force is given. OUT is written under \
            a hidden temporary name beside it and renamed only once complete, so an interrupted conversion leaves \
            the old file whole.

            Re-encoding keeps every ancillary chunk that still holds for the pixels: those the PNG rules mark safe \
            to copy (eXIf, oFFs, private chunks) always, the others (sBIT, pCAL, sCAL, sTER …) when the samples \
            are unchanged in the same colour type and bit depth. What is left out is named on standard error and \
            in --json's droppedChunks.

            IN must be a regular file: a named pipe, a socket or a device is refused at once, never read. Images \
            larger than the decoder's limits are refused before anything is allocated; --max-width, --max-height \
            and --max-decoded-bytes raise them.
            """
    )

    @Argument(help: "The PNG or PAM file to read.")
    var input: String

    @Argument(help: "The file to write: its extension, .png or .pam, says which format.")
    var output: String

    @Option(help: "How to compress PNG output: fast, balanced or smallest (default: balanced).")
    var preset: PresetName?

    @Option(help: "The most threads the PNG encode uses (default: the active processor cores).")
    var threads: Int?

    @Option(help: "How to slice the rows for PNG output: auto, one (one zlib stream) or a number of slices.")
    var slices: SlicingArgument?

    @Flag(help: "Convert to 8-bit sRGB first, applying the image's gamma, chromaticities or ICC profile.")
    var srgb = false

    @Flag(help: "Replace OUT if dnd-sim wrote it (and it is unchanged since); never a file it did not write.")
    var force = false

    @OptionGroup var decoderLimits: DecoderLimitOptions

    @Flag(help: "Print one JSON object: output, width, height, format, from, how, byteCount, droppedChunks.")
    var json = false

    /// What `--json` prints.
    struct Report: Encodable {
        var output: String
        var width: Int
        var height: Int
        var format: String
        var from: String
        var how: String
        var byteCount: Int
        var droppedChunks: [String]
    }

    func validate() throws {
        guard let format = ImageFiles.Format(pathExtension: output) else {
            throw ValidationError("the output file must end in .png or .pam: \(output)")
        }
        if format == .pam && (preset != nil || threads != nil || slices != nil) {
            throw ValidationError("--preset, --threads and --slices apply to PNG output only")
        }
        if let threads, threads < 1 {
            throw ValidationError("--threads must be at least 1")
        }
    }

    func run() async throws {
        try NamedOutputFile.check(output, force: force)
        let (decoded, inputFormat) = try ImageFiles.readBitmap(input, limits: decoderLimits.limits)
        let bitmap = srgb ? decoded.convertedToSRGB() : decoded
        let outputFormat = ImageFiles.Format(pathExtension: output) ?? .png
        let data: Data
        let how: String
        var dropped: [String] = []
        switch outputFormat {
        case .pam:
            data = bitmap.pamData()
            how = "PAM"
        case .png:
            var options = (preset ?? .balanced).options
            if let slices {
                options.slicing = slices.slicing
            }
            let encoder = PNGEncoder(options: options, maxThreadCount: threads)
            let reused = preset == nil && threads == nil && slices == nil && bitmap.originalPNGData != nil
            let report: PNGEncoder.Report?
            do {
                if reused {
                    (data, report) = (try bitmap.pngData(), nil)
                } else {
                    (data, report) = try encoder.encodeReporting(bitmap)
                }
            } catch {
                throw InputError(input, error.message)
            }
            if let report {
                let reduced = report.isReduced ? "stored as \(report.colorType) \(report.bitDepth)-bit, " : ""
                let threads = "\(report.threadCount) thread\(report.threadCount == 1 ? "" : "s")"
                how =
                    "PNG, \((preset ?? .balanced).rawValue), \(reduced)"
                    + (report.sliceCount == 1 ? "one stream on 1 thread" : "\(report.sliceCount) slices on \(threads)")
            } else {
                how = "PNG, the original bytes unchanged"
            }
            if !reused {
                dropped = encoder.droppedChunks(of: bitmap)
            }
        }
        try NamedOutputFile.write(data, to: output, force: force)
        if !dropped.isEmpty {
            StandardError.write(
                "dnd-sim: \(output): left out \(dropped.joined(separator: ", ")), which describe the samples as stored"
                    + " and no longer hold for the converted pixels")
        }
        if json {
            try JSONOutput.printLine(
                Report(
                    output: output, width: bitmap.width, height: bitmap.height, format: "\(bitmap.format)",
                    from: inputFormat.rawValue, how: how, byteCount: data.count, droppedChunks: dropped))
        } else {
            print(
                "\(output): \(bitmap.width)x\(bitmap.height) \(bitmap.format) from \(inputFormat.rawValue), \(how),"
                    + " \(data.count) bytes")
        }
    }
}
