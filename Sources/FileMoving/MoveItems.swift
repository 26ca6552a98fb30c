import ContentTypes
import Foundation
import Transfer

/// A file as the source pane of a move holds it: where it is and the type its content was identified as.
///
/// It exports itself as a file, opened in place (no staged copy): as its own type when it is a common image format,
/// as `public.image` for other images, and as `public.data` always, so that a target that accepts images finds
/// exactly the image files, by type.
struct PaneFile: Transferable {
    let url: URL
    let contentType: UTType

    static var transferRepresentation: some TransferRepresentation {
        image(.png)
        image(.jpeg)
        image(.gif)
        image(.tiff)
        image(.heic)
        image(.webP)
        image(.bmp)
        FileRepresentation(exportedContentType: .image, shouldAllowToOpenInPlace: true, exporting: sent)
            .exportingCondition { file in
                file.contentType.conforms(to: .image) && !namedImageTypes.contains(file.contentType)
            }
        FileRepresentation(exportedContentType: .data, shouldAllowToOpenInPlace: true, exporting: sent)
    }

    /// The image types offered under their own identifier.
    private static let namedImageTypes: Set<UTType> = [.png, .jpeg, .gif, .tiff, .heic, .webP, .bmp]

    private static func image(_ type: UTType) -> some TransferRepresentation<PaneFile> {
        FileRepresentation(exportedContentType: type, shouldAllowToOpenInPlace: true, exporting: sent)
            .exportingCondition { file in file.contentType == type }
    }

    @Sendable private static func sent(_ file: PaneFile) -> SentTransferredFile {
        SentTransferredFile(file.url, allowAccessingOriginalFile: true)
    }
}

/// An image file as the destination pane of a move receives it: the sender's original file, opened in place, so
/// that its bytes pass through untouched (never decoded, never re-encoded) and are read only by the copy.
struct ReceivedImageFile: Transferable {
    let received: ReceivedTransferredFile

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .image, shouldAttemptToOpenInPlace: true) { received in
            ReceivedImageFile(received: received)
        }
    }
}
