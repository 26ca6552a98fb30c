import ContentTypes
import Foundation

// Foundation's completion-handler forms of the loads, with Apple's names and shapes. Each starts the load in a task
// and returns its `Progress` at once; cancelling the `Progress` cancels the load. The handler is called exactly once,
// on an arbitrary thread.

extension ItemProvider {
    /// Loads the bytes of the first offered representation conforming to `contentType`; see
    /// ``loadDataRepresentation(for:progress:)``.
    ///
    /// - Parameters:
    ///   - contentType: the type wanted.
    ///   - completionHandler: receives the bytes, or `nil` and a `TransferError`.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadDataRepresentation(
        for contentType: UTType, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
        startLoad { progress in
            do {
                completionHandler(try await self.loadDataRepresentation(for: contentType, progress: progress), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Loads the bytes of the first offered representation conforming to the type with identifier
    /// `typeIdentifier`; see ``loadDataRepresentation(for:progress:)``.
    ///
    /// - Parameters:
    ///   - typeIdentifier: the uniform type identifier wanted.
    ///   - completionHandler: receives the bytes, or `nil` and a `TransferError`.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
        guard let contentType = UTType(identifier: typeIdentifier, allowUndeclared: true) else {
            return failedLoad(typeIdentifier) { completionHandler(nil, $0) }
        }
        return loadDataRepresentation(for: contentType, completionHandler: completionHandler)
    }

    /// Loads the first offered representation conforming to `contentType` as a file; see
    /// ``loadFileRepresentation(for:openInPlace:progress:)``. A staged copy is removed once `completionHandler`
    /// returns.
    ///
    /// - Parameters:
    ///   - contentType: the type wanted.
    ///   - openInPlace: whether to ask for the sender's original file.
    ///   - completionHandler: receives the file and whether it is the original, or `nil` and a `TransferError`.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadFileRepresentation(
        for contentType: UTType, openInPlace: Bool = false,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress {
        startLoad { progress in
            do {
                let received = try await self.loadFileRepresentation(
                    for: contentType, openInPlace: openInPlace, progress: progress)
                withExtendedLifetime(received) {
                    completionHandler(received.file, received.isOriginalFile, nil)
                }
            } catch {
                completionHandler(nil, false, error)
            }
        }
    }

    /// Loads the first offered representation conforming to the type with identifier `typeIdentifier` as a staged
    /// file, removed once `completionHandler` returns.
    ///
    /// - Parameters:
    ///   - typeIdentifier: the uniform type identifier wanted.
    ///   - completionHandler: receives the file, or `nil` and a `TransferError`.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress {
        guard let contentType = UTType(identifier: typeIdentifier, allowUndeclared: true) else {
            return failedLoad(typeIdentifier) { completionHandler(nil, $0) }
        }
        return loadFileRepresentation(for: contentType) { url, _, error in completionHandler(url, error) }
    }

    /// Opens the first offered representation conforming to the type with identifier `typeIdentifier` in place
    /// when the sender allows it, otherwise as a staged copy, as Foundation's
    /// `loadInPlaceFileRepresentation(forTypeIdentifier:completionHandler:)`. A staged copy is removed once
    /// `completionHandler` returns; the original file is the sender's.
    ///
    /// - Parameters:
    ///   - typeIdentifier: the uniform type identifier wanted.
    ///   - completionHandler: receives the file and whether it is the sender's original (`isInPlace`), or `nil`,
    ///     false and a `TransferError`.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadInPlaceFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress {
        guard let contentType = UTType(identifier: typeIdentifier, allowUndeclared: true) else {
            return failedLoad(typeIdentifier) { completionHandler(nil, false, $0) }
        }
        return loadFileRepresentation(for: contentType, openInPlace: true, completionHandler: completionHandler)
    }

    /// Loads the item as a value of `type`; see ``loadTransferable(type:progress:)``.
    ///
    /// - Parameters:
    ///   - type: the receiver's type.
    ///   - completionHandler: receives the value or a `TransferError`.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadTransferable<T: Transferable>(
        type: T.Type, completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> Progress {
        startLoad { progress in
            do {
                completionHandler(.success(try await self.loadTransferable(type: type, progress: progress)))
            } catch {
                completionHandler(.failure(error))
            }
        }
    }

    /// Starts `load` in a task with a new `Progress`, and returns the progress.
    private func startLoad(_ load: @escaping @Sendable (Progress) async -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        Task { await load(progress) }
        return progress
    }

    /// Reports a malformed type identifier.
    private func failedLoad(_ typeIdentifier: String, _ report: @escaping @Sendable (TransferError) -> Void)
        -> Progress
    {
        let error = TransferError(
            .noMatchingRepresentation, "\"\(typeIdentifier)\" is not a uniform type identifier",
            offeredTypes: registeredContentTypes)
        return startLoad { _ in report(error) }
    }
}
