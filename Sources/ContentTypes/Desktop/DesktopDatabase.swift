import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The freedesktop shared-mime-info database of one directory, read from what `update-mime-database` generates,
/// never from its XML sources.
///
/// Two sources give the same answers:
/// - `mime.cache` (`MIMECache`), when it is current: it and `types` are mapped, and the aliases and parents are read
///   from the cache's lists, names as ranges of the mapped bytes. This is what a process's first use of the database
///   costs: a fraction of the text path.
/// - the text files (`types`, `aliases`, `subclasses`, `globs2`) otherwise: no cache, a stale one, or one this reader
///   does not accept.
///
/// A registry needs some of it at once and the rest only when asked. At once (the skeleton): every type's number and
/// where its name is, the names by folded name (`DesktopNames`), aliases, parents and the media parents by number:
/// what places the types and fixes their conformance. When first asked, each built whole and published once
/// (`PublishedTable`): the MIME index that look-ups by MIME type read, the aliases grouped by type that declarations
/// read (`AliasGroups`), and the extension table (`ExtensionTable`, read from `globs2`); until then, with a cache, a
/// look-up by extension walks the cache's suffix tree, as GLib does. Names become `String`s only when a declaration or
/// description needs them.
final class DesktopDatabase: Sendable {
    let directory: String
    /// Where the database was read from.
    let source: Source
    /// The bytes of `types`: every type's name is a range of them.
    private let typesBytes: DatabaseBytes
    /// Where each type's name is in `typesBytes`: its start and end, two entries per type number.
    private let nameBounds: [Int32]
    /// The number of each line of `types`: its own, or that of a later line with the same type.
    let canonical: [Int32]
    /// The bytes the aliases' names are in: the cache's, or the `aliases` file's.
    private let aliasBytes: DatabaseBytes
    /// Each alias's type number, and where its name is in `aliasBytes` (start and end, two entries per alias), in
    /// the source's order.
    private let aliasNumbers: [Int32]
    private let aliasBounds: [Int32]
    /// The aliases grouped by type (`AliasGroups`), made the first time a type's aliases are asked for.
    private let aliasGroups = PublishedTable()
    /// The numbers of type `n`'s `sub-class-of` parents, `parentNumbers[parentStarts[n]..<parentStarts[n + 1]]`, in
    /// the source's order; -1 for a parent the database does not list.
    private let parentStarts: [Int32]
    private let parentNumbers: [Int32]
    /// The `MediaParents` whose types each type conforms to besides its parents, as raw values by type number;
    /// `MediaParents.noRawValue` for none (`appendParents(ofNumber:slots:to:)`).
    private let mediaParentsByNumber: [UInt8]
    /// Every type's and alias's name, for looking names up (`DesktopNames`).
    private let names: DesktopNames
    /// The index of every MIME type and alias, folded, for look-ups by MIME type, made when first needed
    /// (`mimeTypeIndex`).
    private let mimeTypeTable = PublishedTable()
    /// The globs with literal extensions, once read.
    private let extensionTable = PublishedTable()
    /// How many look-ups by extension walked the cache's tree: past `treeLookUps`, the extension table is read.
    private let treeWalks = Atomic<Int>(0)

    /// What the database was read from.
    enum Source: Sendable {
        case cache(MIMECache)
        case textFiles
    }

    /// How many look-ups by extension walk the cache's tree before the extension table is read. A walk costs a few
    /// microseconds and needs nothing more; the table costs about a tenth of a millisecond once, then 40 ns a look-up.
    static let treeLookUps = 16

    /// Marks the entries of `mimeTypeIndex` that are aliases.
    static let aliasFlag: Int32 = 1 << 30

    /// The number of the type an entry of `mimeTypeIndex` or of `names` names.
    func number(ofMIMEEntry entry: Int32) -> Int {
        let index = Int(entry & DesktopNames.numberMask)
        return Int(entry & Self.aliasFlag != 0 ? aliasNumbers[index] : canonical[index])
    }

    /// Every MIME type and alias, folded: a type's line of `types`, or `aliasFlag` and the alias's index in the
    /// source's order (`number(ofMIMEEntry:)`). Types come first, in file order, then aliases. Made the first time a
    /// look-up by MIME type needs it: reading the database looks names up in `names` instead.
    var mimeTypeIndex: TagIndex {
        @inline(never) get {
            mimeTypeTable.value(as: TagIndex.self) {
                var builder = TagIndexBuilder()
                builder.reserveCapacity(typeCount + aliasNumbers.count)
                typesBytes.withSpan { types in
                    for number in 0..<typeCount {
                        Self.withFolded(types.extracting(Int(nameBounds[2 * number])..<Int(nameBounds[2 * number + 1])))
                        {
                            if let folded = $0 {
                                builder.add(folded: folded, slot: Int32(number))
                            }
                        }
                    }
                }
                aliasBytes.withSpan { aliases in
                    for alias in aliasNumbers.indices {
                        Self.withFolded(aliases.extracting(aliasName(alias))) {
                            if let folded = $0 {
                                builder.add(folded: folded, slot: Self.aliasFlag | Int32(alias))
                            }
                        }
                    }
                }
                let index = TagIndex(builder, keepsWords: false)
                index._checkInvariants()
                return index
            }
        }
    }

    /// What `body` makes of `mimeTypeIndex`, lent without counting a reference once it is made.
    @inline(__always)
    func withMIMETypeIndex<Result>(_ body: (TagIndex) -> Result) -> Result {
        mimeTypeTable.withPublished(as: TagIndex.self, body) ?? body(mimeTypeIndex)
    }

    /// The first entry of `names` whose name folds to `key` (hashing to `hash`) and that `accept` accepts, the names'
    /// bytes being in `types` and `aliases`.
    @inline(__always)
    fileprivate static func first(
        _ key: Span<UInt8>, hash: UInt64, in names: DesktopNames, nameBounds: [Int32], aliasBounds: [Int32],
        types: Span<UInt8>, aliases: Span<UInt8>, where accept: (Int32) -> Bool
    ) -> Int32? {
        var found: Int32?
        names.forEach(hash: hash) { entry in
            nameOf(
                entry, matches: key, nameBounds: nameBounds, aliasBounds: aliasBounds, types: types, aliases: aliases)
        } _: { entry in
            guard accept(entry) else {
                return true
            }
            found = entry
            return false
        }
        return found
    }

    /// Whether the name of an entry of `names` folds to `key`, the names' bytes being in `types` and `aliases`.
    @inline(__always)
    fileprivate static func nameOf(
        _ entry: Int32, matches key: Span<UInt8>, nameBounds: [Int32], aliasBounds: [Int32], types: Span<UInt8>,
        aliases: Span<UInt8>
    ) -> Bool {
        let index = Int(entry & DesktopNames.numberMask)
        let bounds = entry & aliasFlag != 0 ? aliasBounds : nameBounds
        let name = (entry & aliasFlag != 0 ? aliases : types).extracting(
            Int(bounds[2 * index])..<Int(bounds[2 * index + 1]))
        guard entry & DesktopNames.unfolded != 0 else {
            return TagIndexBuilder.equal(name, key)
        }
        return withFolded(name) { folded in
            guard let folded else {
                return false
            }
            return TagIndexBuilder.equal(folded, key)
        }
    }

    /// Calls `body` with every entry of `names` whose name folds to `key`, in the order they were added.
    private func forEachName(_ key: Span<UInt8>, _ body: (Int32) -> Void) {
        typesBytes.withSpan { types in
            aliasBytes.withSpan { aliases in
                _ = Self.first(
                    key, hash: TagIndexBuilder.hash(key), in: names, nameBounds: nameBounds, aliasBounds: aliasBounds,
                    types: types, aliases: aliases
                ) { entry in
                    body(entry)
                    return false
                }
            }
        }
    }

    /// Checks the invariants of the tables look-ups read, in debug builds: the names', and the MIME index's once made.
    func _checkInvariants() {
        names._checkInvariants()
        mimeTypeTable.published(as: TagIndex.self)?._checkInvariants()
    }

    /// Reads the database in `directory`: through its `mime.cache` when that is current, else its text files.
    ///
    /// - Parameter directory: the database's directory, a file system path.
    /// - Throws: `TypeRegistryError` naming the file: `.unreadableFile`, or `.malformedDatabase` with the line.
    convenience init(directory: String) throws(TypeRegistryError) {
        switch MIMECache.open(directory: directory) {
        case .success(let cache):
            self.init(directory: directory, cache: cache)
        case .failure:
            try self.init(textFilesIn: directory)
        }
    }

    /// Reads the database's text files, never its cache.
    init(textFilesIn directory: String) throws(TypeRegistryError) {
        self.directory = directory
        source = .textFiles
        let typesFile = try DatabaseFile(name: "types", in: directory)
        let aliasesFile = try DatabaseFile(name: "aliases", in: directory)
        let subclassesFile = try DatabaseFile(name: "subclasses", in: directory)
        let globs = try DatabaseFile(name: "globs2", in: directory)
        let types = typesFile.bytes
        let aliases = aliasesFile.bytes
        var skeleton = Skeleton(
            nameBounds: Skeleton.lines(of: types.span), aliasCapacity: aliasesFile.lineCount,
            parentCapacity: subclassesFile.lineCount)
        skeleton.addLines(types.span)
        try aliasesFile.forEachLine { line throws(TypeRegistryError) in
            let (alias, type) = try line.pair()
            skeleton.addAlias(types.span, aliases.span, alias.indices, type: type.indices)
        }
        try subclassesFile.forEachLine { line throws(TypeRegistryError) in
            let (child, parent) = try line.pair()
            skeleton.addParent(
                types.span, aliases.span, subclassesFile.bytes.span, child: child.indices, parent: parent.indices)
        }
        typesBytes = .read(types)
        aliasBytes = .read(aliases)
        names = skeleton.names
        (nameBounds, canonical, aliasNumbers, aliasBounds) = skeleton.tables()
        (parentStarts, parentNumbers, mediaParentsByNumber) = skeleton.finish(names: typesBytes)
        // Read now, so that a malformed line is an error of the database's, not of a later look-up.
        extensionTable.publish(try ExtensionTable(globs: globs, strict: true, database: self))
    }

    /// Reads the database through its cache, current and checked (`MIMECache.open`).
    private init(directory: String, cache: MIMECache) {
        self.directory = directory
        source = .cache(cache)
        var skeleton = cache.types.withBytes { types in
            Skeleton(
                nameBounds: Skeleton.lines(of: types), aliasCapacity: cache.aliasCount,
                parentCapacity: cache.parentCount)
        }
        cache.types.withBytes { types in
            cache.cache.withBytes { bytes in
                skeleton.add(cache, types: types, bytes: bytes)
            }
        }
        typesBytes = .mapped(cache.types)
        aliasBytes = .mapped(cache.cache)
        names = skeleton.names
        (nameBounds, canonical, aliasNumbers, aliasBounds) = skeleton.tables()
        (parentStarts, parentNumbers, mediaParentsByNumber) = skeleton.finish(names: typesBytes)
    }

    /// The file the types' parents were read from: `mime.cache`'s parent list, or `subclasses`.
    var parentsFile: String {
        if case .cache = source {
            return "mime.cache"
        }
        return "subclasses"
    }

    /// How many lines `types` has; type numbers are below it.
    var typeCount: Int { canonical.count }

    /// Calls `body` with the bytes of type `number`'s name, as `types` spells it.
    func withName<Result>(ofNumber number: Int, _ body: (Span<UInt8>) -> Result) -> Result {
        typesBytes.withSpan { bytes in
            body(bytes.extracting(Int(nameBounds[2 * number])..<Int(nameBounds[2 * number + 1])))
        }
    }

    /// The name of type `number`, as `types` spells it.
    func name(ofNumber number: Int) -> String {
        withName(ofNumber: number, DatabaseBytes.string)
    }

    /// The aliases of type `number`, in the source's order.
    func aliases(ofNumber number: Int) -> [String] {
        let groups = aliasGroups.value(as: AliasGroups.self) {
            AliasGroups(grouping: aliasNumbers, typeCount: typeCount)
        }
        return aliasBytes.withSpan { bytes in
            groups.order[Int(groups.starts[number])..<Int(groups.starts[number + 1])].map { alias in
                DatabaseBytes.string(bytes.extracting(aliasName(Int(alias))))
            }
        }
    }

    /// The aliases of each type, in the source's order: those of type `n` are `order[starts[n]..<starts[n + 1]]`.
    private final class AliasGroups: Sendable {
        let starts: [Int32]
        let order: [Int32]

        init(grouping aliasNumbers: [Int32], typeCount: Int) {
            (starts, order) = grouped(aliasNumbers, count: typeCount)
        }
    }

    /// Where alias `alias` (in the source's order) is in `aliasBytes`.
    private func aliasName(_ alias: Int) -> Range<Int> {
        Int(aliasBounds[2 * alias])..<Int(aliasBounds[2 * alias + 1])
    }

    /// Where type `number`'s `sub-class-of` parents are, in the source's order, among `listedParent(at:)`'s (read
    /// one by one: a slice of the table would count a reference to it).
    @inline(__always)
    func listedParentIndexes(ofNumber number: Int) -> Range<Int> {
        Int(parentStarts[number])..<Int(parentStarts[number + 1])
    }

    /// The parent at `index` of the listed parents (`listedParentIndexes(ofNumber:)`): a type number, or -1 for a
    /// parent the database does not list.
    @inline(__always)
    func listedParent(at index: Int) -> Int32 {
        parentNumbers[index]
    }

    /// Appends to `parents` the direct parents of type `number`, each once: the slots (in `slots`, by type number) of
    /// its `sub-class-of` parents that the database lists, then those of the abstract catalog types it conforms to
    /// besides them: its media type's, when it has no parent the database lists, or when it is not an `application/`
    /// type and no parent has its media type (an image subclassing an archive is still an image).
    ///
    /// - Parameters:
    ///   - number: the type's number.
    ///   - slots: the slot of each type number.
    ///   - mediaSlots: `MediaParents.slotPairs`, read once by the caller.
    ///   - parents: the list to append to.
    func appendParents(ofNumber number: Int, slots: [Int32], mediaSlots: [Int32], to parents: inout [Int32]) {
        let start = parents.count
        for index in listedParentIndexes(ofNumber: number) {
            let parent = parentNumbers[index]
            if parent >= 0 {
                Self.append(slots[Int(parent)], to: &parents, after: start)
            }
        }
        let media = Int(mediaParentsByNumber[number])
        if media != Int(MediaParents.noRawValue) {
            for pair in 0..<2 {
                let slot = mediaSlots[2 * media + pair]
                if slot >= 0 {
                    Self.append(slot, to: &parents, after: start)
                }
            }
        }
    }

    /// Appends `slot` to `parents` unless it is among those from `start` on.
    @inline(__always)
    private static func append(_ slot: Int32, to parents: inout [Int32], after start: Int) {
        var index = start
        while index < parents.count {
            if parents[index] == slot {
                return
            }
            index += 1
        }
        parents.append(slot)
    }

    /// The catalog slot of every type number, -1 for a type the catalog does not have: that of its own name, else
    /// that of its first alias (in the source's order) that has one. A name's catalog slot is that of the first
    /// catalog type with the MIME type, else that of a bridge (`bridges`).
    ///
    /// Worked out from the catalog's side: each of the catalog's MIME types, then each bridge the catalog lacks, is
    /// looked up in the database's index, which finds the types and aliases with that name. That is 300-odd look-ups
    /// instead of one or two in the catalog for each of the database's 1,100 names and aliases.
    func catalogSlots(in catalog: TagIndex) -> [Int32] {
        var given = GivenSlots(typeCount: typeCount, aliasCount: aliasNumbers.count)
        typesBytes.withSpan { types in
            aliasBytes.withSpan { aliases in
                catalog.forEachKey { key, hash, slot in
                    give(slot, to: key, hash: hash, isBridge: false, types: types, aliases: aliases, given: &given)
                }
                for (bridge, slot) in zip(Self.bridges, Self.bridgeSlots) where slot >= 0 {
                    // (`bridges` is folded already.)
                    let key = bridge.mimeType.utf8.span
                    if catalog.firstSlot(withFolded: key, where: { _ in true }) == nil {
                        give(
                            slot, to: key, hash: TagIndexBuilder.hash(key), isBridge: true, types: types,
                            aliases: aliases, given: &given)
                    }
                }
            }
        }
        // A type without a slot of its own takes that of its first alias with one: once one has given it a slot, the
        // later find it taken, as do those of a type with its own.
        for alias in given.alias.indices where given.alias[alias] >= 0 {
            let number = Int(aliasNumbers[alias])
            if given.own[number] < 0 {
                given.own[number] = given.alias[alias]
            }
        }
        return given.own
    }

    /// The catalog slots given so far (`catalogSlots(in:)`): by type number to the type's own name, and by alias.
    /// (A value passed along rather than variables a local function captures, which the compiler checks for
    /// exclusive access at run time.)
    private struct GivenSlots {
        var own: [Int32]
        var alias: [Int32]

        init(typeCount: Int, aliasCount: Int) {
            own = [Int32](repeating: -1, count: typeCount)
            alias = [Int32](repeating: -1, count: aliasCount)
        }
    }

    /// Gives `slot` to the types and aliases named `key` (hashing to `hash`); a bridge only to names that fold to as
    /// many bytes (a name that lost spaces in folding is not the string `bridges` would have been asked for).
    private func give(
        _ slot: Int32, to key: Span<UInt8>, hash: UInt64, isBridge: Bool, types: Span<UInt8>, aliases: Span<UInt8>,
        given: inout GivenSlots
    ) {
        _ = Self.first(
            key, hash: hash, in: names, nameBounds: nameBounds, aliasBounds: aliasBounds,
            types: types, aliases: aliases
        ) { entry in
            let index = Int(entry & DesktopNames.numberMask)
            if entry & Self.aliasFlag == 0 {
                let number = Int(canonical[index])
                if given.own[number] < 0
                    && (!isBridge || nameBounds[2 * index + 1] - nameBounds[2 * index] == key.count)
                {
                    given.own[number] = slot
                }
            } else {
                if given.alias[index] < 0 && (!isBridge || aliasName(index).count == key.count) {
                    given.alias[index] = slot
                }
            }
            return false
        }
    }

    // MARK: Look-ups by extension

    /// The extension table, read the first time it is needed.
    var extensions: ExtensionTable {
        extensionTable.value(as: ExtensionTable.self) {
            // Only a database read through its cache gets here: the text path publishes the table as it reads.
            let globs = try? DatabaseFile(name: "globs2", in: directory)
            return
                (try? globs.map { file throws(TypeRegistryError) in
                    try ExtensionTable(globs: file, strict: false, database: self)
                }) ?? ExtensionTable(types: self)
        }
    }

    /// The first slot, heaviest glob first, that a folded extension leads to and `accept` accepts.
    ///
    /// - Parameters:
    ///   - tag: the folded extension.
    ///   - slot: the slot of a type number.
    ///   - accept: whether a slot will do.
    /// - Returns: the slot, or `nil` when no glob has the extension or `accept` accepts none of its types.
    @inline(__always)
    func firstSlot(
        withFoldedExtension tag: Span<UInt8>, slot: (Int32) -> Int32, where accept: (Int32) -> Bool
    ) -> Int32? {
        if let answer = extensionTable.withPublished(
            as: ExtensionTable.self, { $0.index.firstSlot(withFolded: tag) { accept(slot($0)) }.map(slot) })
        {
            return answer
        }
        if case .cache(let cache) = source,
            treeWalks.wrappingAdd(1, ordering: .relaxed).oldValue < Self.treeLookUps,
            let answer = treeAnswer(cache, tag, slot: slot, accept: accept)
        {
            return answer.slot
        }
        return extensions.index.firstSlot(withFolded: tag) { accept(slot($0)) }.map(slot)
    }

    /// What a walk of the cache's suffix tree answers for a folded extension, when it can decide: among the heaviest
    /// globs with a type `accept` accepts, the one type, or none at all. `nil` when several types of equal weight are
    /// accepted (then the order of `globs2` decides, which the tree keeps only within one spelling of a suffix) or
    /// the tree is malformed.
    private func treeAnswer(
        _ cache: MIMECache, _ tag: Span<UInt8>, slot: (Int32) -> Int32, accept: (Int32) -> Bool
    ) -> (slot: Int32?, Void)? {
        var chosen: Int32?
        var weight = Int.min
        var ambiguous = false
        let walked = cache.cache.withBytes { bytes in
            cache.forEachType(ofExtension: tag) { type, globWeight in
                // A type `types` does not list leads nowhere, as its globs do on the text path.
                guard globWeight >= weight, let number = lookUp(MIMECache.string(at: type, in: bytes), in: bytes) else {
                    return
                }
                let candidate = slot(Int32(number))
                guard accept(candidate) else {
                    return
                }
                if globWeight > weight {
                    (chosen, weight, ambiguous) = (candidate, globWeight, false)
                } else if candidate != chosen {
                    ambiguous = true
                }
            }
        }
        return walked && !ambiguous ? (chosen, ()) : nil
    }

    /// The number of the type a MIME type names (its own name or an alias), from its bytes in `bytes`.
    func lookUp(_ name: Range<Int>, in bytes: Span<UInt8>) -> Int? {
        numbers(ofName: bytes.extracting(name)).any
    }

    /// The numbers of the type a MIME type names: `own` when it is the type's own name, `any` either way.
    func numbers(ofName name: Span<UInt8>) -> (own: Int?, any: Int?) {
        var entry: Int32?
        Self.withFolded(name) { folded in
            if let folded {
                forEachName(folded) { found in
                    entry = entry ?? found
                }
            }
        }
        guard let entry else {
            return (nil, nil)
        }
        let number = number(ofMIMEEntry: entry)
        return (entry & Self.aliasFlag == 0 ? number : nil, number)
    }

    /// Calls `body` with a MIME type's bytes folded as tags are (`Folding.withFoldedTag`), or with `nil` when they
    /// are no valid MIME type.
    @inline(__always)
    static func withFolded<Result>(_ bytes: Span<UInt8>, _ body: (Span<UInt8>?) -> Result) -> Result {
        // The database's names are nearly all folded already: those are their own folded bytes.
        isFolded(bytes) ? body(bytes) : withFoldedSlowly(bytes, body)
    }

    @inline(never)
    private static func withFoldedSlowly<Result>(_ bytes: Span<UInt8>, _ body: (Span<UInt8>?) -> Result) -> Result {
        Folding.withFoldedASCII(bytes, of: .mimeType, body)
            ?? Folding.withFoldedTag(DatabaseBytes.string(bytes), of: .mimeType, body)
    }

    /// Whether a MIME type's bytes are a valid tag folded already: not empty, and nothing but ASCII from `!` to `~`
    /// other than capitals (no space, control character or DEL).
    static func isFolded(_ bytes: Span<UInt8>) -> Bool {
        let count = bytes.count
        // Eight bytes at a time (a false alarm only sends a name the slow way), the last eight overlapping.
        var offset = 0
        while offset + 8 <= count {
            if !isFolded(word: ByteWord.load(bytes.bytes, at: offset)) {
                return false
            }
            offset += 8
        }
        if offset < count && count >= 8 {
            return isFolded(word: ByteWord.load(bytes.bytes, at: count - 8))
        }
        for index in offset..<count {
            let byte = bytes[index]
            if byte < 0x21 || byte > 0x7E || (byte >= 0x41 && byte <= 0x5A) {
                return false
            }
        }
        return count > 0
    }

    /// The hash (`TagIndexBuilder.hash(_:)`) of a MIME type's bytes when they are a valid tag folded already
    /// (`isFolded(_:)`), checked as they are hashed; else `nil`.
    @inline(__always)
    static func foldedHash(_ bytes: Span<UInt8>) -> UInt64? {
        bytes.isEmpty ? nil : TagIndexBuilder.hash(bytes, ifWords: isFolded(word:))
    }

    /// Whether eight bytes are ASCII from `!` to `~` other than capitals (or a false alarm says they may not be).
    @inline(__always)
    private static func isFolded(word: UInt64) -> Bool {
        !ByteWord.hasByteRefusedInTag(word, forbidden: 0x7F) && ByteWord.uppercaseLetters(word) == 0
    }

    /// The path of a file of the database: `directory`, a slash unless it ends with one, and `name`. (Paths are
    /// joined as strings: a `URL`'s first `path` in a process costs a fraction of a millisecond.)
    static func path(of name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The extensions a type declares: those of the globs that name it by its own name, not an alias, heaviest
    /// first, each once.
    func extensions(ofNumber number: Int) -> [String] {
        extensions.extensions(ofNumber: number)
    }
}

/// The skeleton of a database being read: names, numbers, aliases and parents, added in the source's order,
/// whatever the source. Names are looked up in `names`, over the bytes of `types` and of the aliases' source, which
/// each method is given.
private struct Skeleton {
    /// Where each line's name is in `types`: its start and end.
    let nameBounds: [Int32]
    var names: DesktopNames
    /// The type of each line: its own number, or that of the last line with its name (a type listed twice is its
    /// last line's). Complete once `addLines` has run.
    var canonical: [Int32] = []
    /// Each alias's type number, and its name's start and end in its source's bytes, in the source's order.
    var aliasNumbers: [Int32] = []
    var aliasBounds: [Int32] = []
    /// Each `sub-class-of` pair: the child's number, the parent's (-1 when not listed), and whether their media types
    /// are the same (1) or not (0). (Arrays of integers, whose types a process has made already: a first array of
    /// `Bool` grown costs the runtime a lookup by name.)
    var children: [Int32] = []
    var parents: [Int32] = []
    var sameMedia: [UInt8] = []

    /// A skeleton for the lines of `types` (`lines(of:)`), with room for `aliasCapacity` aliases and
    /// `parentCapacity` `sub-class-of` pairs.
    init(nameBounds: [Int32], aliasCapacity: Int, parentCapacity: Int) {
        let lineCount = nameBounds.count / 2
        self.nameBounds = nameBounds
        canonical.reserveCapacity(lineCount)
        aliasNumbers.reserveCapacity(aliasCapacity)
        aliasBounds.reserveCapacity(2 * aliasCapacity)
        children.reserveCapacity(parentCapacity)
        parents.reserveCapacity(parentCapacity)
        sameMedia.reserveCapacity(parentCapacity)
        names = DesktopNames(capacity: lineCount + aliasCapacity)
    }

    /// Where the lines of `types` that are neither blank nor a `#` comment are: the start and end of each.
    static func lines(of types: Span<UInt8>) -> [Int32] {
        var bounds: [Int32] = []
        // About 22 bytes a name on this machine: room for most databases without growing.
        bounds.reserveCapacity(2 * (types.count / 16 + 16))
        DatabaseFile.forEachLine(in: types) { _, start, end in
            bounds.append(Int32(start))
            bounds.append(Int32(end))
        }
        return bounds
    }

    /// Where a line's name is in `types`.
    private func name(ofLine line: Int) -> Range<Int> {
        Int(nameBounds[2 * line])..<Int(nameBounds[2 * line + 1])
    }

    /// Adds every line of `types`, then gives each line named again the number of the last line with its name.
    mutating func addLines(_ types: Span<UInt8>) {
        // Each line whose name an earlier line has, and that first line: two entries each, few or none.
        var repeats: [Int32] = []
        for number in 0..<nameBounds.count / 2 {
            if let first = addLine(number, types) {
                repeats.append(Int32(number))
                repeats.append(first)
            }
            canonical.append(Int32(number))
        }
        // A first line takes the number of its name's last line (the pairs are in order); then each line named again
        // takes its first line's.
        var pair = 0
        while pair < repeats.count {
            canonical[Int(repeats[pair + 1])] = repeats[pair]
            pair += 2
        }
        pair = 0
        while pair < repeats.count {
            canonical[Int(repeats[pair])] = canonical[Int(repeats[pair + 1])]
            pair += 2
        }
    }

    /// Adds line `number` of `types` to the names; the first line with the same name, if an earlier one has it.
    private mutating func addLine(_ number: Int, _ types: Span<UInt8>) -> Int32? {
        let name = types.extracting(name(ofLine: number))
        var first: Int32?
        // One probe finds an earlier line with the name and the bucket for this one. (No alias is added yet: `types`
        // stands in for their bytes.)
        if let hash = DesktopDatabase.foldedHash(name) {
            // Nearly every name: looked up as it is, without a closure.
            let (earlier, bucket) = probe(name, hash: hash, types: types)
            first = earlier.map { $0 & DesktopNames.numberMask }
            names.add(Int32(number), hash: hash, at: bucket)
        } else {
            DesktopDatabase.withFolded(name) { key in
                guard let key else {
                    return  // no valid MIME type: a type of its own, which nothing names
                }
                let hash = TagIndexBuilder.hash(key)
                let (earlier, bucket) = probe(key, hash: hash, types: types)
                first = earlier.map { $0 & DesktopNames.numberMask }
                names.add(Int32(number) | DesktopNames.unfolded, hash: hash, at: bucket)
            }
        }
        return first
    }

    /// The first line named `key` (folded, hashing to `hash`), and the bucket of `names` for another, while lines are
    /// added.
    private func probe(_ key: Span<UInt8>, hash: UInt64, types: Span<UInt8>) -> (first: Int32?, bucket: Int) {
        names.probe(hash: hash) { entry in
            DesktopDatabase.nameOf(
                entry, matches: key, nameBounds: nameBounds, aliasBounds: aliasBounds, types: types, aliases: types)
        }
    }

    /// The entry of `names` that the name `name` (of any bytes) leads to first: a line, or an alias.
    func entry(named name: Span<UInt8>, types: Span<UInt8>, aliases: Span<UInt8>) -> Int32? {
        // Names folded already (nearly all) are looked up as they are; the others in a closure that captures only the
        // tables it reads (capturing `self` would copy it).
        if let hash = DesktopDatabase.foldedHash(name) {
            return DesktopDatabase.first(
                name, hash: hash, in: names, nameBounds: nameBounds, aliasBounds: aliasBounds, types: types,
                aliases: aliases, where: { _ in true })
        }
        let (names, nameBounds, aliasBounds) = (names, nameBounds, aliasBounds)
        return DesktopDatabase.withFolded(name) { key -> Int32? in
            guard let key else {
                return nil
            }
            return DesktopDatabase.first(
                key, hash: TagIndexBuilder.hash(key), in: names, nameBounds: nameBounds, aliasBounds: aliasBounds,
                types: types, aliases: aliases, where: { _ in true })
        }
    }

    /// The number of the type an entry of `names` leads to; through an alias only when `own` is false.
    func number(ofEntry entry: Int32?, own: Bool) -> Int32? {
        guard let entry else {
            return nil
        }
        let index = entry & DesktopNames.numberMask
        guard entry & DesktopDatabase.aliasFlag != 0 else {
            return canonical[Int(index)]
        }
        return own ? nil : aliasNumbers[Int(index)]
    }

    /// Adds an alias: the name at `alias` of `aliases` for the type named at `type` of it. Only an alias of a type
    /// the database lists, by its own name, leads anywhere.
    mutating func addAlias(_ types: Span<UInt8>, _ aliases: Span<UInt8>, _ alias: Range<Int>, type: Range<Int>) {
        let entry = entry(named: aliases.extracting(type), types: types, aliases: aliases)
        guard let number = number(ofEntry: entry, own: true) else {
            return
        }
        let index = Int32(aliasNumbers.count)
        aliasNumbers.append(number)
        aliasBounds.append(Int32(alias.lowerBound))
        aliasBounds.append(Int32(alias.upperBound))
        let name = aliases.extracting(alias)
        if let hash = DesktopDatabase.foldedHash(name) {
            names.add(DesktopDatabase.aliasFlag | index, hash: hash)
            return
        }
        DesktopDatabase.withFolded(name) { key in
            if let key {
                names.add(
                    DesktopDatabase.aliasFlag | DesktopNames.unfolded | index, hash: TagIndexBuilder.hash(key))
            }
        }
    }

    /// Adds the lines of `types`, then the aliases and parents of `cache`, whose bytes are `bytes`.
    ///
    /// The cache stores each string once, and 450 parents name 79 types: each is looked up once (`OffsetMemo`).
    mutating func add(_ cache: MIMECache, types: Span<UInt8>, bytes: Span<UInt8>) {
        addLines(types)
        for index in 0..<cache.aliasCount {
            let (alias, type) = cache.alias(index)
            addAlias(types, bytes, MIMECache.string(at: alias, in: bytes), type: MIMECache.string(at: type, in: bytes))
        }
        var memo = OffsetMemo()
        for list in 0..<cache.parentEntryCount {
            let (type, count) = cache.parentEntry(list)
            let childName = bytes.extracting(MIMECache.string(at: type, in: bytes))
            guard count > 0,
                let child = number(ofEntry: entry(named: childName, types: types, aliases: bytes), own: true)
            else {
                continue
            }
            let childKey = DesktopDatabase.MediaParents.MediaKey(of: childName)
            for index in 0..<count {
                let offset = cache.parent(index, of: list)
                let parentName = bytes.extracting(MIMECache.string(at: offset, in: bytes))
                let remembered = memo.value(at: offset)
                let parent =
                    remembered.value
                    ?? number(ofEntry: entry(named: parentName, types: types, aliases: bytes), own: false)
                if remembered.value == nil {
                    memo.remember(parent, at: offset, bucket: remembered.bucket)
                }
                addParent(child: child, childName, childKey, parent: parent, parentName, .init(of: parentName))
            }
        }
    }

    /// Adds a `sub-class-of` pair, named at `child` and `parent` of `pairs`, once every alias is added.
    mutating func addParent(
        _ types: Span<UInt8>, _ aliases: Span<UInt8>, _ pairs: Span<UInt8>, child: Range<Int>, parent: Range<Int>
    ) {
        let childName = pairs.extracting(child)
        guard let number = number(ofEntry: entry(named: childName, types: types, aliases: aliases), own: true) else {
            return
        }
        let parentName = pairs.extracting(parent)
        addParent(
            child: number, childName, .init(of: childName),
            parent: self.number(ofEntry: entry(named: parentName, types: types, aliases: aliases), own: false),
            parentName, .init(of: parentName))
    }

    /// Adds a `sub-class-of` pair, once every alias is added: the type numbered `child`, and the type numbered
    /// `parent`, or `nil` when the database does not list it; each with its name as written, and its media key
    /// (`MediaParents.MediaKey(of:)`).
    mutating func addParent(
        child: Int32, _ childName: Span<UInt8>, _ childKey: DesktopDatabase.MediaParents.MediaKey, parent: Int32?,
        _ parentName: Span<UInt8>, _ parentKey: DesktopDatabase.MediaParents.MediaKey
    ) {
        children.append(child)
        parents.append(parent ?? -1)
        // The parent's name as written: an alias may have another media type than its type.
        sameMedia.append(
            DesktopDatabase.MediaParents.sameMediaType(childName, childKey, parentName, parentKey) ? 1 : 0)
    }

    /// The names' tables: where each type's name is, each line's type, and the aliases, in the source's order.
    func tables() -> (nameBounds: [Int32], canonical: [Int32], aliasNumbers: [Int32], aliasBounds: [Int32]) {
        (nameBounds, canonical, aliasNumbers, aliasBounds)
    }

    /// The parents' tables, once every type, alias and parent is added.
    func finish(names: DatabaseBytes) -> (parentStarts: [Int32], parentNumbers: [Int32], mediaParents: [UInt8]) {
        let count = canonical.count
        let (parentStarts, parentOrder) = grouped(children, count: count)
        let parentNumbers = parentOrder.map { parents[Int($0)] }
        // A type with no parent the database lists takes its media type's; so does a type other than `application/`
        // none of whose parents has its media type.
        // By type: 1 when it has a parent the database lists, 2 when a parent has its media type.
        var found = [UInt8](repeating: 0, count: count)
        for pair in children.indices {
            found[Int(children[pair])] |= (parents[pair] >= 0 ? 1 : 0) | (sameMedia[pair] != 0 ? 2 : 0)
        }
        // Names come grouped by media type (`types` is sorted): one with the key of the name before it has its rules.
        var lastKey = DesktopDatabase.MediaParents.MediaKey.unpacked
        var lastMedia = (parents: DesktopDatabase.MediaParents.data, isApplication: false)
        let mediaParents = names.withSpan { bytes in
            (0..<count).map { number -> UInt8 in
                let name = bytes.extracting(Int(nameBounds[2 * number])..<Int(nameBounds[2 * number + 1]))
                let key = DesktopDatabase.MediaParents.MediaKey(of: name)
                if key != lastKey || key == .unpacked {
                    (lastKey, lastMedia) = (key, DesktopDatabase.MediaParents.media(of: name, key: key))
                }
                let takesThem = found[number] & 1 == 0 || (!lastMedia.isApplication && found[number] & 2 == 0)
                return takesThem ? UInt8(lastMedia.parents.rawValue) : DesktopDatabase.MediaParents.noRawValue
            }
        }
        return (parentStarts, parentNumbers, mediaParents)
    }
}

/// Items grouped by the number each has, keeping their order within a group: the start of each number's group
/// (`count + 1` of them) and the items' indexes in grouped order.
private func grouped(_ numbers: [Int32], count: Int) -> (starts: [Int32], order: [Int32]) {
    // Each group's size after its start, then the starts; each start then serves as its group's next place, and
    // ends as the next group's start, so the starts are moved up one at the end.
    var starts = [Int32](repeating: 0, count: count + 1)
    for number in numbers {
        starts[Int(number) + 1] += 1
    }
    for number in 0..<count {
        starts[number + 1] += starts[number]
    }
    var order = [Int32](repeating: 0, count: numbers.count)
    for index in numbers.indices {
        let number = Int(numbers[index])
        order[Int(starts[number])] = Int32(index)
        starts[number] += 1
    }
    var number = count
    while number > 0 {
        starts[number] = starts[number - 1]
        number -= 1
    }
    starts[0] = 0
    return (starts, order)
}

extension DesktopDatabase {
    // MARK: Bridging onto the catalog

    /// MIME types the catalog declares under another name, or as a concept without that MIME type, folded already
    /// (`bridgeSlots` checks it).
    static let bridges: [(mimeType: String, identifier: String)] = [
        ("application/octet-stream", "public.data"),
        ("inode/directory", "public.folder"),
        ("inode/symlink", "public.symlink"),
        ("inode/mount-point", "com.apple.mount-point"),
        ("application/x-executable", "public.unix-executable"),
        ("application/x-sharedlib", "public.unix-executable"),
        ("image/svg+xml-compressed", "public.svg-image"),
        ("application/x-ms-dos-executable", "com.microsoft.windows-executable"),
        ("application/x-msdownload", "com.microsoft.windows-executable"),
        ("application/x-shellscript", "public.shell-script"),
        ("text/x-python", "public.python-script"),
        ("text/x-python3", "public.python-script"),
        ("application/x-perl", "public.perl-script"),
        ("application/x-ruby", "public.ruby-script"),
        ("application/x-php", "public.php-script"),
        ("text/x-csrc", "public.c-source"),
        ("text/x-chdr", "public.c-header"),
        ("text/x-c++src", "public.c-plus-plus-source"),
        ("text/x-c++hdr", "public.c-plus-plus-header"),
        ("text/x-objcsrc", "public.objective-c-source"),
        ("text/x-objc++src", "public.objective-c-plus-plus-source"),
        ("text/x-swift", "public.swift-source"),
        ("text/x-makefile", "public.make-source"),
        ("text/x-assembly", "public.assembly-source"),
    ]

    /// The abstract catalog types that a desktop type conforms to by its media type (`image/…`, `text/…`, …).
    enum MediaParents: Int, CaseIterable {
        case image, text, audio, video, font, model, message, inode, content, data

        /// The raw value of no case: what `mediaParentsByNumber` holds for a type that takes no media parents.
        static let noRawValue = UInt8.max

        /// A MIME type's media type (after any leading slashes, up to the next slash: `image` for `image/png`),
        /// folded, in two words: up to 15 ASCII bytes lowercased, their count in the last byte. A media type that is
        /// longer or not ASCII has the key `unpacked`, and is compared as a string.
        struct MediaKey: Equatable {
            let low: UInt64
            let high: UInt64

            static let unpacked = MediaKey(low: .max, high: .max)

            init(low: UInt64, high: UInt64) {
                self.low = low
                self.high = high
            }

            init(of name: Span<UInt8>) {
                var offset = 0
                while offset < name.count && name[offset] == 0x2F {
                    offset &+= 1
                }
                // Eight bytes or more (nearly every name): the media type found and folded two words at a time, the
                // second word the last eight bytes, overlapping, shifted to start at the ninth, when fewer than
                // sixteen remain (what is shifted in is zeros, which are no slash).
                let remaining = name.count - offset
                if remaining >= 8 {
                    let low = ByteWord.load(name.bytes, at: offset)
                    let high: UInt64 =
                        remaining >= 16
                        ? ByteWord.load(name.bytes, at: offset + 8)
                        : remaining > 8
                            ? ByteWord.load(name.bytes, at: name.count - 8) &>> UInt64(8 * (16 - remaining)) : 0
                    let count = Self.slash(in: low) ?? Self.slash(in: high).map { 8 + $0 } ?? min(remaining, 16)
                    guard count < 16 else {
                        self = .unpacked
                        return
                    }
                    let lowMask: UInt64 = count >= 8 ? .max : (1 &<< UInt64(8 * count)) &- 1
                    let highMask: UInt64 = count <= 8 ? 0 : (1 &<< UInt64(8 * (count - 8))) &- 1
                    guard !ByteWord.hasNonASCII(low & lowMask), !ByteWord.hasNonASCII(high & highMask) else {
                        self = .unpacked
                        return
                    }
                    self.init(
                        low: ByteWord.lowercased(low & lowMask),
                        high: ByteWord.lowercased(high & highMask) | UInt64(count) &<< 56)
                    return
                }
                // Byte by byte, into the same words: byte `i` at bits `8 i` of the sixteen, the count on top.
                var low: UInt64 = 0
                var high: UInt64 = 0
                var count: UInt64 = 0
                while offset < name.count && name[offset] != 0x2F {
                    let byte = name[offset]
                    guard byte < 0x80, count < 15 else {
                        self = .unpacked
                        return
                    }
                    let folded = UInt64(byte &+ (byte &- 0x41 < 26 ? 0x20 : 0))
                    if count < 8 {
                        low |= folded &<< (8 &* count)
                    } else {
                        high |= folded &<< (8 &* (count &- 8))
                    }
                    count &+= 1
                    offset &+= 1
                }
                self.init(low: low, high: high | count &<< 56)
            }

            /// The index of the first slash in a word of eight bytes (the first in memory, little-endian), if any.
            private static func slash(in word: UInt64) -> Int? {
                let difference = word ^ (ByteWord.ones &* 0x2F)
                let found = (difference &- ByteWord.ones) & ~difference & ByteWord.high
                // A false alarm sits only above a true one, so the lowest is exact.
                return found == 0 ? nil : found.trailingZeroBitCount / 8
            }
        }

        /// What the database's rules ask of a MIME type's media type: the parents it gives, and whether it is
        /// `application`.
        ///
        /// - Parameters:
        ///   - name: the MIME type.
        ///   - key: its media type's key (`MediaKey(of:)`).
        /// - Returns: the parents, and whether the media type is `application`.
        static func media(of name: Span<UInt8>, key: MediaKey) -> (parents: MediaParents, isApplication: Bool) {
            guard key != .unpacked else {
                let folded = foldedMediaType(of: name)
                for rawValue in 0..<Self.data.rawValue {
                    if let parents = Self(rawValue: rawValue), folded == parents.mediaType {
                        return (parents, false)
                    }
                }
                return (.data, folded == "application")
            }
            let keys = mediaKeys
            for rawValue in 0..<Self.data.rawValue
            where keys[2 * rawValue] == key.low && keys[2 * rawValue + 1] == key.high {
                return (Self(rawValue: rawValue) ?? .data, false)
            }
            return (.data, keys[2 * Self.data.rawValue] == key.low && keys[2 * Self.data.rawValue + 1] == key.high)
        }

        /// The media key of each case but `data`, by raw value, then `application`'s: two words each.
        private static let mediaKeys: [UInt64] = {
            var keys: [UInt64] = []
            for mediaType in (0..<Self.data.rawValue).map({ Self(rawValue: $0)?.mediaType ?? "" }) + ["application"] {
                let bytes = Array(mediaType.utf8)
                let key = MediaKey(of: bytes.span)
                keys += [key.low, key.high]
            }
            return keys
        }()

        /// The media type whose types take these parents; anything else takes `data`'s.
        private var mediaType: String {
            switch self {
            case .image: "image"
            case .text: "text"
            case .audio: "audio"
            case .video: "video"
            case .font: "font"
            case .model: "model"
            case .message: "message"
            case .inode: "inode"
            case .content: "x-content"
            case .data: ""
            }
        }

        /// Whether two MIME types have the same media type, folded, given their keys (`MediaKey(of:)`).
        static func sameMediaType(
            _ first: Span<UInt8>, _ firstKey: MediaKey, _ second: Span<UInt8>, _ secondKey: MediaKey
        )
            -> Bool
        {
            guard firstKey == .unpacked || secondKey == .unpacked else {
                return firstKey == secondKey
            }
            return foldedMediaType(of: first) == foldedMediaType(of: second)
        }

        /// The folded media type of a MIME type, with Unicode case folding (`Folding.fold`): for those without a key.
        private static func foldedMediaType(of name: Span<UInt8>) -> String {
            let folded = Folding.fold(DatabaseBytes.string(name))
            return String(Substring(folded.utf8.drop { $0 == 0x2F }.prefix { $0 != 0x2F }))
        }

        /// The identifiers of each case's parents, by raw value: two a case, `""` for none. (Flat arrays of strings
        /// and integers, whose types a process has made already: an array of arrays costs the runtime a lookup by
        /// name the first time.)
        private static let identifierPairs = [
            "public.image", "", "public.plain-text", "", "public.audio", "", "public.movie", "",
            "public.font", "public.data", "public.3d-content", "public.data", "public.message", "public.data",
            "public.item", "", "public.directory", "", "public.data", "",
        ]

        /// The parents' slots in every registry (they are catalog types), by raw value: two a case, -1 for none.
        static let slotPairs: [Int32] = {
            assert(identifierPairs.count == 2 * allCases.count, "two identifiers a case")
            return identifierPairs.map { identifier in
                guard !identifier.isEmpty else {
                    return -1
                }
                let slot = CatalogPart.shared.slotByIdentifier[identifier]
                assert(slot != nil, "\(identifier) is a catalog type")
                return slot ?? -1
            }
        }()
    }

    /// The identifier of a desktop type: `org.freedesktop.mime.` and the MIME type, with `/` as `.` and every
    /// character an identifier cannot hold as `-`.
    static func identifier(for mimeType: String) -> String {
        var mimeType = mimeType
        let prefix: StaticString = "org.freedesktop.mime."
        return mimeType.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + bytes.count) { whole in
                let prefixBytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                _ = whole.initialize(from: prefixBytes)
                let body = UnsafeMutableBufferPointer(rebasing: whole[prefixBytes.count...])
                var count = 0
                for byte in bytes {
                    switch byte {
                    case 0x2F: body[count] = 0x2E  // "/" becomes "."
                    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: body[count] = byte
                    case 0x80...0xBF: continue  // the rest of a character already replaced
                    default: body[count] = 0x2D  // any other character becomes one "-"
                    }
                    count += 1
                }
                return prefixBytes.count + count
            }
        }
    }

    /// The catalog slot of each of `bridges`, -1 for an identifier the catalog lacks. Catalog types have the same
    /// slots in every registry.
    static let bridgeSlots: [Int32] = bridges.map { bridge in
        assert(Folding.fold(bridge.mimeType) == bridge.mimeType, "\(bridge.mimeType) is folded")
        return CatalogPart.shared.slotByIdentifier[Folding.fold(bridge.identifier)] ?? -1
    }

    /// `ext` for a glob `*.ext` whose suffix is literal (`tar.gz` for `*.tar.gz`); `nil` for other patterns.
    fileprivate static func literalExtension(_ pattern: ArraySlice<UInt8>) -> String? {
        let start = pattern.startIndex
        guard pattern.count > 2, pattern[start] == 0x2A, pattern[start + 1] == 0x2E else {
            return nil  // not "*." followed by something
        }
        let suffix = pattern[(start + 2)...]
        // No wildcard, bracket, backslash, slash or space.
        let special = suffix.contains { byte in
            switch byte {
            case 0x2A, 0x3F, 0x5B, 0x5D, 0x5C, 0x2F, 0x20: true
            default: false
            }
        }
        return special ? nil : String(decoding: suffix, as: UTF8.self)
    }
}

/// A database's globs with literal extensions (`*.EXT`), heaviest first, and their index by folded extension: read
/// from `globs2` whole the first time something needs them (`DesktopDatabase.extensions`), then immutable.
final class ExtensionTable: Sendable {
    /// A glob `*.EXT` with a literal extension (the only globs that become tags) of a type the database lists.
    struct Glob {
        /// The number of the type the glob names, itself or through an alias.
        let number: Int32
        /// The number of the type when the glob names it by its own name, not an alias; -1 for an alias.
        let named: Int32
        let fileExtension: String
    }

    /// The globs with literal extensions, heaviest first; among equal weights, in the file's order.
    let globs: [Glob]
    /// The first of `globs` that names each type itself, by type number, and the next such glob after each glob:
    /// the extensions a type declares, in order, without an array per type. -1 ends a chain.
    private let firstGlob: [Int32]
    private let nextGlob: [Int32]
    /// Every literal glob's extension, folded: the numbers of the types, heaviest glob first.
    let index: TagIndex

    /// Reads `globs2`.
    ///
    /// - Parameters:
    ///   - file: the file.
    ///   - strict: whether a malformed line is an error (else it is passed over, when the types are read already).
    ///   - database: the database's types, aliases and MIME index.
    /// - Throws: `TypeRegistryError` with `.malformedDatabase`, naming the line, when `strict`.
    convenience init(globs file: DatabaseFile, strict: Bool, database: DesktopDatabase) throws(TypeRegistryError) {
        var weighted: [(weight: Int, glob: Glob)] = []
        weighted.reserveCapacity(file.lineCount)
        try file.forEachLine { line throws(TypeRegistryError) in
            let parsed = strict ? try line.glob() : try? line.glob()
            guard let (weight, mimeType, fileExtension) = parsed else {
                return
            }
            let numbers = database.numbers(ofName: file.bytes[mimeType.indices].span)
            // Globs of types the database does not list lead nowhere.
            if let number = numbers.any {
                let named = Int32(numbers.own ?? -1)
                weighted.append((weight, Glob(number: Int32(number), named: named, fileExtension: fileExtension)))
            }
        }
        self.init(weighted: weighted, typeCount: database.typeCount)
    }

    /// The table from a database's cache alone, when `globs2` cannot be read after the cache was (equal weights then
    /// come in the cache's order); empty for a database read from its text files.
    convenience init(types database: DesktopDatabase) {
        var weighted: [(weight: Int, glob: Glob)] = []
        if case .cache(let cache) = database.source {
            cache.cache.withBytes { bytes in
                _ = cache.forEachLiteralExtension { fileExtension, type, weight in
                    let numbers = database.numbers(ofName: bytes.extracting(MIMECache.string(at: type, in: bytes)))
                    if let number = numbers.any {
                        let glob = Glob(
                            number: Int32(number), named: Int32(numbers.own ?? -1),
                            fileExtension: DatabaseBytes.string(fileExtension))
                        weighted.append((weight, glob))
                    }
                }
            }
        }
        self.init(weighted: weighted, typeCount: database.typeCount)
    }

    private init(weighted: [(weight: Int, glob: Glob)], typeCount: Int) {
        var weighted = weighted
        // `globs2` lists heavier globs first already (then there is nothing to sort); keep that order among equal
        // weights.
        if zip(weighted, weighted.dropFirst()).contains(where: { $0.weight < $1.weight }) {
            weighted = weighted.enumerated()
                .sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }.map(\.element)
        }
        let globs = weighted.map(\.glob)
        var firstGlob = [Int32](repeating: -1, count: typeCount)
        var nextGlob = [Int32](repeating: -1, count: globs.count)
        for (index, glob) in globs.enumerated().reversed() where glob.named >= 0 {
            nextGlob[index] = firstGlob[Int(glob.named)]
            firstGlob[Int(glob.named)] = Int32(index)
        }
        var extensions = TagIndexBuilder()
        extensions.reserveCapacity(globs.count)
        for glob in globs {
            Folding.withFoldedTag(glob.fileExtension, of: .filenameExtension) { folded in
                if let folded {
                    extensions.add(folded: folded, slot: glob.number)
                }
            }
        }
        self.globs = globs
        self.firstGlob = firstGlob
        self.nextGlob = nextGlob
        index = TagIndex(extensions, keepsWords: false)
        index._checkInvariants()
    }

    /// The extensions a type declares: those of the globs that name it by its own name, not an alias, heaviest
    /// first, each once.
    func extensions(ofNumber number: Int) -> [String] {
        var extensions: [String] = []
        var glob = firstGlob[number]
        while glob >= 0 {
            let fileExtension = globs[Int(glob)].fileExtension
            if !extensions.contains(fileExtension) {
                extensions.append(fileExtension)
            }
            glob = nextGlob[Int(glob)]
        }
        return extensions
    }
}

/// What was worked out for strings of a cache, by their offset, once every name is in the skeleton: the cache stores
/// each string once, and many parents name the same type. At most 340 strings are remembered (4 KiB); any more are
/// worked out each time.
private struct OffsetMemo {
    /// Offset plus one by bucket (0: empty), and its value (-1: none).
    private var offsets = [UInt32](repeating: 0, count: 512)
    private var values = [Int32](repeating: 0, count: 512)
    private var count = 0

    /// What is remembered for the string at `offset`: its value (`.some(nil)` for none), or `nil` and the bucket to
    /// remember it in (`remember(_:at:bucket:)`). (No closure to work it out: one capturing the skeleton would copy
    /// it.)
    func value(at offset: Int) -> (value: Int32??, bucket: Int) {
        guard offset >= 0 && offset < Int(UInt32.max) else {
            return (nil, -1)
        }
        let key = UInt32(offset + 1)
        let mask = offsets.count - 1
        var bucket = Int((key &* 0x9E37_79B1) >> 23) & mask
        while offsets[bucket] != 0 {
            if offsets[bucket] == key {
                return (values[bucket] < 0 ? .some(nil) : values[bucket], bucket)
            }
            bucket = (bucket + 1) & mask
        }
        return (nil, bucket)
    }

    /// Remembers the value of the string at `offset` in the bucket `value(at:)` gave, while there is room.
    mutating func remember(_ value: Int32?, at offset: Int, bucket: Int) {
        guard bucket >= 0 && 3 * (count + 1) <= 2 * offsets.count else {
            return
        }
        offsets[bucket] = UInt32(offset + 1)
        values[bucket] = value ?? -1
        count += 1
    }
}

/// Bytes a database's names are read from: a mapped file, or a file read whole.
enum DatabaseBytes: Sendable {
    case mapped(MappedFile)
    case read([UInt8])

    /// Calls `body` with the bytes.
    @inline(__always)
    func withSpan<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        switch self {
        case .mapped(let file): file.withBytes(body)
        case .read(let bytes): body(bytes.span)
        }
    }

    /// The bytes as a string, decoded as UTF-8 (a malformed sequence becomes U+FFFD).
    static func string(_ bytes: Span<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}

/// One generated file of the database, read whole and split into lines.
struct DatabaseFile {
    /// The file's path.
    let path: String
    let bytes: [UInt8]

    init(name: String, in directory: String) throws(TypeRegistryError) {
        path = DesktopDatabase.path(of: name, in: directory)
        guard let bytes = Self.contents(ofFile: path) else {
            throw TypeRegistryError(
                .unreadableFile, file: path,
                message: "cannot read the desktop database file (is shared-mime-info installed?)")
        }
        self.bytes = bytes
    }

    /// The bytes of a regular file, read straight into the array (no `Data` to copy from); `nil` when it cannot be
    /// opened or read, or is not a regular file.
    private static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileTime.isRegularFile(status.st_mode) else {
            return nil
        }
        // A byte more than the size, so that a file that grew meanwhile is seen to have: then it is read again.
        var capacity = Int(status.st_size) + 1
        while true {
            var failed = false
            let contents = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity, let start = buffer.baseAddress {
                    let read = pread(descriptor, start + count, capacity - count, off_t(count))
                    if read == 0 || (read < 0 && errno != EINTR) {
                        failed = read < 0
                        return
                    }
                    count += max(read, 0)
                }
            }
            if failed {
                return nil
            }
            if contents.count < capacity {
                return contents
            }
            capacity *= 2
        }
    }

    /// A line that is neither blank nor a `#` comment.
    struct Line {
        let file: String
        let number: Int
        let bytes: ArraySlice<UInt8>

        var text: String {
            String(decoding: bytes, as: UTF8.self)
        }

        /// Two MIME types separated by spaces: an `aliases` or `subclasses` line.
        func pair() throws(TypeRegistryError) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
            let first = bytes.drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            let second = bytes[first.endIndex...].drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            guard !first.isEmpty, !second.isEmpty, bytes[second.endIndex...].allSatisfy({ $0 == 0x20 }) else {
                throw malformed(expected: "two MIME types separated by a space")
            }
            return (first, second)
        }

        /// `WEIGHT:MIME-TYPE:PATTERN`, maybe followed by `:FLAGS`: a `globs2` line; `nil` when the pattern is not a
        /// literal extension (`*.EXT`).
        func glob() throws(TypeRegistryError) -> (weight: Int, mimeType: ArraySlice<UInt8>, fileExtension: String)? {
            // The fields between colons; `firstIndex(of:)` on the line's bytes rather than `prefix(while:)`, which is
            // several times slower.
            let weight = bytes[..<(bytes.firstIndex(of: 0x3A) ?? bytes.endIndex)]
            let mimeTypeStart = min(weight.endIndex + 1, bytes.endIndex)
            let mimeType = bytes[mimeTypeStart..<(bytes[mimeTypeStart...].firstIndex(of: 0x3A) ?? bytes.endIndex)]
            let patternStart = min(mimeType.endIndex + 1, bytes.endIndex)
            let pattern = bytes[patternStart..<(bytes[patternStart...].firstIndex(of: 0x3A) ?? bytes.endIndex)]
            guard mimeType.endIndex < bytes.endIndex, let weight = Self.integer(weight),
                !mimeType.isEmpty, !pattern.isEmpty
            else {
                throw malformed(expected: "WEIGHT:MIME-TYPE:PATTERN")
            }
            return DesktopDatabase.literalExtension(pattern).map { (weight, mimeType, $0) }
        }

        /// The decimal integer the bytes spell, with an optional sign, as `Int(_:)` reads a string; `nil` when they
        /// spell none or it does not fit.
        private static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
            let negative = bytes.first == 0x2D
            let digits = bytes.first == 0x2D || bytes.first == 0x2B ? bytes.dropFirst() : bytes
            guard !digits.isEmpty else {
                return nil
            }
            var value = 0
            for byte in digits {
                guard byte &- 0x30 < 10 else {
                    return nil
                }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowAgain) =
                    negative
                    ? times.subtractingReportingOverflow(Int(byte &- 0x30))
                    : times.addingReportingOverflow(Int(byte &- 0x30))
                guard !overflow, !overflowAgain else {
                    return nil
                }
                value = sum
            }
            return value
        }

        private func malformed(expected: String) -> TypeRegistryError {
            TypeRegistryError(
                .malformedDatabase, file: file, entry: "line \(number)",
                message: "expected \(expected), found \"\(text)\"")
        }
    }

    /// How many lines the file has, at most: its newlines, plus one for a last line without one.
    var lineCount: Int {
        var count = 1
        Self.forEachLine(in: bytes.span, includingEmpty: true) { _, _, _ in count += 1 }
        return count
    }

    /// Calls `body` with every line that is neither blank nor a `#` comment, in order.
    func forEachLine(_ body: (Line) throws(TypeRegistryError) -> Void) throws(TypeRegistryError) {
        try Self.forEachLine(in: bytes.span) { number, start, end throws(TypeRegistryError) in
            try body(Line(file: path, number: number, bytes: bytes[start..<end]))
        }
    }

    /// Calls `body` with the number (from 1), start and end of every line of `bytes` that is neither blank nor a `#`
    /// comment (with `includingEmpty`, of every line ended by a line feed), in order. The line feeds are found eight
    /// bytes at a time, every one in a word (`ByteWord.zeroBytes`).
    static func forEachLine<Failure: Error>(
        in bytes: Span<UInt8>, includingEmpty: Bool = false,
        _ body: (_ number: Int, _ start: Int, _ end: Int) throws(Failure) -> Void
    ) throws(Failure) {
        let count = bytes.count
        let feed = ByteWord.ones &* 0x0A
        var number = 0
        var start = 0
        var wordStart = 0
        while wordStart < count {
            // The top bit of each byte of the word that is a line feed; the last few bytes one by one.
            var feeds: UInt64 = 0
            if wordStart + 8 <= count {
                feeds = ByteWord.zeroBytes(ByteWord.load(bytes.bytes, at: wordStart) ^ feed)
            } else {
                for index in wordStart..<count where bytes[index] == 0x0A {
                    feeds |= 0x80 &<< UInt64(8 * (index - wordStart))
                }
            }
            while feeds != 0 {
                let end = wordStart + feeds.trailingZeroBitCount / 8
                feeds &= feeds &- 1
                number += 1
                if includingEmpty || (start < end && bytes[start] != 0x23) {  // not blank, not a # comment
                    try body(number, start, end)
                }
                start = end + 1
            }
            wordStart += 8
        }
        // A last line without a line feed.
        if start < count && !includingEmpty && bytes[start] != 0x23 {
            try body(number + 1, start, count)
        }
    }
}
