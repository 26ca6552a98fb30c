import CDnDKitGTK
import Foundation

/// The bytes of one read from another program, in memory of its own that becomes the result's `Data` without a copy.
///
/// The memory is a private anonymous mapping (`mmap`) that grows by doubling through `mremap`, which moves page
/// tables, never bytes. Its pages are faulted in ahead of the reads (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14;
/// without it, one page fault per 4 KiB as the copy from the pipe first touches them): for the first
/// ``populatorThreshold`` bytes a few MiB per call on the reading thread, then by a thread of its own
/// (`DnDKitPopulator`, in C), as far ahead as the bytes read go, from 1 to 16 MiB, so that the first touch of new
/// memory, which costs more than the copy itself, runs on the other core while this one copies (a 64 MiB paste from
/// `wl-copy`: medians of 48–60 ms against 59–63 ms on one thread; Benchmarks/README.md, *GTK 4 apps*). At the end
/// the mapping shrinks to the pages the bytes fill, and the `Data` unmaps it when it is freed. Memory stays bounded:
/// at most the limit, one page, and what is populated ahead of the bytes (at most as much again as they fill).
///
/// The only unsafe code of the package's reads is here. Invariants, checked after each change in debug builds:
/// - `base` is nil exactly when `capacity` is 0, and `capacity` is a whole number of pages;
/// - `count <= capacity` and `populated <= capacity`;
/// - a populator runs only over the current mapping: it is stopped (its thread joined) before the mapping moves,
///   shrinks or is unmapped, and only runs while `base` is not nil.
struct ReadBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The bytes from the start faulted in (or touched by reads).
    private var populated = 0
    /// Whether this kernel populates ranges (MADV_POPULATE_WRITE); false once it said no.
    private var populates = true
    /// The thread populating ahead of the reads, once they pass ``populatorThreshold``.
    private var populator: OpaquePointer?
    /// The bytes read so far.
    private(set) var count = 0

    /// The size of a page.
    static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
    /// How far ahead of the bytes read the pages are faulted in, in one call on the reading thread.
    static let populateStep = 4 << 20
    /// From how many bytes read on the pages are populated by a thread of their own: a read this large is a large
    /// payload coming, worth a thread (about 50 µs to start).
    static let populatorThreshold = 4 << 20

    /// Where the next bytes go.
    var free: UnsafeMutableRawPointer? { base.map { $0 + count } }
    /// How many bytes fit there.
    var room: Int { capacity - count }

    /// Counts `read` bytes written at ``free``.
    mutating func advance(by read: Int) {
        precondition(read >= 0 && read <= room, "a read of \(read) bytes into \(room) bytes of room")
        count += read
        populated = max(populated, count)
        if let populator { dndkit_populator_advance(populator, gsize(count)) }
        checkInvariants()
    }

    /// Makes room for at least `least` more bytes (fewer when the limit is near), faulted in ahead, or fails when
    /// the bytes read already pass `limit`.
    mutating func reserve(_ least: Int, limit: Int, what: String) throws(GTKTransferError) {
        guard count <= limit else {
            throw GTKTransferError(.tooLarge, "\(what) is larger than the limit of \(limit) bytes")
        }
        if room < least {
            // One byte past the limit, so that a payload over it is seen.
            let wanted = Self.pages(min(max(capacity * 2, count + least), limit + 1))
            if wanted > capacity {
                stopPopulator()  // the mapping may move
                if let grown = remap(to: wanted) {
                    base = grown
                    capacity = wanted
                }
            }
            if room == 0 {
                throw GTKTransferError(.tooLarge, "\(what) does not fit in memory (\(count) bytes read)")
            }
        }
        if populator == nil, populates, count >= Self.populatorThreshold, let base {
            populator = dndkit_populator_start(base, gsize(populated), gsize(capacity))
        }
        if populator == nil { populateAhead(least) }
        checkInvariants()
    }

    /// The bytes read, as `Data` that owns the memory from now on.
    consuming func data() -> Data {
        stopPopulator()
        let (base, capacity, count) = (self.base, self.capacity, self.count)
        discard self
        guard let base, count > 0 else {
            if let base { munmap(base, capacity) }
            return Data()
        }
        // Shrunk in place to the pages the bytes fill; when it cannot be, all of it stays.
        let needed = Self.pages(count)
        let length =
            needed < capacity && dndkit_memory_shrink(base, gsize(capacity), gsize(needed)) == 0 ? needed : capacity
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in munmap(pointer, length) })
    }

    deinit {
        if let populator { _ = dndkit_populator_stop(populator) }
        if let base { munmap(base, capacity) }
    }

    /// Stops the populating thread, if one runs, and waits for it to end.
    private mutating func stopPopulator() {
        guard let populator else { return }
        self.populator = nil
        populated = max(populated, min(Int(dndkit_populator_stop(populator)), capacity))
    }

    /// A new mapping of `size` bytes, or the current one grown to it (moved if it must be); nil when there is no
    /// memory for it (the current mapping is unchanged).
    private func remap(to size: Int) -> UnsafeMutableRawPointer? {
        guard let base else { return dndkit_memory_map(gsize(size)) }
        return dndkit_memory_remap(base, gsize(capacity), gsize(size))
    }

    /// Faults in the pages from the last populated one to ``populateStep`` past the bytes read, when fewer than
    /// `least` bytes ahead are.
    private mutating func populateAhead(_ least: Int) {
        guard populates, let base, populated - count < least else { return }
        let end = min(capacity, Self.pages(count + Self.populateStep))
        let start = populated / Self.pageSize * Self.pageSize
        guard end > start else { return }
        if dndkit_memory_populate(base + start, gsize(end - start)) == 0 {
            populated = end
        } else {
            populates = false  // an older kernel: the reads fault the pages in
        }
    }

    /// `size` rounded up to whole pages.
    private static func pages(_ size: Int) -> Int {
        (size + pageSize - 1) / pageSize * pageSize
    }

    private func checkInvariants() {
        #if DEBUG
            precondition((base == nil) == (capacity == 0), "a mapping without a size, or a size without a mapping")
            precondition(capacity % Self.pageSize == 0, "a mapping of \(capacity) bytes, not whole pages")
            precondition(count <= capacity, "\(count) bytes read into a mapping of \(capacity)")
            precondition(populated <= capacity, "\(populated) bytes populated in a mapping of \(capacity)")
            precondition(populator == nil || base != nil, "a populator without a mapping")
        #endif
    }
}
