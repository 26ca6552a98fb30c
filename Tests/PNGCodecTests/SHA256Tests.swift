import Testing

/// The test-only SHA-256 against the test vectors of FIPS 180-4 (NIST's "SHA-256 example" documents), so
/// that the PngSuite hash comparisons rest on a checked implementation.
@Suite("Test SHA-256")
struct SHA256Tests {
    @Test func emptyMessage() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abc() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func twoBlockMessage() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(
            SHA256.hex(Array(message.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func millionAs() {
        var hasher = SHA256()
        let block = [UInt8](repeating: 0x61, count: 1_000_000)
        block.withUnsafeBytes { hasher.update($0) }
        #expect(hasher.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func bufferAndSequenceUpdatesAgree() {
        let bytes = (0..<200).map { UInt8($0 & 0xFF) }
        var split = SHA256()
        split.update(bytes[0..<7])
        bytes[7...].withUnsafeBytes { split.update($0) }
        #expect(split.finalize() == SHA256.hex(bytes))
    }
}
