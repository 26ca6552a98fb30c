// FileSystemError, which FileMoving's API throws, and FileKind live in FileAccess, under ContentTypes, so that every
// layer that reads a user's file reports failures the same way; programs that import FileMoving see them as before.
@_exported import FileAccess
