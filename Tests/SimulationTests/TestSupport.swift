import Foundation
import Simulation
import Testing

/// A fixture of this target.
func fixture(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: "Fixtures/Scenes/\(name)", withExtension: nil))
}

/// The repository's `Samples/Scenes` folder (tests run from a checkout).
let sampleScenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/Scenes")

/// Loads a scene and runs its own script.
func run(_ url: URL) async throws -> (Simulation, SimulationResult) {
    let simulation = try Simulation(try SceneFile.load(contentsOf: url))
    return (simulation, try await simulation.run())
}

/// The error a throwing call threw, as a `SimulationError`.
func simulationError(_ body: () throws -> Void) -> SimulationError? {
    do {
        try body()
        return nil
    } catch {
        return error as? SimulationError
    }
}
