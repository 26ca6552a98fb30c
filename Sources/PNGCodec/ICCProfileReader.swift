import Foundation

/// Reads what ``Bitmap/convertedToSRGB()`` needs from an ICC profile: a matrix/TRC description (colorants
/// and tone curves, as in most RGB and gray display profiles). Profiles built on lookup tables (A2B0 …)
/// or on a Lab connection space are not understood; the caller then falls back to gAMA and cHRM.
struct ICCProfileReader {
    /// How a matrix/TRC profile turns device values into the D50 connection space.
    struct MatrixTRC {
        /// Tone curves: one for gray, three (red, green, blue) for RGB.
        var curves: [ToneCurve]
        /// Device RGB (linear) to XYZ D50; `nil` for gray.
        var matrix: Matrix3?
    }

    /// A tone curve: encoded device value 0…1 to linear 0…1.
    enum ToneCurve {
        case gamma(Double)
        case table([Double])
        /// ICC parametric curve types 0…4 with their parameters g, a, b, c, d, e, f.
        case parametric(type: Int, parameters: [Double])

        func linear(_ value: Double) -> Double {
            switch self {
            case .gamma(let gamma):
                return pow(value, gamma)
            case .table(let table):
                let position = value * Double(table.count - 1)
                let index = min(Int(position), table.count - 2)
                let fraction = position - Double(index)
                return table[index] * (1 - fraction) + table[index + 1] * fraction
            case .parametric(let type, let p):
                let g = p[0]
                switch type {
                case 1: return value >= -p[2] / p[1] ? pow(p[1] * value + p[2], g) : 0
                case 2: return value >= -p[2] / p[1] ? pow(p[1] * value + p[2], g) + p[3] : p[3]
                case 3: return value >= p[4] ? pow(p[1] * value + p[2], g) : p[3] * value
                case 4: return value >= p[4] ? pow(p[1] * value + p[2], g) + p[5] : p[3] * value + p[6]
                default: return pow(value, g)
                }
            }
        }
    }

    let data: Data

    /// The matrix/TRC description, or `nil` when the profile is malformed, uses lookup tables, or its colour
    /// space is not `expected` ("RGB " or "GRAY").
    func matrixTRC(colorSpace expected: String) -> MatrixTRC? {
        let bytes = [UInt8](data)
        guard bytes.count >= 132, signature(bytes, 36) == "acsp", signature(bytes, 16) == expected,
            signature(bytes, 20) == "XYZ "
        else {
            return nil
        }
        let tagCount = Int(uint32(bytes, 128))
        guard tagCount <= (bytes.count - 132) / 12 else {
            return nil
        }
        var tags: [String: ArraySlice<UInt8>] = [:]
        for index in 0..<tagCount {
            let entry = 132 + index * 12
            let offset = Int(uint32(bytes, entry + 4))
            let size = Int(uint32(bytes, entry + 8))
            guard offset >= 0, size >= 8, offset <= bytes.count - size else {
                return nil
            }
            tags[signature(bytes, entry)] = bytes[offset..<offset + size]
        }
        if expected == "GRAY" {
            guard let curve = tags["kTRC"].flatMap(toneCurve) else {
                return nil
            }
            return MatrixTRC(curves: [curve], matrix: nil)
        }
        guard let red = tags["rXYZ"].flatMap(xyz), let green = tags["gXYZ"].flatMap(xyz),
            let blue = tags["bXYZ"].flatMap(xyz), let redCurve = tags["rTRC"].flatMap(toneCurve),
            let greenCurve = tags["gTRC"].flatMap(toneCurve), let blueCurve = tags["bTRC"].flatMap(toneCurve)
        else {
            return nil
        }
        return MatrixTRC(curves: [redCurve, greenCurve, blueCurve], matrix: Matrix3(columns: red, green, blue))
    }

    private func signature(_ bytes: some Collection<UInt8>, _ offset: Int) -> String {
        let start = bytes.index(bytes.startIndex, offsetBy: offset)
        return String(decoding: bytes[start..<bytes.index(start, offsetBy: 4)], as: UTF8.self)
    }

    private func uint32(_ bytes: some Collection<UInt8>, _ offset: Int) -> UInt32 {
        let start = bytes.index(bytes.startIndex, offsetBy: offset)
        return bytes[start..<bytes.index(start, offsetBy: 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private func uint16(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt16 {
        UInt16(bytes[bytes.startIndex + offset]) << 8 | UInt16(bytes[bytes.startIndex + offset + 1])
    }

    private func s15Fixed16(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> Double {
        Double(Int32(bitPattern: uint32(bytes, offset))) / 65536
    }

    private func xyz(_ tag: ArraySlice<UInt8>) -> SIMD3<Double>? {
        guard tag.count >= 20, signature(tag, 0) == "XYZ " else {
            return nil
        }
        return SIMD3(s15Fixed16(tag, 8), s15Fixed16(tag, 12), s15Fixed16(tag, 16))
    }

    private func toneCurve(_ tag: ArraySlice<UInt8>) -> ToneCurve? {
        switch signature(tag, 0) {
        case "curv":
            guard tag.count >= 12 else {
                return nil
            }
            let count = Int(uint32(tag, 8))
            guard tag.count >= 12 + 2 * count else {
                return nil
            }
            let values = (0..<count).map { index in Double(uint16(tag, 12 + 2 * index)) }
            switch count {
            case 0: return .gamma(1)
            case 1: return .gamma(values[0] / 256)
            default: return .table(values.map { $0 / 65535 })
            }
        case "para":
            let parameterCounts = [1, 3, 4, 5, 7]
            guard tag.count >= 12 else {
                return nil
            }
            let type = Int(uint16(tag, 8))
            guard type < parameterCounts.count, tag.count >= 12 + 4 * parameterCounts[type] else {
                return nil
            }
            let parameters = (0..<parameterCounts[type]).map { s15Fixed16(tag, 12 + 4 * $0) }
            guard type == 0 || parameters[1] != 0 else {
                return nil
            }
            return .parametric(type: type, parameters: parameters)
        default:
            return nil
        }
    }
}
