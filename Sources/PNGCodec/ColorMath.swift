import Foundation

/// The colour arithmetic of ``Bitmap/convertedToSRGB()``: 3x3 matrices, white points, transfer curves.
struct Matrix3: Equatable {
    /// Rows.
    var rows: [SIMD3<Double>]

    static let identity = Matrix3(rows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])

    /// The matrix whose columns are `a`, `b`, `c`.
    init(columns a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>) {
        rows = [SIMD3(a.x, b.x, c.x), SIMD3(a.y, b.y, c.y), SIMD3(a.z, b.z, c.z)]
    }

    init(rows: [SIMD3<Double>]) {
        self.rows = rows
    }

    static func * (matrix: Matrix3, vector: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            (matrix.rows[0] * vector).sum(), (matrix.rows[1] * vector).sum(), (matrix.rows[2] * vector).sum())
    }

    static func * (left: Matrix3, right: Matrix3) -> Matrix3 {
        let columns = (0..<3).map { index in
            left * SIMD3(right.rows[0][index], right.rows[1][index], right.rows[2][index])
        }
        return Matrix3(columns: columns[0], columns[1], columns[2])
    }

    /// The inverse, or `nil` when the matrix is singular.
    var inverse: Matrix3? {
        let (a, b, c) = (rows[0], rows[1], rows[2])
        let cofactor0 = SIMD3(b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x)
        let determinant = (a * cofactor0).sum()
        guard abs(determinant) > 1e-12, determinant.isFinite else {
            return nil
        }
        let cofactor1 = SIMD3(a.z * c.y - a.y * c.z, a.x * c.z - a.z * c.x, a.y * c.x - a.x * c.y)
        let cofactor2 = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        // The inverse's columns are the cofactor rows (transposed adjugate) over the determinant.
        return Matrix3(columns: cofactor0 / determinant, cofactor1 / determinant, cofactor2 / determinant)
    }
}

enum ColorMath {
    /// CIE XYZ (Y = 1) of a chromaticity.
    static func xyz(_ point: PNGMetadata.Chromaticity) -> SIMD3<Double> {
        SIMD3(point.x / point.y, 1, (1 - point.x - point.y) / point.y)
    }

    /// The D50 white of ICC profiles' connection space.
    static let d50 = SIMD3<Double>(0.9642, 1, 0.8249)

    /// The sRGB white (D65 as the PNG specification writes it).
    static let d65 = xyz(PNGMetadata.Chromaticities.sRGB.white)

    /// The matrix taking linear RGB in the space of `chromaticities` to XYZ, or `nil` when they describe no
    /// usable space (a primary with y = 0, collinear primaries).
    static func rgbToXYZ(_ chromaticities: PNGMetadata.Chromaticities) -> Matrix3? {
        let points = [chromaticities.red, chromaticities.green, chromaticities.blue, chromaticities.white]
        guard points.allSatisfy({ $0.y > 0 && $0.x >= 0 && $0.x + $0.y <= 1 }) else {
            return nil
        }
        let primaries = Matrix3(
            columns: xyz(chromaticities.red), xyz(chromaticities.green), xyz(chromaticities.blue))
        guard let inverse = primaries.inverse else {
            return nil
        }
        let scale = inverse * xyz(chromaticities.white)
        return Matrix3(
            columns: xyz(chromaticities.red) * scale.x, xyz(chromaticities.green) * scale.y,
            xyz(chromaticities.blue) * scale.z)
    }

    /// Bradford chromatic adaptation from one white to another.
    static func adaptation(from source: SIMD3<Double>, to target: SIMD3<Double>) -> Matrix3 {
        let bradford = Matrix3(rows: [
            SIMD3(0.8951, 0.2664, -0.1614), SIMD3(-0.7502, 1.7135, 0.0367), SIMD3(0.0389, -0.0685, 1.0296),
        ])
        guard let inverse = bradford.inverse else {
            return .identity
        }
        let ratio = (bradford * target) / (bradford * source)
        let scale = Matrix3(rows: [SIMD3(ratio.x, 0, 0), SIMD3(0, ratio.y, 0), SIMD3(0, 0, ratio.z)])
        return inverse * scale * bradford
    }

    /// XYZ (D65) to linear sRGB.
    static let xyzToSRGB: Matrix3 = rgbToXYZ(.sRGB).flatMap(\.inverse) ?? .identity

    /// The sRGB transfer function: linear light 0…1 to the encoded value 0…1.
    static func encodeSRGB(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// The inverse of ``encodeSRGB(_:)``.
    static func decodeSRGB(_ encoded: Double) -> Double {
        encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
}
