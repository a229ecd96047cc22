/// A file's icon as the kit picks it (`Components/DocumentPicker/AmityFile.swift:85-111`,
/// `AmityFileExtension.swift:63-88`): the extensions `AmityFileExtension` lists (case-sensitive)
/// have their own icon; any other is classified by its uniform type — images, audio, movies and
/// zip archives have one each — and the rest get the default page.
enum FileIcon {
    static func glyph(forExtension ext: String) -> Glyph {
        switch ext {
        case "doc", "docx": return .fileDoc
        case "xls", "xlsx": return .fileXls
        case "ppt", "pptx": return .filePpt
        case "csv": return .fileCsv
        case "txt": return .fileTxt
        case "pdf": return .filePdf
        case "html": return .fileHtml
        case "mpeg": return .fileMpeg
        case "avi": return .fileAvi
        case "mp3": return .fileMp3
        case "mp4": return .fileMp4
        default: break
        }
        // UTTypeCreatePreferredIdentifierForTag matches extensions without regard to case.
        let lower = ext.lowercased()
        if imageExtensions.contains(lower) { return .fileImg }
        if audioExtensions.contains(lower) { return .fileAudio }
        if movieExtensions.contains(lower) { return .fileMov }
        if lower == "zip" { return .fileZip }
        return .fileDefault
    }

    /// Extensions whose uniform type conforms to `public.image`.
    static let imageExtensions: Set = [
        "jpg", "jpeg", "jpe", "png", "gif", "heic", "heif", "tif", "tiff", "bmp", "webp", "ico", "svg", "raw", "dng", "cr2", "nef", "psd",
    ]
    /// … to `public.audio`.
    static let audioExtensions: Set = [
        "mp3", "m4a", "wav", "aac", "aif", "aiff", "caf", "flac", "ogg", "oga", "opus", "amr", "wma", "mid", "midi",
    ]
    /// … to `public.movie`.
    /// The lists hold the extensions `AmityFileExtension` has too ("mp3", "mp4", "mpeg", "avi"):
    /// its lookup is case-sensitive, so "MP4" reaches the uniform type, a movie.
    static let movieExtensions: Set = [
        "mp4", "mpeg", "avi", "mov", "m4v", "qt", "3gp", "3g2", "mkv", "webm", "wmv", "flv", "mpg", "ts", "m2ts",
    ]
}
