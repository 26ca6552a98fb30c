import ArgumentParser
import DnDKit

@main
struct DndSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dnd-sim",
        abstract: "Move images between simulated panes, replay input, and inspect the type registry.",
        version: "0.1.0"
    )
}
