import ArgumentParser
import PhotoZoomLibrary
import PhotoZoomSDL

/// An error a person reads: its description is the one line they see, after "photozoom: ",
/// and `isRefusal` says whose it is.
protocol UserFacingError: Error, CustomStringConvertible {
    /// The system refused (a full disk, a read-only folder: exit 1), rather than the person
    /// gave us something we cannot use (exit 2, the default).
    var isRefusal: Bool { get }
}

extension UserFacingError {
    var isRefusal: Bool { false }
}

/// Runs a command's work, in `run` or in `validate`, and ends the command on a user-facing
/// error it throws: the one place the commands' errors become what a person reads.
/// `PhotoZoomCommand.main` says the line: the person's errors leave as a `ValidationError`
/// (exit 2, and `--help` still answers), the system's as themselves (exit 1).
func withUserFacingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as UserFacingError {
        throw error.isRefusal ? error : ValidationError(error.description)
    }
}

/// As `withUserFacingErrors(_:)`, with an error of type `E` told in the command's words: what
/// it knows and the error does not (the file it was reading, the write it was making, the
/// flag the person typed).
func withUserFacingErrors<E: Error, T>(telling _: E.Type, as tell: (E) -> ToldError, _ body: () throws -> T) throws -> T
{
    try withUserFacingErrors {
        do {
            return try body()
        } catch let error as E {
            throw tell(error)
        }
    }
}

/// A user-facing error in a command's words.
struct ToldError: UserFacingError {
    let description: String
    let isRefusal: Bool

    init(_ line: String, isRefusal: Bool = false) {
        description = line
        self.isRefusal = isRefusal
    }
}

// The platform's errors, each already one line. Conformed here: which exit they mean is the
// command line's business, not the module's.
extension PhotoFolderError: UserFacingError {}
extension SDLError: UserFacingError {}
extension WindowError: UserFacingError {}
extension TuningTextError: UserFacingError {}
extension TuningWatchError: UserFacingError {}

extension OutputFileError: UserFacingError {
    /// A file refused by our own rules (it exists, it is a folder) is the person's to fix.
    var isRefusal: Bool { !isUsage }
}

extension SessionFileError: UserFacingError {
    /// A recording's file that exists is refused by `RunCommand.validate`; this is the system
    /// refusing to write one.
    var isRefusal: Bool { true }
}
