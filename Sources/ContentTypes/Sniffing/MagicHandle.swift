import CMagic
import Foundation

/// One libmagic handle (`magic_t`) with its database loaded, owned by this object and closed with it.
///
/// A handle is not thread-safe: libmagic keeps per-handle state while it works. It is `@unchecked Sendable` only so
/// that `ContentSniffer`'s pool can move it from thread to thread: the pool lends each handle to exactly one
/// identification at a time and takes it back afterwards; nothing else holds one. (Swift's region checking cannot
/// yet follow a value out of a `Lock` and back in.)
final class MagicHandle: @unchecked Sendable {
    private let cookie: magic_t

    /// What libmagic is asked for: the MIME type and, for text, its encoding; plus checks skipped because they
    /// cannot change that answer when bytes are given from memory:
    /// - `MAGIC_NO_CHECK_COMPRESS`: looking inside compressed data happens only with `MAGIC_COMPRESS`, never set.
    /// - `MAGIC_NO_CHECK_ELF`: ELF details are read only from file descriptors, never from a buffer.
    /// - `MAGIC_NO_CHECK_APPTYPE`: OS/2 application types, compiled in on OS/2 only.
    /// The test `ContentSnifferTests.skippedChecksDoNotChangeAnswers` compares the answers with and without them.
    static let flags: Int32 = answerFlags | MAGIC_NO_CHECK_COMPRESS | MAGIC_NO_CHECK_ELF | MAGIC_NO_CHECK_APPTYPE

    /// The answer asked for, with no check skipped.
    static let answerFlags: Int32 = MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING

    /// Opens a handle and loads the default magic database. The corresponding C functions are `magic_open` and
    /// `magic_load`.
    init(flags: Int32 = MagicHandle.flags) throws(ContentSnifferError) {
        guard let cookie = magic_open(flags) else {
            throw ContentSnifferError(.libmagicUnavailable, message: "magic_open failed (errno \(errno))")
        }
        guard magic_load(cookie, nil) == 0 else {
            let reason = magic_error(cookie).map { String(cString: $0) } ?? "unknown error"
            magic_close(cookie)
            throw ContentSnifferError(.libmagicUnavailable, message: "cannot load the magic database: \(reason)")
        }
        self.cookie = cookie
    }

    deinit {
        magic_close(cookie)
    }

    /// libmagic's answer for `bytes`, such as `image/png; charset=binary`. The corresponding C function is
    /// `magic_buffer`.
    ///
    /// libmagic (5.44) gives no answer and no error for some bytes: UTF-32 text with invalid code points, found by
    /// fuzz-sniffing (`file --mime` prints `ERROR: (null)` for them). That is content it cannot identify, answered as
    /// `application/octet-stream` like any other; a failure with a reason is an error.
    func identify(_ bytes: UnsafeRawBufferPointer) throws(ContentSnifferError) -> String {
        guard let answer = try buffer(bytes) else {
            return "application/octet-stream"
        }
        return String(cString: answer)
    }

    /// libmagic's answer for `bytes`, parsed from the C string libmagic owns, with no string made for the whole
    /// answer. The corresponding C function is `magic_buffer`.
    func answer(_ bytes: UnsafeRawBufferPointer) throws(ContentSnifferError) -> ContentSniffer.MagicAnswer {
        guard let answer = try buffer(bytes) else {
            return ContentSniffer.MagicAnswer(mimeType: "application/octet-stream", charset: nil)
        }
        return ContentSniffer.MagicAnswer(UnsafeRawBufferPointer(start: answer, count: strlen(answer)))
    }

    /// `magic_buffer`'s answer, valid until the next call on this handle; `nil` when it gives neither an answer nor
    /// an error (see `identify(_:)`).
    private func buffer(_ bytes: UnsafeRawBufferPointer) throws(ContentSnifferError) -> UnsafePointer<CChar>? {
        guard let answer = magic_buffer(cookie, bytes.baseAddress, bytes.count) else {
            guard let reason = magic_error(cookie) else {
                return nil
            }
            throw ContentSnifferError(.identificationFailed, message: "libmagic: \(String(cString: reason))")
        }
        return answer
    }
}
