import Foundation

#if !canImport(ObjectiveC)
    extension URL {
        /// Starts access to a security-scoped file, as on Apple's platforms, where files dropped or picked from
        /// outside the app's sandbox must be opened this way. Linux has no such scopes: a file the process can open,
        /// it can open now. Always true, so that file-receiving code ports unchanged.
        /// - Returns: true.
        @discardableResult
        public func startAccessingSecurityScopedResource() -> Bool {
            true
        }

        /// Ends access started by ``startAccessingSecurityScopedResource()``; nothing to do on Linux.
        public func stopAccessingSecurityScopedResource() {}
    }
#endif
