/// A dynamic type held in a `UTType` value itself, with no reference: its folded tag (up to `byteCapacity` bytes,
/// or up to `capacity` bytes of ASCII, not counting a MIME type's `application/`), the kind of its tag class (filename extension or MIME type) and its
/// parent's catalog slot (below 1,024). Its answers are the same in every registry (its parent is a catalog type),
/// so it never needs resolving again when the current registry is replaced.
///
/// Most dynamic types are of this shape: an unknown extension or MIME type, conforming to a catalog type (`.data`
/// unless the caller asks for another). Copying such a value counts no reference, and making one allocates nothing.
/// A dynamic type with a longer tag, another tag class or a parent outside the catalog keeps a `DetachedType`.
///
/// Every way of making a dynamic type goes through `UTType.dynamic(foldedTag:tagClass:parent:serial:followsCurrent:)`
/// (or `TypeRegistry.knownOrDynamicType`, which makes the same choice from the folded bytes), so one type has one
/// representation: an inline type is never equal to a `DetachedType`-held dynamic type.
struct InlineTag: Sendable {
    /// The longest folded tag, in bytes, held inline when it is all ASCII (packed seven bits a byte), not counting a
    /// MIME type's `application/`.
    static let capacity = 15
    /// The longest folded tag, in bytes, held inline whatever its bytes.
    static let byteCapacity = 13

    /// What the tag is: a filename extension, a MIME type, or a MIME type whose `application/` is left out of the
    /// words (most long MIME types begin with it).
    enum Form: UInt8, Sendable {
        case filenameExtension
        case mimeType
        case applicationMIMEType

        /// The form of a tag of `kind` before its bytes are looked at: `nil` for a tag class held in no form.
        @inline(__always)
        init?(_ kind: UTTagClass.Kind) {
            switch kind {
            case .filenameExtension: self = .filenameExtension
            case .mimeType: self = .mimeType
            case .other: return nil
            }
        }
    }

    /// The prefix `Form.applicationMIMEType` leaves out.
    private static let application = Array("application/".utf8)

    /// The folded tag's bytes (after `application/` for `Form.applicationMIMEType`), little-endian, zero past
    /// `count`.
    let word0: UInt64
    let word1: UInt64
    let word2: UInt64
    /// The serial of the registry snapshot the type was made in, for the `DetachedType` made from it (a `UTType`
    /// does not keep it).
    let serial: UInt64
    /// The catalog slot of the type it conforms to directly (below 1,024: `UTType` keeps 10 bits of it).
    let parentSlot: Int32
    /// The length in bytes of what the words hold, 1 to `capacity`.
    let count: UInt8
    let form: Form

    init(word0: UInt64, word1: UInt64, word2: UInt64, serial: UInt64, parentSlot: Int32, count: UInt8, form: Form) {
        self.word0 = word0
        self.word1 = word1
        self.word2 = word2
        self.serial = serial
        self.parentSlot = parentSlot
        self.count = count
        self.form = form
    }

    /// The inline form of a dynamic type, or `nil` when it does not fit: a tag longer than `byteCapacity` that is
    /// not ASCII or is longer than `capacity` (after `application/`), or a tag class other than filename extension
    /// and MIME type.
    ///
    /// - Parameters:
    ///   - folded: the folded tag's bytes, at least one.
    ///   - kind: the kind of its tag class.
    ///   - parentSlot: the catalog slot of its parent.
    ///   - serial: the serial of the registry snapshot it is made in.
    init?(folded: Span<UInt8>, kind: UTTagClass.Kind, parentSlot: Int32, serial: UInt64) {
        guard var form = Form(kind) else {
            return nil
        }
        var bytes = folded
        if form == .mimeType, Self.hasApplicationPrefix(folded) {
            bytes = folded.extracting(droppingFirst: Self.application.count)
            form = .applicationMIMEType
        }
        guard bytes.count > 0, bytes.count <= Self.capacity, parentSlot >= 0, parentSlot < 1024 else {
            return nil
        }
        let words = Self.words(bytes)
        guard bytes.count <= Self.byteCapacity || !ByteWord.hasNonASCII(words.0 | words.1) else {
            return nil
        }
        self.init(
            word0: words.0, word1: words.1, word2: words.2, serial: serial, parentSlot: parentSlot,
            count: UInt8(bytes.count), form: form)
    }

    /// The inline form of a dynamic type whose tag was folded in words, or `nil` when it does not fit; the same as
    /// `init?(folded:kind:parentSlot:serial:)` gives for the same bytes.
    ///
    /// - Parameters:
    ///   - folded: the folded tag (ASCII).
    ///   - kind: the kind of its tag class.
    ///   - parentSlot: the catalog slot of its parent.
    ///   - serial: the serial of the registry snapshot it is made in.
    @inline(__always)
    init?(folded: FoldedTag, kind: UTTagClass.Kind, parentSlot: Int32, serial: UInt64) {
        guard var form = Form(kind) else {
            return nil
        }
        var words = (folded.word0, folded.word1, folded.word2)
        var count = folded.count
        // `application/` (12 bytes): the word "applicat" and "ion/", little-endian.
        if form == .mimeType, count > 12, folded.word0 == 0x7461_6369_6C70_7061,
            folded.word1 & 0xFFFF_FFFF == 0x2F6E_6F69
        {
            words = (
                folded.word1 &>> 32 | folded.word2 &<< 32, folded.word2 &>> 32 | folded.word3 &<< 32,
                folded.word3 &>> 32
            )
            count -= 12
            form = .applicationMIMEType
        }
        guard count <= Self.capacity, parentSlot >= 0, parentSlot < 1024 else {
            return nil
        }
        self.init(
            word0: words.0, word1: words.1, word2: words.2, serial: serial, parentSlot: parentSlot,
            count: UInt8(count), form: form)
    }

    /// Fifteen ASCII bytes (in two little-endian words) packed seven bits a byte: bits 0-63 and 64-104 of the
    /// packed bytes.
    static func pack(_ word0: UInt64, _ word1: UInt64) -> (low: UInt64, high: UInt64) {
        let first = packWord(word0)
        let second = packWord(word1)
        return (first | second &<< 56, second &>> 8)
    }

    /// What `pack(_:_:)` packed, as two words of bytes.
    static func unpack(low: UInt64, high: UInt64) -> (UInt64, UInt64) {
        (unpackWord(low & 0xFF_FFFF_FFFF_FFFF), unpackWord(low &>> 56 | high &<< 8))
    }

    /// Eight ASCII bytes as 56 bits: pairs of bytes, then of pairs, then of quadruples, moved together.
    private static func packWord(_ word: UInt64) -> UInt64 {
        var packed = (word & 0x007F_007F_007F_007F) | (word & 0x7F00_7F00_7F00_7F00) &>> 1
        packed = (packed & 0x0000_3FFF_0000_3FFF) | (packed & 0x3FFF_0000_3FFF_0000) &>> 2
        return (packed & 0x0FFF_FFFF) | (packed & 0x0FFF_FFFF_0000_0000) &>> 4
    }

    /// 56 bits as eight ASCII bytes: `packWord(_:)` undone.
    private static func unpackWord(_ packed: UInt64) -> UInt64 {
        var word = (packed & 0x0FFF_FFFF) | (packed & 0xFF_FFFF_F000_0000) &<< 4
        word = (word & 0x0000_3FFF_0000_3FFF) | (word & 0x0FFF_C000_0FFF_C000) &<< 2
        return (word & 0x007F_007F_007F_007F) | (word & 0x3F80_3F80_3F80_3F80) &<< 1
    }

    /// Whether a folded MIME type begins with `application/` and has more after it.
    private static func hasApplicationPrefix(_ folded: Span<UInt8>) -> Bool {
        let prefix = application
        guard folded.count > prefix.count else {
            return false
        }
        for index in prefix.indices where folded[index] != prefix[index] {
            return false
        }
        return true
    }

    /// The tag class.
    var tagClass: UTTagClass {
        form == .filenameExtension ? .filenameExtension : .mimeType
    }

    /// The folded tag.
    var tag: String {
        var bytes: [UInt8] = form == .applicationMIMEType ? Self.application : []
        bytes.reserveCapacity(bytes.count + Int(count))
        for index in 0..<Int(count) {
            let word = index < 8 ? word0 : index < 16 ? word1 : word2
            bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(index % 8 * 8)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The parent, a catalog type.
    func parent(followsCurrent: Bool) -> UTType {
        UTType(storage: RegistryStorage.system, slot: parentSlot, followsCurrent: followsCurrent)
    }

    /// The type as a `DetachedType`, for the slow paths that read one (its identifier, its tags, its parent).
    func detached(followsCurrent: Bool) -> DetachedType {
        DetachedType(dynamic: tag, of: tagClass, parent: parent(followsCurrent: followsCurrent), serial: serial)
    }

    /// Hashes what `DetachedType.identity` hashes for the same type, so that equal values hash alike whatever holds
    /// them.
    func hashIdentity(into hasher: inout Hasher) {
        hasher.combine(RegistryStorage.system.folded(parentSlot))
        hasher.combine(tagClass.folded)
        hasher.combine(tag)
    }
}
