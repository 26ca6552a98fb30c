// Apple's system-declared types as static members, with Apple's names. Each is resolved once, by identifier,
// against the system catalog; catalog types have the same place in every registry, so these values work with any.

extension UTType {
    /// Item (`public.item`).
    public static let item = UTType(systemIdentifier: "public.item")

    /// Content (`public.content`).
    public static let content = UTType(systemIdentifier: "public.content")

    /// Composite content (`public.composite-content`).
    public static let compositeContent = UTType(systemIdentifier: "public.composite-content")

    /// Data (`public.data`).
    public static let data = UTType(systemIdentifier: "public.data")

    /// Directory (`public.directory`).
    public static let directory = UTType(systemIdentifier: "public.directory")

    /// Resolvable (`com.apple.resolvable`).
    public static let resolvable = UTType(systemIdentifier: "com.apple.resolvable")

    /// Symbolic link (`public.symlink`).
    public static let symbolicLink = UTType(systemIdentifier: "public.symlink")

    /// Executable (`public.executable`).
    public static let executable = UTType(systemIdentifier: "public.executable")

    /// Mount point (`com.apple.mount-point`).
    public static let mountPoint = UTType(systemIdentifier: "com.apple.mount-point")

    /// Alias (`com.apple.alias-file`).
    public static let aliasFile = UTType(systemIdentifier: "com.apple.alias-file")

    /// Bookmark data (`com.apple.bookmark`).
    public static let urlBookmarkData = UTType(systemIdentifier: "com.apple.bookmark")

    /// URL (`public.url`).
    public static let url = UTType(systemIdentifier: "public.url")

    /// File URL (`public.file-url`).
    public static let fileURL = UTType(systemIdentifier: "public.file-url")

    /// Disk image (`public.disk-image`).
    public static let diskImage = UTType(systemIdentifier: "public.disk-image")

    /// Folder (`public.folder`).
    public static let folder = UTType(systemIdentifier: "public.folder")

    /// Volume (`public.volume`).
    public static let volume = UTType(systemIdentifier: "public.volume")

    /// Package (`com.apple.package`).
    public static let package = UTType(systemIdentifier: "com.apple.package")

    /// Bundle (`com.apple.bundle`).
    public static let bundle = UTType(systemIdentifier: "com.apple.bundle")

    /// Source code (`public.source-code`).
    public static let sourceCode = UTType(systemIdentifier: "public.source-code")

    /// Bookmark (`public.bookmark`).
    public static let bookmark = UTType(systemIdentifier: "public.bookmark")

    /// Log (`public.log`).
    public static let log = UTType(systemIdentifier: "public.log")

    /// Text (`public.text`).
    public static let text = UTType(systemIdentifier: "public.text")

    /// Plain text (`public.plain-text`).
    public static let plainText = UTType(systemIdentifier: "public.plain-text")

    /// UTF-8 plain text (`public.utf8-plain-text`).
    public static let utf8PlainText = UTType(systemIdentifier: "public.utf8-plain-text")

    /// UTF-16 plain text (external byte order) (`public.utf16-external-plain-text`).
    public static let utf16ExternalPlainText = UTType(systemIdentifier: "public.utf16-external-plain-text")

    /// UTF-16 plain text (`public.utf16-plain-text`).
    public static let utf16PlainText = UTType(systemIdentifier: "public.utf16-plain-text")

    /// Delimited values text (`public.delimited-values-text`).
    public static let delimitedText = UTType(systemIdentifier: "public.delimited-values-text")

    /// Comma-separated values (`public.comma-separated-values-text`).
    public static let commaSeparatedText = UTType(systemIdentifier: "public.comma-separated-values-text")

    /// Tab-separated values (`public.tab-separated-values-text`).
    public static let tabSeparatedText = UTType(systemIdentifier: "public.tab-separated-values-text")

    /// UTF-8 tab-separated values (`public.utf8-tab-separated-values-text`).
    public static let utf8TabSeparatedText = UTType(systemIdentifier: "public.utf8-tab-separated-values-text")

    /// Rich text (RTF) (`public.rtf`).
    public static let rtf = UTType(systemIdentifier: "public.rtf")

    /// HTML text (`public.html`).
    public static let html = UTType(systemIdentifier: "public.html")

    /// XML text (`public.xml`).
    public static let xml = UTType(systemIdentifier: "public.xml")

    /// YAML (`public.yaml`).
    public static let yaml = UTType(systemIdentifier: "public.yaml")

    /// JSON (`public.json`).
    public static let json = UTType(systemIdentifier: "public.json")

    /// GeoJSON (`public.geojson`).
    public static let geoJSON = UTType(systemIdentifier: "public.geojson")

    /// CSS style sheet (`public.css`).
    public static let css = UTType(systemIdentifier: "public.css")

    /// Markdown text (`net.daringfireball.markdown`).
    ///
    /// A DnDKit addition: Apple declares the type but has no constant for it.
    public static let markdown = UTType(systemIdentifier: "net.daringfireball.markdown")

    /// VCard (`public.vcard`).
    public static let vCard = UTType(systemIdentifier: "public.vcard")

    /// Assembly source (`public.assembly-source`).
    public static let assemblyLanguageSource = UTType(systemIdentifier: "public.assembly-source")

    /// C source (`public.c-source`).
    public static let cSource = UTType(systemIdentifier: "public.c-source")

    /// Objective-C source (`public.objective-c-source`).
    public static let objectiveCSource = UTType(systemIdentifier: "public.objective-c-source")

    /// Swift source (`public.swift-source`).
    public static let swiftSource = UTType(systemIdentifier: "public.swift-source")

    /// C++ source (`public.c-plus-plus-source`).
    public static let cPlusPlusSource = UTType(systemIdentifier: "public.c-plus-plus-source")

    /// Objective-C++ source (`public.objective-c-plus-plus-source`).
    public static let objectiveCPlusPlusSource = UTType(systemIdentifier: "public.objective-c-plus-plus-source")

    /// C header (`public.c-header`).
    public static let cHeader = UTType(systemIdentifier: "public.c-header")

    /// C++ header (`public.c-plus-plus-header`).
    public static let cPlusPlusHeader = UTType(systemIdentifier: "public.c-plus-plus-header")

    /// Script (`public.script`).
    public static let script = UTType(systemIdentifier: "public.script")

    /// AppleScript text (`com.apple.applescript.text`).
    public static let appleScript = UTType(systemIdentifier: "com.apple.applescript.text")

    /// Compiled AppleScript (`com.apple.applescript.script`).
    public static let osaScript = UTType(systemIdentifier: "com.apple.applescript.script")

    /// AppleScript bundle (`com.apple.applescript.script-bundle`).
    public static let osaScriptBundle = UTType(systemIdentifier: "com.apple.applescript.script-bundle")

    /// JavaScript source (`com.netscape.javascript-source`).
    public static let javaScript = UTType(systemIdentifier: "com.netscape.javascript-source")

    /// Shell script (`public.shell-script`).
    public static let shellScript = UTType(systemIdentifier: "public.shell-script")

    /// Perl script (`public.perl-script`).
    public static let perlScript = UTType(systemIdentifier: "public.perl-script")

    /// Python script (`public.python-script`).
    public static let pythonScript = UTType(systemIdentifier: "public.python-script")

    /// Ruby script (`public.ruby-script`).
    public static let rubyScript = UTType(systemIdentifier: "public.ruby-script")

    /// PHP script (`public.php-script`).
    public static let phpScript = UTType(systemIdentifier: "public.php-script")

    /// Makefile (`public.make-source`).
    public static let makefile = UTType(systemIdentifier: "public.make-source")

    /// Property list (`com.apple.property-list`).
    public static let propertyList = UTType(systemIdentifier: "com.apple.property-list")

    /// XML property list (`com.apple.xml-property-list`).
    public static let xmlPropertyList = UTType(systemIdentifier: "com.apple.xml-property-list")

    /// Binary property list (`com.apple.binary-property-list`).
    public static let binaryPropertyList = UTType(systemIdentifier: "com.apple.binary-property-list")

    /// PDF document (`com.adobe.pdf`).
    public static let pdf = UTType(systemIdentifier: "com.adobe.pdf")

    /// Rich text with attachments (RTFD) (`com.apple.rtfd`).
    public static let rtfd = UTType(systemIdentifier: "com.apple.rtfd")

    /// Flat RTFD (`com.apple.flat-rtfd`).
    public static let flatRTFD = UTType(systemIdentifier: "com.apple.flat-rtfd")

    /// Web archive (`com.apple.webarchive`).
    public static let webArchive = UTType(systemIdentifier: "com.apple.webarchive")

    /// EPUB document (`org.idpf.epub-container`).
    public static let epub = UTType(systemIdentifier: "org.idpf.epub-container")

    /// Spreadsheet (`public.spreadsheet`).
    public static let spreadsheet = UTType(systemIdentifier: "public.spreadsheet")

    /// Presentation (`public.presentation`).
    public static let presentation = UTType(systemIdentifier: "public.presentation")

    /// Database (`public.database`).
    public static let database = UTType(systemIdentifier: "public.database")

    /// Image (`public.image`).
    public static let image = UTType(systemIdentifier: "public.image")

    /// JPEG image (`public.jpeg`).
    public static let jpeg = UTType(systemIdentifier: "public.jpeg")

    /// TIFF image (`public.tiff`).
    public static let tiff = UTType(systemIdentifier: "public.tiff")

    /// GIF image (`com.compuserve.gif`).
    public static let gif = UTType(systemIdentifier: "com.compuserve.gif")

    /// PNG image (`public.png`).
    public static let png = UTType(systemIdentifier: "public.png")

    /// Apple icon image (`com.apple.icns`).
    public static let icns = UTType(systemIdentifier: "com.apple.icns")

    /// Windows bitmap image (`com.microsoft.bmp`).
    public static let bmp = UTType(systemIdentifier: "com.microsoft.bmp")

    /// Windows icon image (`com.microsoft.ico`).
    public static let ico = UTType(systemIdentifier: "com.microsoft.ico")

    /// Camera raw image (`public.camera-raw-image`).
    public static let rawImage = UTType(systemIdentifier: "public.camera-raw-image")

    /// DNG image (`com.adobe.raw-image`).
    public static let dng = UTType(systemIdentifier: "com.adobe.raw-image")

    /// OpenEXR image (`com.ilm.openexr-image`).
    public static let exr = UTType(systemIdentifier: "com.ilm.openexr-image")

    /// JPEG XL image (`public.jpeg-xl`).
    public static let jpegxl = UTType(systemIdentifier: "public.jpeg-xl")

    /// SVG image (`public.svg-image`).
    public static let svg = UTType(systemIdentifier: "public.svg-image")

    /// Live Photo (`com.apple.live-photo`).
    public static let livePhoto = UTType(systemIdentifier: "com.apple.live-photo")

    /// HEIF image (`public.heif`).
    public static let heif = UTType(systemIdentifier: "public.heif")

    /// HEIC image (`public.heic`).
    public static let heic = UTType(systemIdentifier: "public.heic")

    /// HEIC image sequence (`public.heics`).
    public static let heics = UTType(systemIdentifier: "public.heics")

    /// WebP image (`org.webmproject.webp`).
    public static let webP = UTType(systemIdentifier: "org.webmproject.webp")

    /// 3D content (`public.3d-content`).
    public static let threeDContent = UTType(systemIdentifier: "public.3d-content")

    /// Universal Scene Description (`com.pixar.universal-scene-description`).
    public static let usd = UTType(systemIdentifier: "com.pixar.universal-scene-description")

    /// Universal Scene Description package (`com.pixar.universal-scene-description-mobile`).
    public static let usdz = UTType(systemIdentifier: "com.pixar.universal-scene-description-mobile")

    /// Reality file (`com.apple.reality`).
    public static let realityFile = UTType(systemIdentifier: "com.apple.reality")

    /// SceneKit scene (`com.apple.scenekit.scene`).
    public static let sceneKitScene = UTType(systemIdentifier: "com.apple.scenekit.scene")

    /// AR reference object (`com.apple.arobject`).
    public static let arReferenceObject = UTType(systemIdentifier: "com.apple.arobject")

    /// Audiovisual content (`public.audiovisual-content`).
    public static let audiovisualContent = UTType(systemIdentifier: "public.audiovisual-content")

    /// Movie (`public.movie`).
    public static let movie = UTType(systemIdentifier: "public.movie")

    /// Video (`public.video`).
    public static let video = UTType(systemIdentifier: "public.video")

    /// Audio (`public.audio`).
    public static let audio = UTType(systemIdentifier: "public.audio")

    /// QuickTime movie (`com.apple.quicktime-movie`).
    public static let quickTimeMovie = UTType(systemIdentifier: "com.apple.quicktime-movie")

    /// MPEG movie (`public.mpeg`).
    public static let mpeg = UTType(systemIdentifier: "public.mpeg")

    /// MPEG-2 video (`public.mpeg-2-video`).
    public static let mpeg2Video = UTType(systemIdentifier: "public.mpeg-2-video")

    /// MPEG-2 transport stream (`public.mpeg-2-transport-stream`).
    public static let mpeg2TransportStream = UTType(systemIdentifier: "public.mpeg-2-transport-stream")

    /// MP3 audio (`public.mp3`).
    public static let mp3 = UTType(systemIdentifier: "public.mp3")

    /// MPEG-4 movie (`public.mpeg-4`).
    public static let mpeg4Movie = UTType(systemIdentifier: "public.mpeg-4")

    /// MPEG-4 audio (`public.mpeg-4-audio`).
    public static let mpeg4Audio = UTType(systemIdentifier: "public.mpeg-4-audio")

    /// Protected MPEG-4 audio (`com.apple.protected-mpeg-4-audio`).
    public static let appleProtectedMPEG4Audio = UTType(systemIdentifier: "com.apple.protected-mpeg-4-audio")

    /// Protected MPEG-4 video (`com.apple.protected-mpeg-4-video`).
    public static let appleProtectedMPEG4Video = UTType(systemIdentifier: "com.apple.protected-mpeg-4-video")

    /// AVI movie (`public.avi`).
    public static let avi = UTType(systemIdentifier: "public.avi")

    /// AIFF audio (`public.aiff-audio`).
    public static let aiff = UTType(systemIdentifier: "public.aiff-audio")

    /// Waveform audio (`com.microsoft.waveform-audio`).
    public static let wav = UTType(systemIdentifier: "com.microsoft.waveform-audio")

    /// MIDI audio (`public.midi-audio`).
    public static let midi = UTType(systemIdentifier: "public.midi-audio")

    /// Playlist (`public.playlist`).
    public static let playlist = UTType(systemIdentifier: "public.playlist")

    /// M3U playlist (`public.m3u-playlist`).
    public static let m3uPlaylist = UTType(systemIdentifier: "public.m3u-playlist")

    /// Plug-in (`com.apple.plugin`).
    public static let pluginBundle = UTType(systemIdentifier: "com.apple.plugin")

    /// Spotlight importer (`com.apple.metadata-importer`).
    public static let spotlightImporter = UTType(systemIdentifier: "com.apple.metadata-importer")

    /// Quick Look generator (`com.apple.quicklook-generator`).
    public static let quickLookGenerator = UTType(systemIdentifier: "com.apple.quicklook-generator")

    /// XPC service (`com.apple.xpc-service`).
    public static let xpcService = UTType(systemIdentifier: "com.apple.xpc-service")

    /// Framework (`com.apple.framework`).
    public static let framework = UTType(systemIdentifier: "com.apple.framework")

    /// Application (`com.apple.application`).
    public static let application = UTType(systemIdentifier: "com.apple.application")

    /// Application bundle (`com.apple.application-bundle`).
    public static let applicationBundle = UTType(systemIdentifier: "com.apple.application-bundle")

    /// App extension (`com.apple.application-and-system-extension`).
    public static let applicationExtension = UTType(systemIdentifier: "com.apple.application-and-system-extension")

    /// Unix executable (`public.unix-executable`).
    public static let unixExecutable = UTType(systemIdentifier: "public.unix-executable")

    /// Windows executable (`com.microsoft.windows-executable`).
    public static let exe = UTType(systemIdentifier: "com.microsoft.windows-executable")

    /// System Preferences pane (`com.apple.systempreference.prefpane`).
    public static let systemPreferencesPane = UTType(systemIdentifier: "com.apple.systempreference.prefpane")

    /// Archive (`public.archive`).
    public static let archive = UTType(systemIdentifier: "public.archive")

    /// Gzip archive (`org.gnu.gnu-zip-archive`).
    public static let gzip = UTType(systemIdentifier: "org.gnu.gnu-zip-archive")

    /// Bzip2 archive (`public.bzip2-archive`).
    public static let bz2 = UTType(systemIdentifier: "public.bzip2-archive")

    /// Zip archive (`public.zip-archive`).
    public static let zip = UTType(systemIdentifier: "public.zip-archive")

    /// Apple archive (`com.apple.archive`).
    public static let appleArchive = UTType(systemIdentifier: "com.apple.archive")

    /// Tar archive (`public.tar-archive`).
    public static let tarArchive = UTType(systemIdentifier: "public.tar-archive")

    /// Message (`public.message`).
    public static let message = UTType(systemIdentifier: "public.message")

    /// Contact (`public.contact`).
    public static let contact = UTType(systemIdentifier: "public.contact")

    /// To-do item (`public.to-do-item`).
    public static let toDoItem = UTType(systemIdentifier: "public.to-do-item")

    /// Calendar event (`public.calendar-event`).
    public static let calendarEvent = UTType(systemIdentifier: "public.calendar-event")

    /// Email message (`public.email-message`).
    public static let emailMessage = UTType(systemIdentifier: "public.email-message")

    /// Internet location (`com.apple.internet-location`).
    public static let internetLocation = UTType(systemIdentifier: "com.apple.internet-location")

    /// Internet shortcut (`com.microsoft.internet-shortcut`).
    public static let internetShortcut = UTType(systemIdentifier: "com.microsoft.internet-shortcut")

    /// Font (`public.font`).
    public static let font = UTType(systemIdentifier: "public.font")

    /// PKCS #12 archive (`com.rsa.pkcs-12`).
    public static let pkcs12 = UTType(systemIdentifier: "com.rsa.pkcs-12")

    /// X.509 certificate (`public.x509-certificate`).
    public static let x509Certificate = UTType(systemIdentifier: "public.x509-certificate")

    /// Apple Haptic and Audio Pattern (`com.apple.haptics.ahap`).
    public static let ahap = UTType(systemIdentifier: "com.apple.haptics.ahap")

    /// LinkPresentation metadata (`com.apple.linkpresentation.metadata`).
    public static let linkPresentationMetadata = UTType(systemIdentifier: "com.apple.linkpresentation.metadata")
}
