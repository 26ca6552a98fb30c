import Rendering

/// Says once, on standard error, when pictures cannot use the outline font (no DejaVu Sans or other sans-serif font
/// that fontconfig finds) and fall back to the built-in ASCII font, which draws other letters as boxes.
enum FontNotice {
    /// Prints the reason the first time it is called in a process whose standard typeface fell back; call it before
    /// drawing a picture.
    static func warnIfFallingBack() {
        _ = once
    }

    /// Runs once, the first time it is read (a static property's initialiser runs exactly once).
    private static let once: Void = {
        guard let reason = Typeface.standard.fallbackReason else { return }
        StandardError.write(
            "dnd-sim: warning: pictures use the built-in ASCII font: \(reason.message) (Debian: fonts-dejavu-core)")
    }()
}
