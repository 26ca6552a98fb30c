import ContentTypes
import Foundation

extension ItemProvider {
    /// How a receiver of type `type` would get this item, from content types alone (nothing is loaded): a
    /// hand-over of the sender's own value, or the first of the receiver's representations (in its order) whose
    /// content type an offered type conforms to, with the first such offered type (in the sender's order).
    ///
    /// - Parameter type: the receiver's type.
    /// - Returns: the plan, or `nil` when the receiver cannot import the item.
    public func importPlan<T: Transferable>(for type: T.Type) -> ImportPlan? {
        if handOverSources.contains(where: { T.handedOver($0) != nil }) {
            return .handOver
        }
        return Self.match(RouteTable<T>().imports, visibleRegistrations).map {
            ImportPlan(offeredType: $0.registration.contentType, importedType: $0.route.contentType)
        }
    }

    /// Whether a receiver of type `type` can import this item, from content types alone (nothing is loaded).
    ///
    /// - Parameter type: the receiver's type.
    /// - Returns: `true` when ``importPlan(for:)`` has a plan.
    public func canLoadTransferable<T: Transferable>(type: T.Type) -> Bool {
        importPlan(for: type) != nil
    }

    /// Loads the item as a value of `type`.
    ///
    /// In the sender's process, a receiver that asks for the sender's own type gets the sender's value as it is.
    /// Otherwise the receiver's representations are walked in order, and the first whose content type an offered
    /// type conforms to is used, with the first such offered type: its representation is produced (once, shared with
    /// other loads), converted to bytes or a file as the receiver's representation needs, and imported.
    ///
    /// - Parameters:
    ///   - type: the receiver's type.
    ///   - progress: a `Progress` to report into, or `nil`; cancelling it cancels the load.
    /// - Returns: the value.
    /// - Throws: `TransferError`: `noMatchingRepresentation` (with the offered and wanted types),
    ///   `decodingFailed`, `exportFailed`, `fileMissing`, `tooLarge`, `cancelled`.
    public func loadTransferable<T: Transferable>(type: T.Type, progress: Progress? = nil) async throws -> T {
        try await withLoad(progress) { reporter in
            try reporter.checkCancellation(nil)
            for source in self.handOverSources {
                if let value = T.handedOver(source) {
                    reporter.finish()
                    return value
                }
            }
            let imports = RouteTable<T>().imports
            let registrations = self.visibleRegistrations
            guard let (route, registration) = Self.match(imports, registrations) else {
                throw TransferError.noMatch(
                    receiver: "\(T.self)", offered: registrations.map(\.contentType),
                    wanted: RouteTable<T>.unique(imports.map(\.contentType)))
            }
            let value = try await self.load(registration, into: route, reporter: reporter)
            reporter.finish()
            return value
        }
    }

    /// Loads the bytes of the first offered representation whose type conforms to `contentType`; a file is read into
    /// memory.
    ///
    /// - Parameters:
    ///   - contentType: the type wanted.
    ///   - progress: a `Progress` to report into, or `nil`; cancelling it cancels the load.
    /// - Returns: the bytes.
    /// - Throws: `TransferError`: `noMatchingRepresentation`, `exportFailed`, `fileMissing`, `tooLarge`, `cancelled`.
    public func loadDataRepresentation(for contentType: UTType, progress: Progress? = nil) async throws -> Data {
        try await withLoad(progress) { reporter in
            let registration = try self.registration(conformingTo: contentType)
            let produced = try await registration.produced()
            let data = try PayloadDelivery.data(
                of: produced.payload, contentType: registration.contentType, limit: self.maximumLoadSize,
                reporter: reporter)
            reporter.finish()
            return data
        }
    }

    /// Loads the first offered representation whose type conforms to `contentType` as a file: the sender's original
    /// when `openInPlace` is asked for and the sender allows it, otherwise a staged copy (bytes are written to a
    /// staged file), which exists while the returned value (or a copy of it) does.
    ///
    /// - Parameters:
    ///   - contentType: the type wanted.
    ///   - openInPlace: whether to ask for the sender's original file.
    ///   - progress: a `Progress` to report into, or `nil`; cancelling it cancels the load.
    /// - Returns: the file.
    /// - Throws: `TransferError`: `noMatchingRepresentation`, `exportFailed`, `fileMissing`, `tooLarge`,
    ///   `fileSystem`, `cancelled`.
    public func loadFileRepresentation(
        for contentType: UTType, openInPlace: Bool = false, progress: Progress? = nil
    ) async throws -> ReceivedTransferredFile {
        try await withLoad(progress) { reporter in
            let registration = try self.registration(conformingTo: contentType)
            let produced = try await registration.produced()
            let file = try PayloadDelivery.file(
                of: produced.payload, openInPlace: openInPlace,
                name: produced.suggestedName ?? registration.suggestedName ?? self.suggestedName,
                contentType: registration.contentType, limit: self.maximumLoadSize, reporter: reporter)
            reporter.finish()
            return file
        }
    }

    // MARK: Negotiation

    /// The first import route, in the receiver's order, that an offered type conforms to, with the first such
    /// registration in the sender's order.
    static func match<T: Transferable>(_ imports: [ImportRoute<T>], _ registrations: [Registration]) -> (
        route: ImportRoute<T>, registration: Registration
    )? {
        for route in imports {
            if let registration = registrations.first(where: { $0.contentType.conforms(to: route.contentType) }) {
                return (route, registration)
            }
        }
        return nil
    }

    /// The first visible registration whose type conforms to `contentType`.
    func registration(conformingTo contentType: UTType) throws -> Registration {
        let registrations = visibleRegistrations
        guard let registration = registrations.first(where: { $0.contentType.conforms(to: contentType) }) else {
            throw TransferError.noMatch(
                "nothing offered conforms to \(contentType.identifier)", offered: registrations.map(\.contentType),
                wanted: [contentType])
        }
        return registration
    }

    /// Produces `registration` and imports it through `route`.
    private func load<T: Transferable>(
        _ registration: Registration, into route: ImportRoute<T>, reporter: LoadReporter
    ) async throws -> T {
        let produced = try await registration.produced()
        let contentType = registration.contentType
        do {
            switch route.consumer {
            case .data(let consume):
                let data = try PayloadDelivery.data(
                    of: produced.payload, contentType: contentType, limit: maximumLoadSize, reporter: reporter)
                try reporter.checkCancellation(contentType)
                return try await consume(data)
            case .file(let attemptsOpenInPlace, let consume):
                let file = try PayloadDelivery.file(
                    of: produced.payload, openInPlace: attemptsOpenInPlace,
                    name: produced.suggestedName ?? registration.suggestedName ?? suggestedName,
                    contentType: contentType, limit: maximumLoadSize, reporter: reporter)
                try reporter.checkCancellation(contentType)
                return try await consume(file)
            }
        } catch {
            throw TransferError.decoding(error, contentType: contentType, receiver: "\(T.self)")
        }
    }

    /// Runs one load: inline when there is no `Progress`, otherwise in a task that the `Progress` can cancel. Errors
    /// become `TransferError`s.
    func withLoad<Value: Sendable>(
        _ progress: Progress?, _ body: @escaping @Sendable (LoadReporter) async throws -> Value
    ) async throws -> Value {
        do {
            guard let progress else {
                return try await body(LoadReporter(progress: nil))
            }
            let task = Task { try await body(LoadReporter(progress: progress)) }
            progress.cancellationHandler = { task.cancel() }
            if progress.isCancelled {
                task.cancel()
            }
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch let error as TransferError {
            throw error
        } catch is CancellationError {
            throw TransferError.cancelled(nil)
        } catch {
            throw TransferError(.exportFailed, TransferError.describe(error), underlyingError: error)
        }
    }
}
