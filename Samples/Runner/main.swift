// dnd-samples: lists DnDKit's runnable samples and runs one, printing its transcript.
//
//     swift run dnd-samples                 # list the samples
//     swift run dnd-samples G6              # run one and print its transcript
//     swift run dnd-samples G6 --timeline   # also print the scene's timeline
//
// To add a family of samples, append one line to `catalog` below.

import DragDropSamples
import Foundation
import GestureSamples

/// One runnable sample, whatever module it comes from.
struct RunnableSample {
    let id: String
    let title: String
    /// Runs the sample's script; returns its transcript and its scene's timeline.
    let run: () async throws -> (transcript: [String], timeline: String)

    init(_ sample: any GestureSample.Type) {
        id = sample.id
        title = sample.title
        run = {
            let instance = sample.init()
            let transcript = try instance.play()
            return (transcript, instance.scene.timeline.description)
        }
    }

    init(_ sample: any DragDropSample.Type) {
        id = sample.id
        title = sample.title
        run = {
            let instance = try sample.init()
            let transcript = try await instance.play()
            return (transcript, instance.scene.timeline.description)
        }
    }
}

let catalog: [RunnableSample] =
    GestureSampleCatalog.all.map(RunnableSample.init)
    + DragDropSampleCatalog.all.map(RunnableSample.init)

let arguments = Array(CommandLine.arguments.dropFirst())
let showTimeline = arguments.contains("--timeline")
let names = arguments.filter { !$0.hasPrefix("--") }

if names.isEmpty {
    let width = catalog.map(\.id.count).max() ?? 0
    for sample in catalog {
        print(sample.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + sample.title)
    }
    exit(0)
}

var status: Int32 = 0
for name in names {
    guard let sample = catalog.first(where: { $0.id.lowercased() == name.lowercased() }) else {
        FileHandle.standardError.write(
            Data("dnd-samples: no sample named \(name); run without arguments for the list\n".utf8))
        status = 2
        continue
    }
    print("\(sample.id): \(sample.title)")
    do {
        let result = try await sample.run()
        for line in result.transcript { print(line) }
        if showTimeline {
            print("timeline:")
            print(result.timeline)
        }
    } catch {
        FileHandle.standardError.write(Data("dnd-samples: \(sample.id) failed: \(error)\n".utf8))
        status = 1
    }
}
exit(status)
