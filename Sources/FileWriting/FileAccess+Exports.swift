// FileSystemError, which FileWriting throws, lives in FileAccess (under ContentTypes), so that every layer that reads
// or writes a user's file reports failures the same way; importing FileWriting brings it in.
@_exported import FileAccess
