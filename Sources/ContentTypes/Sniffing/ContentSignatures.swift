/// Signatures of common binary formats, checked before libmagic: the MIME type libmagic gives bytes that begin with
/// one of them, answered in nanoseconds from the first bytes alone.
///
/// A signature answers only when the bytes leave libmagic no other answer; anything less certain returns `nil` and
/// goes to libmagic, which stays the judge of everything else. Where libmagic looks further than a magic number (the
/// first entry of a ZIP archive, the codec of an Ogg stream, the brand of an ISO media file, the type of an ELF
/// object, a tar header's checksum), the signature looks at the same fields, or leaves the bytes to libmagic. MP3
/// files behind an ID3 tag are left to libmagic: it runs its whole database again on the audio after the tag, so its
/// answer depends on those bytes (random audio data can make it a boot sector, `application/octet-stream`).
/// `ContentSignaturesTests` compares every signature with libmagic on real files and on generated headers: a
/// disagreement fails the test.
///
/// Text that opens with an XML declaration, an `<svg` element or an HTML document type is answered by
/// `MarkupSignatures`, under the same rules.
///
/// The answers are libmagic 5.44's MIME types, with the flags `MagicHandle` uses.
enum ContentSignatures {
    /// libmagic's MIME type for `bytes`, when a common format's signature decides it.
    ///
    /// - Parameter bytes: the first bytes of the content; a few hundred are enough for every signature.
    /// - Returns: the MIME type, or `nil` when libmagic must decide.
    static func mimeType(of bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 8, !hasDeeperSignature(bytes) else {
            return nil
        }
        return magicNumber(bytes) ?? MarkupSignatures.mimeType(of: bytes)
    }

    /// Whether the bytes also carry a signature further in that libmagic ranks above most magic numbers at the
    /// start: a boot sector's 0x55AA at 510 (libmagic then calls a gzip stream, a ZIP archive, a font or an MP4 file
    /// "DOS/MBR boot sector", typed `application/octet-stream`), a Sun disk label's 0xDABE at 508, or an ISO 9660
    /// volume descriptor. Random bytes carry the first two once in 65,536: the generated headers of
    /// `ContentSignaturesTests` found both.
    private static func hasDeeperSignature(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count >= 512 && (bytes[510] == 0x55 && bytes[511] == 0xAA || bigEndian16(bytes, 508) == 0xDABE) {
            return true
        }
        for offset in [32769, 34817, 36865] where bytes.count >= offset + 5 {
            if bigEndian32(bytes, offset) == 0x4344_3030 && bytes[offset + 4] == 0x31 {  // CD001
                return true
            }
        }
        return false
    }

    /// The MIME type a common format's magic number and header decide.
    private static func magicNumber(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = bytes.loadUnaligned(as: UInt32.self).bigEndian
        switch head {
        case 0x8950_4E47:  // \x89PNG
            // The signature and the header chunk's length and name: libmagic requires both.
            return bytes.count >= 16 && bigEndian64(bytes, 0) == 0x8950_4E47_0D0A_1A0A
                && bigEndian64(bytes, 8) == 0x0000_000D_4948_4452 ? "image/png" : nil
        case 0x4749_4638:  // GIF8
            return (bytes[4] == 0x37 || bytes[4] == 0x39) && bytes[5] == 0x61 ? "image/gif" : nil
        case 0x5249_4646:  // RIFF
            switch bytes.count >= 12 ? bigEndian32(bytes, 8) : 0 {
            case 0x5745_4250: return "image/webp"  // WEBP
            case 0x5741_5645: return "audio/x-wav"  // WAVE
            default: return nil
            }
        case 0x4949_2A00:  // II*\0: little-endian TIFF, unless a Canon raw image ("CR" at 8)
            return bytes.count < 10 || bytes[8] == 0x43 && bytes[9] == 0x52 ? nil : "image/tiff"
        case 0x4D4D_002A:  // MM\0*
            return "image/tiff"
        case 0x2550_4446:  // %PDF
            return bytes[4] == 0x2D ? "application/pdf" : nil
        case 0x504B_0304:  // PK\3\4
            return zipArchive(bytes)
        case 0xFD37_7A58:  // \xFD7zX
            return bigEndian16(bytes, 4) == 0x5A00 ? "application/x-xz" : nil
        case 0x28B5_2FFD:
            return "application/zstd"
        case 0x7F45_4C46:  // \x7FELF
            return elf(bytes)
        case 0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE:
            return "application/x-mach-binary"
        case 0x774F_4646:  // wOFF
            return "font/woff"
        case 0x774F_4632:  // wOF2
            return "font/woff2"
        case 0x0001_0000:
            return trueType(bytes)
        case 0x4F54_544F:  // OTTO
            return "application/vnd.ms-opentype"
        case 0x5351_4C69:  // SQLi
            // The whole 100-byte database header, which libmagic reads, with a page size of at least 256.
            return bytes.count >= 100 && bigEndian64(bytes, 0) == 0x5351_4C69_7465_2066
                && bigEndian64(bytes, 8) == 0x6F72_6D61_7420_3300 && bytes[16] != 0 ? "application/vnd.sqlite3" : nil
        case 0x664C_6143:  // fLaC
            return "audio/flac"
        case 0x4F67_6753:  // OggS
            return ogg(bytes)
        default:
            break
        }
        switch head >> 8 {
        case 0xFF_D8FF:
            return "image/jpeg"
        default:
            break
        }
        switch head >> 16 {
        case 0x1F8B:
            return "application/gzip"
        case 0x424D:  // BM
            return bmp(bytes)
        case 0x4D5A:  // MZ
            return portableExecutable(bytes)
        default:
            break
        }
        // ftyp, in a box of a plausible size: other formats (PCX, LZMA) begin with the bytes of a larger one.
        if bigEndian32(bytes, 4) == 0x6674_7970 && (8..<256).contains(head) && head & 3 == 0 {
            return isoMedia(bytes)
        }
        return tar(bytes)
    }

    // MARK: Formats that need more than a magic number

    /// A ZIP archive whose first entry is not one that libmagic reads further (office documents, EPUB and
    /// OpenDocument files with their `mimetype` entry, Java archives, Android packages…): those go to libmagic.
    private static func zipArchive(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 30 else {
            return nil
        }
        // libmagic reads the entry's name and some bytes after it.
        let nameLength = Int(littleEndian16(bytes, 26))
        guard nameLength > 0, 30 + nameLength + 64 <= bytes.count else {
            return nil
        }
        // libmagic compares the bytes at 30 with those names whatever the entry's name length says.
        let name = UnsafeRawBufferPointer(rebasing: bytes[30...])
        for prefix in zipNamesLibmagicReads where name.starts(with: prefix.utf8) {
            return nil
        }
        return "application/zip"
    }

    /// First entries that make libmagic look further into a ZIP archive.
    private static let zipNamesLibmagicReads = [
        "mimetype", "[Content_Types].xml", "_rels/", "word/", "xl/", "ppt/", "docProps/", "META-INF/",
        "AndroidManifest.xml", "classes.dex", "resources.arsc", "res/", "Payload/", "content.xml", "meta.xml",
        "styles.xml", "settings.xml", "Thumbnails/", "manifest.json", "doc.kml", "3D/", "Metadata/", "FictionBook",
    ]

    /// An ELF object: relocatable, executable, shared object (position-independent executables included, as libmagic
    /// says of a buffer) or core dump.
    private static func elf(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 20, bytes[4] == 1 || bytes[4] == 2, bytes[5] == 1 || bytes[5] == 2 else {
            return nil
        }
        let type = bytes[5] == 1 ? littleEndian16(bytes, 16) : bigEndian16(bytes, 16)
        switch type {
        case 1: return "application/x-object"
        case 2: return "application/x-executable"
        case 3: return "application/x-sharedlib"
        case 4: return "application/x-coredump"
        default: return nil
        }
    }

    /// A Windows program: a DOS header whose `e_lfanew` leads to a PE header within the bytes.
    private static func portableExecutable(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 64 else {
            return nil
        }
        let offset = Int(littleEndian32(bytes, 60))
        guard offset >= 64, offset <= bytes.count - 4, bigEndian32(bytes, offset) == 0x5045_0000 else {
            return nil
        }
        return "application/vnd.microsoft.portable-executable"
    }

    /// A TrueType font: a table directory of at most 64 tables whose binary search fields are consistent and whose
    /// first table has a tag of letters, as libmagic wants it (`OS/2` and `cvt ` too).
    private static func trueType(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 16 else {
            return nil
        }
        let tables = bigEndian16(bytes, 4)
        guard (1...64).contains(tables), bytes.count >= 20 else {
            return nil
        }
        let power = UInt16(15 - tables.leadingZeroBitCount)  // floor(log2(tables))
        guard bigEndian16(bytes, 6) == 16 << power, bigEndian16(bytes, 8) == power, isLetter(bytes[12]),
            isLetter(bytes[13]), isLetter(bytes[14]) || bytes[14] == 0x2F,
            isLetter(bytes[15]) || bytes[15] == 0x20 || bytes[15] == 0x32
        else {
            return nil
        }
        return "font/sfnt"
    }

    /// An ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte & 0xDF)  // clearing 0x20 makes a lowercase letter uppercase
    }

    /// A Windows bitmap with one of the header sizes libmagic knows.
    private static func bmp(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 18 else {
            return nil
        }
        switch littleEndian32(bytes, 14) {
        case 12, 40, 52, 56, 64, 108, 124: return "image/bmp"
        default: return nil
        }
    }

    /// An ISO base media file (MP4, QuickTime, HEIF, AVIF) by its major brand.
    private static func isoMedia(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 12 else {
            return nil
        }
        switch bigEndian32(bytes, 8) {
        case 0x6973_6F6D, 0x6D70_3431, 0x6D70_3432, 0x6461_7368: return "video/mp4"  // isom, mp41, mp42, dash
        case 0x4D34_4120: return "audio/x-m4a"  // M4A
        case 0x4D34_5620: return "video/x-m4v"  // M4V
        case 0x7174_2020: return "video/quicktime"  // qt
        case 0x6865_6963, 0x6865_6978: return "image/heic"  // heic, heix
        case 0x6D69_6631: return "image/heif"  // mif1
        case 0x6176_6966: return "image/avif"  // avif (libmagic reads an avis sequence further)
        default: return nil
        }
    }

    /// An Ogg stream whose first page starts a codec libmagic names: Vorbis, Opus or Speex audio, Theora video.
    private static func ogg(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 36, bytes[4] == 0 else {
            return nil
        }
        let codec = UnsafeRawBufferPointer(rebasing: bytes[28..<36])
        if codec.starts(with: [0x01, 0x76, 0x6F, 0x72, 0x62, 0x69, 0x73]) || codec.starts(with: "OpusHead".utf8)
            || codec.starts(with: "Speex   ".utf8)
        {
            return "audio/ogg"
        }
        return codec.starts(with: [0x80, 0x74, 0x68, 0x65, 0x6F, 0x72, 0x61]) ? "video/ogg" : nil
    }

    /// A POSIX (ustar) or GNU tar archive: its magic at 257 and a header whose checksum is right.
    private static func tar(_ bytes: UnsafeRawBufferPointer) -> String? {
        // "ustar\0" and version "00" (POSIX), or "ustar  \0" (GNU).
        let magic = bytes.count >= 512 ? bigEndian64(bytes, 257) : 0
        guard magic == 0x7573_7461_7200_3030 || magic == 0x7573_7461_7220_2000 else {
            return nil
        }
        // The checksum: the sum of the header's bytes with its own field counted as spaces, in octal at 148.
        var sum = 0
        for offset in 0..<512 {
            sum += (148..<156).contains(offset) ? 0x20 : Int(bytes[offset])
        }
        var stored = 0
        var offset = 148
        while offset < 156, bytes[offset] == 0x20 {
            offset += 1
        }
        var digits = 0
        while offset < 156, (0x30...0x37).contains(bytes[offset]) {
            stored = stored * 8 + Int(bytes[offset] - 0x30)
            offset += 1
            digits += 1
        }
        // What follows the digits is spaces and NULs only, as libmagic's own check wants.
        while offset < 156, bytes[offset] == 0x20 || bytes[offset] == 0 {
            offset += 1
        }
        return digits > 0 && offset == 156 && stored == sum ? "application/x-tar" : nil
    }

    // MARK: Reading fields

    @inline(__always)
    private static func bigEndian64(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).bigEndian
    }

    @inline(__always)
    private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian
    }

    @inline(__always)
    private static func bigEndian16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self).bigEndian
    }

    @inline(__always)
    private static func littleEndian32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    @inline(__always)
    private static func littleEndian16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian
    }
}
