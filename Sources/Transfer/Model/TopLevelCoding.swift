import Foundation

/// An encoder that turns a whole `Encodable` value into one output, such as `JSONEncoder` or `PropertyListEncoder`.
///
/// The same shape as Combine's `TopLevelEncoder`, which does not exist on Linux; ``CodableRepresentation`` takes any
/// conforming encoder whose `Output` is `Data`.
public protocol TopLevelEncoder {
    /// What the encoder produces.
    associatedtype Output

    /// Encodes a value.
    ///
    /// - Parameter value: the value.
    /// - Returns: the encoded value.
    /// - Throws: the encoder's error when the value cannot be encoded.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A decoder that makes a whole `Decodable` value from one input, such as `JSONDecoder` or `PropertyListDecoder`.
///
/// The same shape as Combine's `TopLevelDecoder`, which does not exist on Linux; ``CodableRepresentation`` takes any
/// conforming decoder whose `Input` is `Data`.
public protocol TopLevelDecoder {
    /// What the decoder reads.
    associatedtype Input

    /// Decodes a value.
    ///
    /// - Parameters:
    ///   - type: the type of the value.
    ///   - from: the encoded value.
    /// - Returns: the value.
    /// - Throws: the decoder's error when the input does not hold such a value.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

extension JSONEncoder: TopLevelEncoder {}
extension JSONDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}
