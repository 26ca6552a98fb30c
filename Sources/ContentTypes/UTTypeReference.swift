import Foundation

/// A type of data as an object: the reference counterpart of ``UTType``, as Apple's `UTTypeReference` (the class
/// Objective-C calls `UTType`) is.
///
/// `UTType` is `ReferenceConvertible` with this class as its ``UTType/ReferenceType``, as on Apple's platforms, so
/// APIs that take `NSObject`s can hold a type. A reference wraps one `UTType` value and answers every question the
/// way that value does; it never changes.
///
/// Swift on Linux has no Objective-C bridging, so `as` does not convert between the two: write
/// `UTTypeReference(type)` for `type as UTTypeReference`, and `reference.utType` for `reference as UTType`.
///
/// Apple's class answers `version` as an `NSNumber` and `tags` keyed by tag-class strings, as Objective-C sees them;
/// so does this one.
public final class UTTypeReference: NSObject, NSCopying, @unchecked Sendable {
    // Sendable: the only stored property is an immutable `UTType`, which is Sendable; NSObject is not marked so.

    /// The value this reference wraps: what `reference as UTType` gives on Apple's platforms.
    public var utType: UTType { type }

    let type: UTType

    /// A reference to a type: what `type as UTTypeReference` gives on Apple's platforms.
    ///
    /// - Parameter type: the type.
    public init(_ type: UTType) {
        self.type = type
        super.init()
    }

    // MARK: Creating a type

    /// The declared or dynamic type with an identifier; see ``UTType/init(_:)``.
    ///
    /// - Parameter identifier: the identifier.
    public convenience init?(_ identifier: String) {
        guard let type = UTType(identifier) else {
            return nil
        }
        self.init(type)
    }

    /// The preferred type for a filename extension, among types that conform to `public.data`.
    ///
    /// - Parameter filenameExtension: the extension, without its period.
    public convenience init?(filenameExtension: String) {
        self.init(filenameExtension: filenameExtension, conformingTo: .data)
    }

    /// The preferred type for a filename extension that conforms to `supertype`; see
    /// ``UTType/init(filenameExtension:conformingTo:)``.
    ///
    /// - Parameters:
    ///   - filenameExtension: the extension, without its period.
    ///   - supertype: a type the result must conform to.
    public convenience init?(filenameExtension: String, conformingTo supertype: UTType) {
        guard let type = UTType(filenameExtension: filenameExtension, conformingTo: supertype) else {
            return nil
        }
        self.init(type)
    }

    /// The preferred type for a MIME type, among types that conform to `public.data`.
    ///
    /// - Parameter mimeType: the MIME type.
    public convenience init?(mimeType: String) {
        self.init(mimeType: mimeType, conformingTo: .data)
    }

    /// The preferred type for a MIME type that conforms to `supertype`; see ``UTType/init(mimeType:conformingTo:)``.
    ///
    /// - Parameters:
    ///   - mimeType: the MIME type.
    ///   - supertype: a type the result must conform to.
    public convenience init?(mimeType: String, conformingTo supertype: UTType) {
        guard let type = UTType(mimeType: mimeType, conformingTo: supertype) else {
            return nil
        }
        self.init(type)
    }

    /// The preferred type for a tag of a tag class given by its identifier; see
    /// ``UTType/init(tag:tagClass:conformingTo:)``.
    ///
    /// - Parameters:
    ///   - tag: the tag.
    ///   - tagClass: the tag class's identifier, such as `public.mime-type`.
    ///   - conformingToType: a type the result must conform to, or `nil` for any.
    public convenience init?(tag: String, tagClass: String, conformingToType: UTType?) {
        guard let type = UTType(tag: tag, tagClass: UTTagClass(rawValue: tagClass), conformingTo: conformingToType)
        else {
            return nil
        }
        self.init(type)
    }

    /// Every type with a tag of a tag class, preferred first; see ``UTType/types(tag:tagClass:conformingTo:)``.
    ///
    /// - Parameters:
    ///   - tag: the tag.
    ///   - tagClass: the tag class's identifier.
    ///   - supertype: a type the results must conform to, or `nil` for any.
    /// - Returns: the types.
    public static func types(tag: String, tagClass: String, conformingTo supertype: UTType?) -> [UTType] {
        UTType.types(tag: tag, tagClass: UTTagClass(rawValue: tagClass), conformingTo: supertype)
    }

    /// A type the program owns; see ``UTType/init(exportedAs:conformingTo:)``.
    ///
    /// - Parameter identifier: the identifier.
    public convenience init(exportedAs identifier: String) {
        self.init(UTType(exportedAs: identifier))
    }

    /// A type the program owns, conforming to `parentType` when nobody declares it.
    ///
    /// - Parameters:
    ///   - identifier: the identifier.
    ///   - parentType: the type it conforms to when undeclared.
    public convenience init(exportedAs identifier: String, conformingTo parentType: UTType) {
        self.init(UTType(exportedAs: identifier, conformingTo: parentType))
    }

    /// A type the program uses but does not own; see ``UTType/init(importedAs:conformingTo:)``.
    ///
    /// - Parameter identifier: the identifier.
    public convenience init(importedAs identifier: String) {
        self.init(UTType(importedAs: identifier))
    }

    /// A type the program uses but does not own, conforming to `parentType` when nobody declares it.
    ///
    /// - Parameters:
    ///   - identifier: the identifier.
    ///   - parentType: the type it conforms to when undeclared.
    public convenience init(importedAs identifier: String, conformingTo parentType: UTType) {
        self.init(UTType(importedAs: identifier, conformingTo: parentType))
    }

    // MARK: Properties

    /// The identifier.
    public var identifier: String { type.identifier }

    /// The preferred filename extension, without its period.
    public var preferredFilenameExtension: String? { type.preferredFilenameExtension }

    /// The preferred MIME type.
    public var preferredMIMEType: String? { type.preferredMIMEType }

    /// A description for people.
    public var localizedDescription: String? { type.localizedDescription }

    /// The version of the type's declaration, as Objective-C's `NSNumber`.
    public var version: NSNumber? { type.version.map { NSNumber(value: $0) } }

    /// A web page describing the type.
    public var referenceURL: URL? { type.referenceURL }

    /// Whether the type is dynamic.
    public var isDynamic: Bool { type.isDynamic }

    /// Whether the registry declares the type.
    public var isDeclared: Bool { type.isDeclared }

    /// Whether the identifier is in the `public.` domain.
    public var isPublic: Bool { type.isPublic }

    /// Every tag, keyed by the tag class's identifier, preferred first.
    public var tags: [String: [String]] {
        Dictionary(uniqueKeysWithValues: type.tags.map { ($0.key.rawValue, $0.value) })
    }

    /// Every type this type conforms to, not including itself.
    public var supertypes: Set<UTType> { type.supertypes }

    // MARK: Conformance

    /// Whether this type is `type` or conforms to it.
    ///
    /// - Parameter type: the candidate supertype.
    /// - Returns: whether this type conforms.
    public func conforms(to type: UTType) -> Bool { self.type.conforms(to: type) }

    /// Whether `type` conforms to this type and is not it.
    ///
    /// - Parameter type: the candidate subtype.
    /// - Returns: whether this type is a strict supertype of `type`.
    public func isSupertype(of type: UTType) -> Bool { self.type.isSupertype(of: type) }

    /// Whether this type conforms to `type` and is not it.
    ///
    /// - Parameter type: the candidate supertype.
    /// - Returns: whether this type is a strict subtype of `type`.
    public func isSubtype(of type: UTType) -> Bool { self.type.isSubtype(of: type) }

    // MARK: NSObject

    /// Whether `object` is a reference to the same type.
    ///
    /// - Parameter object: the other object.
    /// - Returns: whether both name the same type.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UTTypeReference)?.type == type
    }

    /// The type's hash.
    public override var hash: Int { type.hashValue }

    /// The identifier.
    public override var description: String { type.description }

    /// The identifier and the description.
    public override var debugDescription: String { type.debugDescription }

    /// This object: a reference never changes, so a copy is itself.
    ///
    /// - Parameter zone: ignored.
    /// - Returns: this object.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension UTType: ReferenceConvertible {
    /// The reference type a `UTType` converts to and from with `as`.
    public typealias ReferenceType = UTTypeReference

    /// A reference to this type.
    ///
    /// - Returns: the reference.
    public func _bridgeToObjectiveC() -> UTTypeReference {
        UTTypeReference(self)
    }

    /// The type a reference wraps.
    ///
    /// - Parameters:
    ///   - source: the reference.
    ///   - result: receives the type.
    public static func _forceBridgeFromObjectiveC(_ source: UTTypeReference, result: inout UTType?) {
        result = source.type
    }

    /// The type a reference wraps; always succeeds.
    ///
    /// - Parameters:
    ///   - source: the reference.
    ///   - result: receives the type.
    /// - Returns: `true`.
    public static func _conditionallyBridgeFromObjectiveC(_ source: UTTypeReference, result: inout UTType?) -> Bool {
        result = source.type
        return true
    }

    /// The type a reference wraps, or `public.data` for no reference.
    ///
    /// - Parameter source: the reference.
    /// - Returns: the type.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: UTTypeReference?) -> UTType {
        source?.type ?? .data
    }
}

// The initialisers Objective-C code knows `UTType`'s class by (`+typeWithIdentifier:`, `+typeWithMIMEType:`, …), as
// Swift names them on Apple's platforms.
extension UTTypeReference {
    /// The declared or dynamic type with an identifier, as Objective-C's `+typeWithIdentifier:`; see
    /// ``init(_:)-(String)``.
    ///
    /// - Parameter identifier: the identifier.
    public convenience init?(identifier: String) {
        self.init(identifier)
    }

    /// The preferred type for a MIME type among types that conform to `public.data`, as Objective-C's
    /// `+typeWithMIMEType:`.
    ///
    /// - Parameter MIMEType: the MIME type.
    public convenience init?(MIMEType: String) {
        self.init(mimeType: MIMEType, conformingTo: .data)
    }

    /// The preferred type for a MIME type that conforms to `supertype`, as Objective-C's
    /// `+typeWithMIMEType:conformingToType:`.
    ///
    /// - Parameters:
    ///   - MIMEType: the MIME type.
    ///   - supertype: a type the result must conform to.
    public convenience init?(MIMEType: String, conformingToType supertype: UTType) {
        self.init(mimeType: MIMEType, conformingTo: supertype)
    }

    /// The preferred type for a filename extension that conforms to `supertype`, as Objective-C's
    /// `+typeWithFilenameExtension:conformingToType:`.
    ///
    /// - Parameters:
    ///   - filenameExtension: the extension, without its period.
    ///   - supertype: a type the result must conform to.
    public convenience init?(filenameExtension: String, conformingToType supertype: UTType) {
        self.init(filenameExtension: filenameExtension, conformingTo: supertype)
    }
}

// Archiving, as Apple's class adopts `NSSecureCoding`: a reference is archived as its identifier, and unarchived as
// the type the registry of the unarchiving process knows by that identifier (an undeclared one keeps it).
extension UTTypeReference: NSSecureCoding {
    /// True: a reference decodes only a string.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type's identifier under the key `identifier`.
    ///
    /// - Parameter coder: the archiver.
    public func encode(with coder: NSCoder) {
        coder.encode(type.identifier as NSString, forKey: "identifier")
    }

    /// Unarchives a reference from its identifier; nil when the archive holds no well-formed identifier.
    ///
    /// - Parameter coder: the unarchiver.
    public convenience init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier") as String?,
            let type = UTType(identifier: identifier, allowUndeclared: true)
        else { return nil }
        self.init(type)
    }
}
