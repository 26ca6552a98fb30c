import ArgumentParser

/// `dnd-sim image`: look inside PNG files, convert between PNG and PAM, and time the codec.
struct ImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect, convert and benchmark PNG images with DnDKit's PNG codec.",
        subcommands: [ImageInfo.self, ImageConvert.self, ImageBench.self]
    )
}
