import Foundation
import Locking

/// A desktop database that a registry reads the first time a look-up needs it
/// (`TypeRegistry.addingDesktopDatabaseWhenNeeded(at:)`).
///
/// The registry without the database answers everything its own types answer, at no cost from the database. A
/// look-up they do not answer (a tag or a `org.freedesktop.mime.` identifier they lack, every type with a tag, every
/// type) reads the database, once, and builds the registry with it: the same registry `addingDesktopDatabase(at:)`
/// builds, with the same snapshot serial as the one without, so that its types count as current wherever that one
/// is. Its types are slots of that registry, as fast to ask as any.
final class DeferredDesktopDatabase: Sendable {
    /// The database's directory, a file system path.
    let directory: String
    /// The registry with the database, or why it could not be read; `.notYet` until first needed. Not a `Result`:
    /// making `Lock<Result<…, TypeRegistryError>?>` looks up `TypeRegistryError: Error` at run time, a tenth of a
    /// millisecond of every process's first registry.
    private enum Loaded {
        case notYet
        case read(RegistryStorage)
        case failed(TypeRegistryError)
    }

    private let loaded = Lock<Loaded>(.notYet)

    init(directory: String) {
        self.directory = directory
    }

    /// The registry with the database, built from `base`'s inputs the first time it is asked for: `nil` when the
    /// database cannot be read or is malformed (`error` says why), and then the registry answers without it.
    func storage(extending base: RegistryStorage) -> RegistryStorage? {
        loaded.withLock { loaded in
            switch loaded {
            case .read(let storage):
                return storage
            case .failed:
                return nil
            case .notYet:
                // Built under the lock: threads that need it meanwhile wait for this one, not build their own.
                do throws(TypeRegistryError) {
                    var inputs = base.inputs
                    inputs.deferredDesktop = nil
                    inputs.desktop = try DesktopDatabase(directory: directory)
                    let storage = try RegistryBuilder.build(inputs, serial: base.serial)
                    loaded = .read(storage)
                    return storage
                } catch {
                    loaded = .failed(error)
                    return nil
                }
            }
        }
    }

    /// Why the database could not be read, once a look-up needed it and it could not.
    var error: TypeRegistryError? {
        loaded.withLock { loaded in
            if case .failed(let error) = loaded {
                return error
            }
            return nil
        }
    }

    /// Whether a look-up has needed the database yet.
    var isLoaded: Bool {
        loaded.withLock { loaded in
            if case .notYet = loaded {
                return false
            }
            return true
        }
    }

    /// Whether a folded identifier can be one the database adds: the database's own types are
    /// `org.freedesktop.mime.` types, and a registry has every other type it can answer for already.
    static func mayDeclare(folded identifier: String) -> Bool {
        identifier.utf8.starts(with: "org.freedesktop.mime.".utf8)
    }
}
