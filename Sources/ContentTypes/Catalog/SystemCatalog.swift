// The system catalog: the types Apple's platforms declare, with Apple's identifiers, direct parents, filename
// extensions and MIME types. Facts gathered from Apple's UniformTypeIdentifiers documentation; the table is ours.
//
// Some parents are types that have no static member of their own (`public.heif-standard`, `public.aifc-audio`,
// `com.apple.m4v-video`, `com.pkware.zip-archive`, `public.stored-url`): Apple declares them, so they are here too.
//
// Roots: Apple's hierarchy has two kinds of root. Physical types reach `public.item` (through `public.data` or
// `public.directory`); functional types (`public.content`, `public.archive`, `public.message`, …) describe what a
// thing is for and may have no parent at all. `SystemCatalog.functionalRoots` lists the latter.

/// One row of the system catalog.
struct CatalogEntry: Sendable {
    let identifier: String
    let description: String
    let conformsTo: [String]
    let filenameExtensions: [String]
    let mimeTypes: [String]

    init(
        _ identifier: String,
        _ description: String,
        _ conformsTo: [String],
        extensions: [String] = [],
        mime: [String] = []
    ) {
        self.identifier = identifier
        self.description = description
        self.conformsTo = conformsTo
        self.filenameExtensions = extensions
        self.mimeTypes = mime
    }
}

enum SystemCatalog {
    /// Types without parents by Apple's design: the roots of the functional hierarchy.
    static let functionalRoots: Set<String> = [
        "public.item", "public.content", "public.archive", "public.database", "public.message", "public.contact",
        "public.to-do-item", "public.calendar-event", "public.font", "public.bookmark", "public.log",
        "public.playlist", "public.disk-image", "com.apple.resolvable", "com.apple.live-photo", "public.stored-url",
    ]

    static let entries: [CatalogEntry] = [
        // Base types
        .init("public.item", "item", []),
        .init("public.content", "content", []),
        .init("public.composite-content", "composite content", ["public.content"]),
        .init("public.data", "data", ["public.item"]),
        .init("public.directory", "directory", ["public.item"]),
        .init("com.apple.resolvable", "resolvable", []),
        .init("public.symlink", "symbolic link", ["public.item", "com.apple.resolvable"]),
        .init("public.executable", "executable", ["public.item"]),
        .init("com.apple.mount-point", "mount point", ["public.item", "com.apple.resolvable"]),
        .init("com.apple.alias-file", "alias", ["public.data", "com.apple.resolvable"]),
        .init("com.apple.bookmark", "bookmark data", ["public.data", "com.apple.resolvable"]),
        .init("public.url", "URL", ["public.data"]),
        .init("public.file-url", "file URL", ["public.url"]),
        .init("public.disk-image", "disk image", []),
        .init("public.folder", "folder", ["public.directory"]),
        .init("public.volume", "volume", ["public.folder"]),
        .init("com.apple.package", "package", ["public.directory"]),
        .init("com.apple.bundle", "bundle", ["public.directory"], extensions: ["bundle"]),
        .init("public.source-code", "source code", ["public.plain-text"]),
        .init("public.bookmark", "bookmark", []),
        .init("public.log", "log", []),

        // Text
        .init("public.text", "text", ["public.data", "public.content"]),
        .init("public.plain-text", "plain text", ["public.text"], extensions: ["txt", "text"], mime: ["text/plain"]),
        .init(
            "public.utf8-plain-text", "UTF-8 plain text", ["public.plain-text"], mime: ["text/plain;charset=utf-8"]
        ),
        .init("public.utf16-external-plain-text", "UTF-16 plain text (external byte order)", ["public.plain-text"]),
        .init(
            "public.utf16-plain-text", "UTF-16 plain text", ["public.plain-text"], mime: ["text/plain;charset=utf-16"]
        ),
        .init("public.delimited-values-text", "delimited values text", ["public.text"]),
        .init(
            "public.comma-separated-values-text", "comma-separated values", ["public.delimited-values-text"],
            extensions: ["csv"], mime: ["text/csv", "text/comma-separated-values"]
        ),
        .init(
            "public.tab-separated-values-text", "tab-separated values", ["public.delimited-values-text"],
            extensions: ["tsv"], mime: ["text/tab-separated-values"]
        ),
        .init(
            "public.utf8-tab-separated-values-text", "UTF-8 tab-separated values",
            ["public.tab-separated-values-text", "public.utf8-plain-text"]
        ),
        .init(
            "public.rtf", "rich text (RTF)", ["public.text"], extensions: ["rtf"],
            mime: ["text/rtf", "application/rtf"]),
        .init(
            "public.html", "HTML text", ["public.text"], extensions: ["html", "htm", "shtml", "shtm"],
            mime: ["text/html"]
        ),
        .init("public.xml", "XML text", ["public.text"], extensions: ["xml"], mime: ["application/xml", "text/xml"]),
        .init(
            "public.yaml", "YAML", ["public.text"], extensions: ["yaml", "yml"],
            mime: ["application/x-yaml", "text/yaml"]
        ),
        .init("public.json", "JSON", ["public.text"], extensions: ["json"], mime: ["application/json"]),
        .init(
            "public.geojson", "GeoJSON", ["public.json"], extensions: ["geojson"], mime: ["application/geo+json"]
        ),
        .init("public.css", "CSS style sheet", ["public.text"], extensions: ["css"], mime: ["text/css"]),
        .init(
            "net.daringfireball.markdown", "Markdown text", ["public.utf8-plain-text"],
            extensions: ["md", "markdown"], mime: ["text/markdown"]
        ),
        .init(
            "public.vcard", "vCard", ["public.text", "public.contact"], extensions: ["vcf", "vcard"],
            mime: ["text/vcard", "text/x-vcard", "text/directory"]
        ),

        // Source code and scripts
        .init("public.assembly-source", "assembly source", ["public.source-code"], extensions: ["s"]),
        .init("public.c-source", "C source", ["public.source-code"], extensions: ["c"]),
        .init("public.objective-c-source", "Objective-C source", ["public.source-code"], extensions: ["m"]),
        .init("public.swift-source", "Swift source", ["public.source-code"], extensions: ["swift"]),
        .init(
            "public.c-plus-plus-source", "C++ source", ["public.source-code"],
            extensions: ["cp", "cpp", "cxx", "cc", "c++"]
        ),
        .init(
            "public.objective-c-plus-plus-source", "Objective-C++ source", ["public.source-code"], extensions: ["mm"]
        ),
        .init("public.c-header", "C header", ["public.source-code"], extensions: ["h"]),
        .init(
            "public.c-plus-plus-header", "C++ header", ["public.source-code"],
            extensions: ["hpp", "hxx", "hh", "hp", "h++"]
        ),
        .init("public.script", "script", ["public.source-code"]),
        .init("com.apple.applescript.text", "AppleScript text", ["public.script"], extensions: ["applescript"]),
        .init(
            "com.apple.applescript.script", "compiled AppleScript", ["public.data", "public.script"],
            extensions: ["scpt"]),
        .init(
            "com.apple.applescript.script-bundle", "AppleScript bundle",
            ["com.apple.bundle", "com.apple.package", "public.script"], extensions: ["scptd"]
        ),
        .init(
            "com.netscape.javascript-source", "JavaScript source", ["public.source-code", "public.executable"],
            extensions: ["js", "jscript", "javascript"],
            mime: ["text/javascript", "application/javascript", "application/x-javascript"]
        ),
        .init(
            "public.shell-script", "shell script", ["public.script"], extensions: ["sh", "command"],
            mime: ["application/x-sh", "text/x-shellscript", "application/x-shellscript"]
        ),
        .init("public.bash-script", "Bash script", ["public.shell-script"], extensions: ["bash"]),
        .init("public.zsh-script", "Zsh script", ["public.shell-script"], extensions: ["zsh"]),
        .init("public.ksh-script", "Korn shell script", ["public.shell-script"], extensions: ["ksh"]),
        .init(
            "public.csh-script", "C shell script", ["public.shell-script"], extensions: ["csh"],
            mime: ["application/x-csh"]),
        .init("public.tcsh-script", "tcsh script", ["public.shell-script"], extensions: ["tcsh"]),
        .init(
            "public.perl-script", "Perl script", ["public.shell-script"], extensions: ["pl", "pm"],
            mime: ["text/x-perl-script"]
        ),
        .init(
            "public.python-script", "Python script", ["public.shell-script"], extensions: ["py"],
            mime: ["text/x-python-script"]
        ),
        .init(
            "public.ruby-script", "Ruby script", ["public.shell-script"], extensions: ["rb", "rbw"],
            mime: ["text/ruby-script"]
        ),
        .init(
            "public.php-script", "PHP script", ["public.shell-script"],
            extensions: ["php", "php3", "php4", "ph3", "ph4", "phtml"],
            mime: ["text/php", "text/x-php-script", "application/php"]
        ),
        .init("public.make-source", "Makefile", ["public.script"]),

        // Property lists and documents
        .init("com.apple.property-list", "property list", ["public.data"], extensions: ["plist"]),
        .init("com.apple.xml-property-list", "XML property list", ["public.xml", "com.apple.property-list"]),
        .init("com.apple.binary-property-list", "binary property list", ["com.apple.property-list"]),
        .init(
            "com.adobe.pdf", "PDF document", ["public.data", "public.composite-content"], extensions: ["pdf"],
            mime: ["application/pdf"]
        ),
        .init(
            "com.apple.rtfd", "rich text with attachments (RTFD)", ["com.apple.package", "public.composite-content"],
            extensions: ["rtfd"]),
        .init("com.apple.flat-rtfd", "flat RTFD", ["public.data", "public.composite-content"]),
        .init(
            "com.apple.webarchive", "web archive", ["public.data", "public.composite-content"],
            extensions: ["webarchive"], mime: ["application/x-webarchive"]
        ),
        .init(
            "org.idpf.epub-container", "EPUB document", ["public.data", "public.composite-content"],
            extensions: ["epub"], mime: ["application/epub+zip"]
        ),
        .init("public.spreadsheet", "spreadsheet", ["public.content"]),
        .init("public.presentation", "presentation", ["public.composite-content"]),
        .init("public.database", "database", []),

        // Images
        .init("public.image", "image", ["public.data", "public.content"]),
        .init("public.jpeg", "JPEG image", ["public.image"], extensions: ["jpeg", "jpg", "jpe"], mime: ["image/jpeg"]),
        .init("public.tiff", "TIFF image", ["public.image"], extensions: ["tiff", "tif"], mime: ["image/tiff"]),
        .init("com.compuserve.gif", "GIF image", ["public.image"], extensions: ["gif"], mime: ["image/gif"]),
        .init("public.png", "PNG image", ["public.image"], extensions: ["png"], mime: ["image/png"]),
        .init("com.apple.icns", "Apple icon image", ["public.image"], extensions: ["icns"]),
        .init(
            "com.microsoft.bmp", "Windows bitmap image", ["public.image"], extensions: ["bmp", "dib"],
            mime: ["image/bmp"]),
        .init(
            "com.microsoft.ico", "Windows icon image", ["public.image"], extensions: ["ico"],
            mime: ["image/vnd.microsoft.icon"]
        ),
        .init("public.camera-raw-image", "camera raw image", ["public.image"]),
        .init("com.adobe.raw-image", "DNG image", ["public.image"], extensions: ["dng"]),
        .init("com.ilm.openexr-image", "OpenEXR image", ["public.image"], extensions: ["exr"]),
        .init("public.jpeg-xl", "JPEG XL image", ["public.image"], extensions: ["jxl"], mime: ["image/jxl"]),
        .init(
            "public.svg-image", "SVG image", ["public.image"], extensions: ["svg", "svgz"], mime: ["image/svg+xml"]
        ),
        .init("com.apple.live-photo", "Live Photo", []),
        .init("public.heif-standard", "HEIF standard image", ["public.image"]),
        .init("public.heif", "HEIF image", ["public.heif-standard"], extensions: ["heif"], mime: ["image/heif"]),
        .init("public.heic", "HEIC image", ["public.heif-standard"], extensions: ["heic"], mime: ["image/heic"]),
        .init(
            "public.heics", "HEIC image sequence", ["public.heif-standard"], extensions: ["heics"],
            mime: ["image/heic-sequence"]
        ),
        .init("org.webmproject.webp", "WebP image", ["public.image"], extensions: ["webp"], mime: ["image/webp"]),

        // 3D content
        .init("public.3d-content", "3D content", ["public.content"]),
        .init(
            "com.pixar.universal-scene-description", "Universal Scene Description",
            ["public.3d-content", "public.data"], extensions: ["usd", "usda", "usdc"]
        ),
        .init(
            "com.pixar.universal-scene-description-mobile", "Universal Scene Description package",
            ["public.3d-content", "public.data"], extensions: ["usdz"], mime: ["model/vnd.usdz+zip"]
        ),
        .init("com.apple.reality", "Reality file", ["public.data"], extensions: ["reality"]),
        .init("com.apple.scenekit.scene", "SceneKit scene", ["public.3d-content", "public.data"], extensions: ["scn"]),
        .init("com.apple.arobject", "AR reference object", ["public.data"], extensions: ["arobject"]),

        // Audio and video
        .init("public.audiovisual-content", "audiovisual content", ["public.data", "public.content"]),
        .init("public.movie", "movie", ["public.audiovisual-content"]),
        .init("public.video", "video", ["public.movie"]),
        .init("public.audio", "audio", ["public.audiovisual-content"]),
        .init(
            "com.apple.quicktime-movie", "QuickTime movie", ["public.movie"], extensions: ["mov", "qt"],
            mime: ["video/quicktime"]
        ),
        .init(
            "public.mpeg", "MPEG movie", ["public.movie"], extensions: ["mpg", "mpeg", "m75", "m15"],
            mime: ["video/mpeg", "video/mpg"]
        ),
        .init("public.mpeg-2-video", "MPEG-2 video", ["public.video"], extensions: ["m2v"]),
        .init(
            "public.mpeg-2-transport-stream", "MPEG-2 transport stream", ["public.movie"],
            extensions: ["ts", "mts", "m2ts"], mime: ["video/mp2t"]
        ),
        .init("public.mp3", "MP3 audio", ["public.audio"], extensions: ["mp3"], mime: ["audio/mpeg", "audio/mp3"]),
        .init(
            "public.mpeg-4", "MPEG-4 movie", ["public.movie"], extensions: ["mp4", "mpeg4"],
            mime: ["video/mp4", "video/mp4v"]
        ),
        .init(
            "public.mpeg-4-audio", "MPEG-4 audio", ["public.mpeg-4", "public.audio"], extensions: ["m4a"],
            mime: ["audio/mp4", "audio/x-m4a"]
        ),
        .init("com.apple.protected-mpeg-4-audio", "protected MPEG-4 audio", ["public.audio"], extensions: ["m4p"]),
        .init("com.apple.m4v-video", "MPEG-4 video", ["public.mpeg-4"], extensions: ["m4v"], mime: ["video/x-m4v"]),
        .init("com.apple.protected-mpeg-4-video", "protected MPEG-4 video", ["com.apple.m4v-video"]),
        .init(
            "public.avi", "AVI movie", ["public.movie"], extensions: ["avi", "vfw"],
            mime: ["video/avi", "video/msvideo", "video/x-msvideo"]
        ),
        .init(
            "public.aifc-audio", "AIFF-C audio", ["public.audio"], extensions: ["aifc"],
            mime: ["audio/x-aifc", "audio/aifc"]),
        .init("public.cdda-audio", "CD audio", ["public.aiff-audio"], extensions: ["cdda"]),
        .init(
            "public.aiff-audio", "AIFF audio", ["public.aifc-audio"], extensions: ["aiff", "aif"],
            mime: ["audio/aiff", "audio/x-aiff"]
        ),
        .init(
            "com.microsoft.waveform-audio", "Waveform audio", ["public.audio"], extensions: ["wav", "wave"],
            mime: ["audio/vnd.wave", "audio/wav", "audio/wave", "audio/x-wav"]
        ),
        .init(
            "public.midi-audio", "MIDI audio", ["public.audio"], extensions: ["mid", "midi", "smf", "kar"],
            mime: ["audio/midi", "audio/x-midi"]
        ),
        .init("public.playlist", "playlist", []),
        .init(
            "public.m3u-playlist", "M3U playlist", ["public.text", "public.playlist"], extensions: ["m3u", "m3u8"],
            mime: ["audio/mpegurl", "audio/x-mpegurl", "application/x-mpegurl", "application/vnd.apple.mpegurl"]
        ),

        // Bundles, applications, executables
        .init("com.apple.plugin", "plug-in", ["com.apple.bundle", "com.apple.package"], extensions: ["plugin"]),
        .init("com.apple.metadata-importer", "Spotlight importer", ["com.apple.plugin"], extensions: ["mdimporter"]),
        .init(
            "com.apple.quicklook-generator", "Quick Look generator", ["com.apple.plugin"],
            extensions: ["qlgenerator"]
        ),
        .init("com.apple.xpc-service", "XPC service", ["com.apple.bundle", "com.apple.package"], extensions: ["xpc"]),
        .init("com.apple.framework", "framework", ["com.apple.bundle"], extensions: ["framework"]),
        .init("com.apple.application", "application", ["public.executable"]),
        .init(
            "com.apple.application-bundle", "application bundle",
            ["com.apple.application", "com.apple.bundle", "com.apple.package"], extensions: ["app"]
        ),
        .init(
            "com.apple.application-and-system-extension", "app extension", ["com.apple.xpc-service"],
            extensions: ["appex"]
        ),
        .init("public.unix-executable", "Unix executable", ["public.data", "public.executable"]),
        .init(
            "com.microsoft.windows-executable", "Windows executable", ["public.data", "public.executable"],
            extensions: ["exe"],
            mime: [
                "application/x-msdownload", "application/vnd.microsoft.portable-executable", "application/x-dosexec",
            ]
        ),
        .init(
            "com.microsoft.windows-dynamic-link-library", "Windows dynamic link library",
            ["public.data", "public.executable"], extensions: ["dll"]
        ),
        .init(
            "com.apple.systempreference.prefpane", "System Preferences pane",
            ["com.apple.package", "com.apple.bundle"], extensions: ["prefPane"]
        ),

        // Archives
        .init("public.archive", "archive", []),
        .init(
            "org.gnu.gnu-zip-archive", "gzip archive", ["public.data", "public.archive"], extensions: ["gz", "gzip"],
            mime: ["application/gzip", "application/x-gzip"]
        ),
        .init(
            "public.bzip2-archive", "bzip2 archive", ["public.data", "public.archive"], extensions: ["bz2", "bz"],
            mime: ["application/x-bzip2"]
        ),
        .init(
            "public.zip-archive", "zip archive", ["com.pkware.zip-archive"], extensions: ["zip"],
            mime: ["application/zip", "application/x-zip-compressed"]
        ),
        .init(
            "com.pkware.zip-archive", "PKZip archive", ["public.data", "public.archive"], extensions: ["zip"],
            mime: ["application/zip"]
        ),
        .init("com.apple.archive", "Apple archive", ["public.data", "public.archive"], extensions: ["aar"]),
        .init(
            "public.tar-archive", "tar archive", ["org.gnu.gnu-tar-archive"], extensions: ["tar"],
            mime: ["application/x-tar", "application/tar"]
        ),
        .init(
            "org.gnu.gnu-tar-archive", "GNU tar archive", ["public.data", "public.archive"], extensions: ["gtar"],
            mime: ["application/x-gtar"]
        ),
        .init(
            "org.gnu.gnu-zip-tar-archive", "gzip tar archive", ["org.gnu.gnu-zip-archive"],
            extensions: ["tgz", "tar.gz"], mime: ["application/x-compressed-tar", "application/x-gtar-compressed"]
        ),
        .init(
            "org.tukaani.xz-archive", "xz archive", ["public.data", "public.archive"], extensions: ["xz"],
            mime: ["application/x-xz"]
        ),
        .init(
            "org.tukaani.xz-tar-archive", "xz tar archive", ["org.tukaani.xz-archive"],
            extensions: ["txz", "tar.xz"], mime: ["application/x-xz-compressed-tar"]
        ),
        .init(
            "public.cpio-archive", "CPIO archive", ["public.data", "public.archive"], extensions: ["cpio", "pax"],
            mime: ["application/x-cpio"]
        ),
        .init(
            "com.sun.java-archive", "Java archive", ["public.zip-archive", "public.executable"],
            extensions: ["jar"], mime: ["application/java-archive", "application/x-java-archive"]
        ),
        .init("com.apple.binhex-archive", "BinHex archive", ["public.data", "public.archive"], extensions: ["hqx"]),
        .init(
            "com.apple.macbinary-archive", "MacBinary archive", ["public.data", "public.archive"]),
        .init(
            "com.allume.stuffit-archive", "StuffIt archive", ["public.data", "public.archive"],
            extensions: ["sit", "sitx"]
        ),

        // Messages, contacts, calendars, internet
        .init("public.message", "message", []),
        .init("public.contact", "contact", []),
        .init("public.to-do-item", "to-do item", []),
        .init("public.calendar-event", "calendar event", []),
        .init("public.email-message", "email message", ["public.message"]),
        .init("public.stored-url", "stored URL", []),
        .init("com.apple.internet-location", "internet location", ["public.data", "public.stored-url"]),
        .init(
            "com.microsoft.internet-shortcut", "internet shortcut", ["public.data", "public.stored-url"],
            extensions: ["url"]
        ),
        .init("public.font", "font", []),
        .init("public.truetype-font", "TrueType font", ["public.font", "public.data"]),
        .init(
            "public.truetype-ttf-font", "TrueType font file", ["public.truetype-font"], extensions: ["ttf"],
            mime: ["font/ttf", "font/sfnt", "application/x-font-ttf"]
        ),
        .init(
            "public.truetype-collection-font", "TrueType collection font", ["public.truetype-font"],
            extensions: ["ttc"], mime: ["font/collection", "application/x-font-ttc"]
        ),
        .init(
            "com.apple.truetype-datafork-suitcase-font", "TrueType data fork font", ["public.truetype-font"],
            extensions: ["dfont"]
        ),
        .init(
            "public.opentype-font", "OpenType font", ["public.font", "public.data"], extensions: ["otf"],
            mime: ["font/otf", "application/x-font-otf"]
        ),
        .init(
            "public.opentype-collection-font", "OpenType collection font", ["public.opentype-font"],
            extensions: ["otc"]
        ),
        .init("com.adobe.postscript-font", "PostScript font", ["public.font", "public.data"]),
        .init(
            "com.adobe.postscript-pfb-font", "PostScript Type 1 font (binary)", ["com.adobe.postscript-font"],
            extensions: ["pfb"], mime: ["application/x-font-type1"]
        ),
        .init(
            "com.adobe.postscript.pfa-font", "PostScript Type 1 font (ASCII)", ["com.adobe.postscript-font"],
            extensions: ["pfa"]
        ),
        .init("com.adobe.postscript-lwfn-font", "PostScript Type 1 outline font", ["com.adobe.postscript-font"]),
        .init("com.apple.font-suitcase", "font suitcase", ["public.font", "public.data"], extensions: ["suit"]),
        .init("org.w3.woff", "WOFF font", ["public.font", "public.data"], extensions: ["woff"], mime: ["font/woff"]),
        .init(
            "org.w3.woff2", "WOFF2 font", ["public.font", "public.data"], extensions: ["woff2"], mime: ["font/woff2"]
        ),

        // Cryptography
        .init(
            "com.rsa.pkcs-12", "PKCS #12 archive", ["public.data"], extensions: ["p12", "pfx"],
            mime: ["application/x-pkcs12"]
        ),
        .init(
            "public.x509-certificate", "X.509 certificate", ["public.data"],
            extensions: ["cer", "crt", "der", "pem", "cert"],
            mime: ["application/pkix-cert", "application/x-x509-ca-cert", "application/x-x509-user-cert"]
        ),
        // Apple's other system-declared types: the types of Apple's "System-Declared Uniform Type Identifiers"
        // reference and of its newer constants that have no row above.
        .init(
            "com.apple.traditional-mac-plain-text", "Mac OS Roman plain text", ["public.plain-text"]
        ),
        .init("com.apple.ink.inktext", "Ink text", ["public.data"]),
        .init("public.url-name", "URL name", ["public.utf8-plain-text"]),
        .init("public.case-insensitive-text", "case-insensitive text", ["public.text"]),
        .init("public.filename-extension", "filename extension", ["public.case-insensitive-text"]),
        .init("public.mime-type", "MIME type", ["public.case-insensitive-text"]),
        .init("com.apple.ostype", "four-character code", ["public.text"]),
        .init("com.apple.nspboard-type", "pasteboard type", ["public.text"]),
        .init("com.apple.alias-record", "alias data", ["public.data", "com.apple.resolvable"]),
        .init("com.sun.java-source", "Java source", ["public.source-code"], extensions: ["java", "jav"]),
        .init("com.apple.rez-source", "Rez source", ["public.source-code"]),
        .init("public.mig-source", "MIG source", ["public.source-code"], extensions: ["defs"]),
        .init("com.apple.symbol-export", "symbol export list", ["public.source-code"], extensions: ["exp"]),
        .init(
            "com.sun.java-web-start", "Java Web Start application", ["public.xml"], extensions: ["jnlp"],
            mime: ["application/x-java-jnlp-file"]
        ),
        .init(
            "public.object-code", "object code", ["public.data", "public.executable"], extensions: ["o"],
            mime: ["application/x-object"]),
        .init("com.apple.mach-o-binary", "Mach-O binary", ["public.data", "public.executable"]),
        .init("com.apple.pef-binary", "PEF binary", ["public.data", "public.executable"]),
        .init(
            "com.sun.java-class", "Java class", ["public.data", "public.executable"], extensions: ["class"],
            mime: ["application/java-vm", "application/x-java"]
        ),
        .init(
            "com.apple.quartz-composer-composition", "Quartz Composer composition",
            ["public.data", "public.executable"],
            extensions: ["qtz"]
        ),
        .init("com.apple.application-file", "application file", ["com.apple.application", "public.data"]),
        .init(
            "com.apple.deprecated-application-file", "deprecated application file",
            ["com.apple.application", "public.data"]
        ),
        .init(
            "com.apple.dashboard-widget", "Dashboard widget", ["com.apple.bundle", "com.apple.package"],
            extensions: ["wdgt"]),
        .init("public.fax", "fax", ["public.image"]),
        .init("com.j2.jfx-fax", "j2 fax", ["public.fax"], extensions: ["jfx"]),
        .init("com.js.efx-fax", "eFax fax", ["public.fax"], extensions: ["efx"]),
        .init(
            "public.jpeg-2000", "JPEG 2000 image", ["public.image"], extensions: ["jp2", "jpf", "jpx", "j2k", "j2c"],
            mime: ["image/jp2", "image/jpx"]
        ),
        .init(
            "com.apple.pict", "PICT image", ["public.image"], extensions: ["pict", "pct", "pic"],
            mime: ["image/pict", "image/x-pict"]),
        .init("com.apple.macpaint-image", "MacPaint image", ["public.image"], extensions: ["pntg"]),
        .init(
            "public.xbitmap-image", "X bitmap image", ["public.image"], extensions: ["xbm"], mime: ["image/x-xbitmap"]),
        .init("com.apple.quicktime-image", "QuickTime image", ["public.image"], extensions: ["qtif", "qti"]),
        .init(
            "com.adobe.photoshop-image", "Photoshop image", ["public.image"], extensions: ["psd"],
            mime: ["image/vnd.adobe.photoshop", "image/x-photoshop"]
        ),
        .init("com.adobe.illustrator.ai-image", "Illustrator document", ["com.adobe.pdf"], extensions: ["ai"]),
        .init("com.truevision.tga-image", "TGA image", ["public.image"], extensions: ["tga"], mime: ["image/x-tga"]),
        .init("com.sgi.sgi-image", "SGI image", ["public.image"], extensions: ["sgi", "rgb"], mime: ["image/x-sgi"]),
        .init("com.kodak.flashpix.image", "FlashPix image", ["public.image"], extensions: ["fpx"]),
        .init(
            "com.apple.colorsync-profile", "ColorSync profile", ["public.data"], extensions: ["icc", "icm"],
            mime: ["application/vnd.iccprofile"]),
        .init("com.apple.txn.text-multimedia-data", "text with multimedia data", ["public.data"]),
        .init(
            "com.adobe.postscript", "PostScript document", ["public.data", "public.composite-content"],
            extensions: ["ps"], mime: ["application/postscript"]
        ),
        .init(
            "com.adobe.encapsulated-postscript", "Encapsulated PostScript", ["com.adobe.postscript"],
            extensions: ["eps", "epsf", "epsi"], mime: ["image/x-eps", "application/eps"]
        ),
        .init(
            "com.microsoft.word.doc", "Word document", ["public.data", "public.composite-content"],
            extensions: ["doc"], mime: ["application/msword"]
        ),
        .init(
            "com.microsoft.excel.xls", "Excel spreadsheet", ["public.data", "public.spreadsheet"],
            extensions: ["xls"], mime: ["application/vnd.ms-excel"]
        ),
        .init(
            "com.microsoft.powerpoint.ppt", "PowerPoint presentation", ["public.data", "public.presentation"],
            extensions: ["ppt"], mime: ["application/vnd.ms-powerpoint"]
        ),
        .init(
            "com.apple.keynote.key", "Keynote presentation", ["com.apple.package", "public.presentation"],
            extensions: ["key"]),
        .init(
            "com.apple.keynote.kth", "Keynote theme", ["com.apple.package", "public.presentation"], extensions: ["kth"]),
        .init(
            "public.3gpp", "3GPP movie", ["public.movie"], extensions: ["3gp", "3gpp"],
            mime: ["video/3gpp", "audio/3gpp"]),
        .init(
            "public.3gpp2", "3GPP2 movie", ["public.movie"], extensions: ["3g2", "3gp2"],
            mime: ["video/3gpp2", "audio/3gpp2"]),
        .init("public.ulaw-audio", "uLaw audio", ["public.audio"], extensions: ["ul", "ulw", "ulaw"]),
        .init("public.au-audio", "AU audio", ["public.audio"], extensions: ["au", "snd"], mime: ["audio/basic"]),
        .init(
            "com.apple.coreaudio-format", "Core Audio format", ["public.audio"], extensions: ["caf"],
            mime: ["audio/x-caf"]),
        .init("com.digidesign.sd2-audio", "Sound Designer II audio", ["public.audio"], extensions: ["sd2"]),
        .init(
            "com.microsoft.advanced-systems-format", "Advanced Systems Format", ["public.movie"], extensions: ["asf"],
            mime: ["video/x-ms-asf"]),
        .init(
            "com.microsoft.windows-media-wm", "Windows Media", ["com.microsoft.advanced-systems-format"],
            extensions: ["wm"], mime: ["video/x-ms-wm"]),
        .init(
            "com.microsoft.windows-media-wmv", "Windows Media video", ["com.microsoft.advanced-systems-format"],
            extensions: ["wmv"], mime: ["video/x-ms-wmv"]),
        .init(
            "com.microsoft.windows-media-wmp", "Windows Media player file", ["com.microsoft.advanced-systems-format"],
            extensions: ["wmp"]),
        .init(
            "com.microsoft.windows-media-wma", "Windows Media audio",
            ["com.microsoft.advanced-systems-format", "public.audio"], extensions: ["wma"], mime: ["audio/x-ms-wma"]),
        .init(
            "com.microsoft.advanced-stream-redirector", "Advanced Stream Redirector",
            ["public.xml", "public.playlist"], extensions: ["asx"], mime: ["video/x-ms-asf-plugin"]),
        .init(
            "com.microsoft.windows-media-wmx", "Windows Media playlist", ["com.microsoft.advanced-stream-redirector"],
            extensions: ["wmx"], mime: ["video/x-ms-wmx"]),
        .init(
            "com.microsoft.windows-media-wvx", "Windows Media video playlist",
            ["com.microsoft.advanced-stream-redirector"], extensions: ["wvx"], mime: ["video/x-ms-wvx"]),
        .init(
            "com.microsoft.windows-media-wax", "Windows Media audio playlist",
            ["com.microsoft.advanced-stream-redirector"], extensions: ["wax"], mime: ["audio/x-ms-wax"]),
        .init(
            "com.real.realmedia", "RealMedia", ["public.movie"], extensions: ["rm", "rmvb"],
            mime: ["application/vnd.rn-realmedia"]),
        .init(
            "com.real.realaudio", "RealAudio", ["public.audio"], extensions: ["ra", "ram"],
            mime: ["audio/vnd.rn-realaudio", "audio/x-pn-realaudio"]),
        .init(
            "com.real.smil", "SMIL multimedia presentation", ["public.xml"], extensions: ["smil", "smi"],
            mime: ["application/smil"]),
        .init("com.apple.haptics.ahap", "Apple Haptic and Audio Pattern", ["public.json"], extensions: ["ahap"]),
        .init("com.apple.linkpresentation.metadata", "LinkPresentation metadata", ["public.data"]),

        // Types of the Linux desktop that Apple does not declare, under plain names of their own.
        .init(
            "org.freedesktop.desktop-entry", "desktop entry", ["public.utf8-plain-text"], extensions: ["desktop"],
            mime: ["application/x-desktop"]
        ),
    ]
}
