import ContentTypes
import Foundation

/// `Data` transfers as raw bytes.
///
/// | direction | content types |
/// |---|---|
/// | exports | `public.data` |
/// | imports | `public.data`, so any offered type that conforms to it (the first one offered): the bytes as they are |
extension Data: Transferable {
    /// Exports and imports `public.data`.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .data) { data in
            data
        } importing: { data in
            data
        }
    }
}
