import ContentTypes
import Foundation

/// The `fuzz-declarations` check: any bytes read as an Info.plist-shaped declaration file (XML, binary or
/// OpenStep property list, as `PropertyListSerialization` reads them) and added to a registry.
///
/// Properties:
/// - reading and building either succeed or throw `TypeRegistryError` naming the file;
/// - every query terminates (a conformance cycle must be rejected, not followed);
/// - each declared type's supertypes are exactly what walking its declared parents reaches, and
///   `conforms(to:)` agrees with that for every pair of a declared type and any registered type;
/// - each declared tag finds its type.
package enum DeclarationClosure {
    static let path = "fuzz/Info.plist"

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when a property does not hold.
    package static func check(_ data: Data) throws(FuzzFailure) {
        let registry: TypeRegistry
        do {
            registry = try TypeRegistry(declarations: DeclarationFile(data: data, path: path).declarations)
        } catch let error as TypeRegistryError {
            guard error.description.contains(path) else {
                throw FuzzFailure("the error does not name the file: \(error)")
            }
            return
        } catch {
            throw FuzzFailure("an error that is not a TypeRegistryError: \(error)")
        }
        let all = registry.types
        let declared = all.filter { registry.declaration(of: $0)?.origin == .file(path) }
        for type in declared {
            let reached = try ancestors(of: type, in: registry)
            guard type.supertypes == reached else {
                throw FuzzFailure(
                    "\(type.identifier): supertypes \(type.supertypes.map(\.identifier).sorted()), its declared"
                        + " parents reach \(reached.map(\.identifier).sorted())")
            }
            for other in all where type.conforms(to: other) != (other == type || reached.contains(other)) {
                throw FuzzFailure("\(type.identifier).conforms(to: \(other.identifier)) disagrees with its parents")
            }
            try checkTags(of: type, in: registry)
        }
    }

    /// The types reachable from a type's declared parents, by breadth-first search over declarations.
    private static func ancestors(of type: UTType, in registry: TypeRegistry) throws(FuzzFailure) -> Set<UTType> {
        var reached: Set<UTType> = []
        var queue = [type]
        while let next = queue.popLast() {
            for identifier in registry.declaration(of: next)?.conformsTo ?? [] {
                guard let parent = registry.type(withIdentifier: identifier) else {
                    throw FuzzFailure("\(next.identifier)'s parent \(identifier) is not in the registry")
                }
                if parent == type {
                    throw FuzzFailure("\(type.identifier) conforms to itself through a cycle the registry accepted")
                }
                if reached.insert(parent).inserted {
                    queue.append(parent)
                }
            }
        }
        return reached
    }

    private static func checkTags(of type: UTType, in registry: TypeRegistry) throws(FuzzFailure) {
        for (tagClass, tags) in registry.declaration(of: type)?.tags ?? [:] {
            for tag in tags where !registry.types(tag: tag, tagClass: tagClass, conformingTo: nil).contains(type) {
                throw FuzzFailure("\(type.identifier)'s tag \(tagClass.rawValue) \(tag) does not find it")
            }
        }
    }
}
