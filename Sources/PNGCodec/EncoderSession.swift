import CPNG
import Foundation

/// One CPNG encoding session; owns the C handle and frees it on deinit.
struct EncoderSession: ~Copyable {
    private let handle: OpaquePointer

    /// The corresponding C function is `cpng_encoder_create`.
    init(width: Int, height: Int, format: Bitmap.PixelFormat) throws(ImageError) {
        guard
            let handle = cpng_encoder_create(
                UInt32(width), UInt32(height), Int32(format.channels.count), Int32(format.bitDepth.rawValue))
        else {
            throw ImageError(.outOfMemory, "out of memory creating a libpng encoder")
        }
        self.handle = handle
    }

    /// A session for a reduced layout: its colour type, bit depth and palette. The corresponding C functions are
    /// `cpng_encoder_create`, `cpng_encoder_set_layout` and `cpng_encoder_set_palette`.
    init(width: Int, height: Int, reduction: PNGReduction) throws(ImageError) {
        guard let handle = cpng_encoder_create(UInt32(width), UInt32(height), 1, 8) else {
            throw ImageError(.outOfMemory, "out of memory creating a libpng encoder")
        }
        var status = cpng_encoder_set_layout(
            handle, reduction.colorType, Int32(reduction.bitDepth), Int32(reduction.samplesPerPixel))
        if status == CPNG_OK, reduction.colorType == 3 {
            status = reduction.palette.withUnsafeBufferPointer { palette in
                reduction.paletteAlpha.withUnsafeBufferPointer { alpha in
                    cpng_encoder_set_palette(
                        handle, palette.baseAddress, Int32(palette.count / 3), alpha.baseAddress, Int32(alpha.count))
                }
            }
        }
        guard status == CPNG_OK else {
            cpng_encoder_destroy(handle)
            throw ImageError(
                .invalidBitmap,
                "colour type \(reduction.colorType) at \(reduction.bitDepth) bits with \(reduction.palette.count / 3) "
                    + "palette entries is not a PNG layout")
        }
        self.handle = handle
    }

    deinit {
        cpng_encoder_destroy(handle)
    }

    /// Queues a serialised ancillary chunk. The corresponding C function is `cpng_encoder_add_chunk`.
    func addChunk(type: String, data: Data) throws(ImageError) {
        let typeBytes = Array(type.utf8).map { CChar(bitPattern: $0) }
        let status = data.withUnsafeBytes { raw in
            cpng_encoder_add_chunk(handle, typeBytes, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
        }
        guard status == CPNG_OK else {
            throw ImageError(.outOfMemory, "out of memory queueing chunk \(type)", chunk: type)
        }
    }

    /// Encodes the image and returns the PNG. The corresponding C functions are `cpng_encoder_write` and
    /// `cpng_encoder_take_output`.
    func write(_ pixels: UnsafeRawBufferPointer, stride: Int, options: PNGEncoder.Options) throws(ImageError) -> Data {
        var cOptions = options.cValue
        let status = cpng_encoder_write(
            handle, &cOptions, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), stride)
        guard status == CPNG_OK else {
            let message = String(cString: cpng_encoder_message(handle))
            let code: ImageError.Code = status == CPNG_OUT_OF_MEMORY ? .outOfMemory : .libpng
            throw ImageError(code, "libpng could not encode the image: \(message)")
        }
        var length = 0
        guard let output = cpng_encoder_take_output(handle, &length) else {
            throw ImageError(.libpng, "libpng produced no output")
        }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }
}

extension PNGEncoder.Options {
    /// The options as CPNG takes them.
    var cValue: cpng_encode_options {
        cpng_encode_options(
            level: Int32(compressionLevel), strategy: strategy.cValue, filters: Int32(filters.rawValue),
            filter_choice: filterChoice.cValue, interlace: isInterlaced ? 1 : 0, memory_level: memoryLevel,
            idat_size: SlicedEncoder.idatSize)
    }
}

extension PNGEncoder.Strategy {
    var cValue: cpng_strategy {
        switch self {
        case .default: CPNG_STRATEGY_DEFAULT
        case .filtered: CPNG_STRATEGY_FILTERED
        case .huffmanOnly: CPNG_STRATEGY_HUFFMAN_ONLY
        case .rle: CPNG_STRATEGY_RLE
        case .fixed: CPNG_STRATEGY_FIXED
        }
    }
}

extension PNGEncoder.FilterChoice {
    var cValue: cpng_filter_choice {
        switch self {
        case .minimumSumOfAbsoluteDifferences: CPNG_FILTER_CHOICE_HEURISTIC
        case .trialCompression: CPNG_FILTER_CHOICE_TRIAL
        }
    }
}
