import Foundation
import PhotoZoomCore

/// Why a photo is not shown, as the case that decides what happens next: whether the thumbnail
/// cache remembers it (so no later launch tries the file again), whether the loader that tried
/// it was ended (so photos decoded beside it are tried again on their own), and what a person
/// is told (`description`, one line naming the problem).
public enum DecodeFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not what a photo is, or claims what it cannot hold: refused before any decoder.
    case refused(String)
    /// The file could not be opened or read whole.
    case unreadable(String)
    /// A decoder read it and found it broken.
    case corrupt(String)
    /// It is larger than the library's limits allow, which a person may raise.
    case overLimits(String)
    /// The loader decoding it crashed, ended by this signal.
    case crashed(signal: Int32, name: String)
    /// The loader decoding it exited without an answer.
    case exited(status: Int32)
    /// The loader spent its time budget (library.loaderSeconds) of CPU time on it and was stopped.
    case timedOut(seconds: Double)
    /// The loader gave no answer for this long on the clock, short of its CPU time: stopped, or
    /// left no core by a busy machine. Its wait is bounded all the same.
    case stalled(seconds: Double)
    /// The loader's answer did not describe its pixels.
    case badAnswer
    /// Decoding stopped because the program is ending.
    case shuttingDown
    /// No loader could take it: none would start, or it could not be handed over.
    case unavailable(String)

    public var description: String {
        switch self {
        case .refused(let why), .unreadable(let why), .corrupt(let why), .overLimits(let why), .unavailable(let why):
            return why
        case .crashed(let signal, let name): return "the decoder crashed: signal \(signal) (\(name))"
        case .exited(let status): return "the decoder ended without an answer (exit status \(status))"
        case .timedOut(let seconds):
            return
                "the decoder used its \(TuningFile.number(seconds)) s of CPU time (library.loaderSeconds) and was stopped"
        case .stalled(let seconds):
            return
                "the decoder gave no answer in \(TuningFile.number(seconds)) s on the clock with CPU time left "
                + "(its loader stopped, or kept from a core), and was stopped"
        case .badAnswer: return "the decoder's answer did not describe its pixels"
        case .shuttingDown: return "decoding stopped as the program ends"
        }
    }

    /// A fault of the file's own, which the thumbnail cache records so no later launch tries it
    /// again: the file refused or found broken, a decoder it crashed by a fault of its own, a
    /// loader it made lie. Not one a person can lift by raising a limit, nor one a moment may
    /// have caused and the next launch may not: a loader killed from outside (the kernel out of
    /// memory, a person), ending without an answer (a resource it could not have), spending its
    /// CPU time (a budget a person may raise) or stalling, a file that could not be read, no
    /// loader, the program ending.
    public var isRemembered: Bool {
        switch self {
        case .refused, .corrupt, .badAnswer: return true
        case .crashed(let signal, _): return Self.faultSignals.contains(signal)
        case .unreadable, .exited, .timedOut, .stalled, .overLimits, .shuttingDown, .unavailable: return false
        }
    }

    /// A failure a moment may have caused, which the window tries again later in the same
    /// session (`DecodeRetries`): a loader killed from outside or ended without an answer,
    /// past its CPU time or stalled, or no loader to be had. Not the file's own faults, nor a
    /// limit (the same photo meets it again), a file that could not be read, the program ending.
    public var isTransient: Bool {
        switch self {
        case .crashed(let signal, _): return !Self.faultSignals.contains(signal)
        case .exited, .timedOut, .stalled, .unavailable: return true
        case .refused, .unreadable, .corrupt, .overLimits, .badAnswer, .shuttingDown: return false
        }
    }

    /// The signals a process's own fault raises (a bad access, an illegal instruction, an abort,
    /// a forbidden system call), as against those sent from outside.
    static let faultSignals: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// Over a limit a person may raise.
    public var isOverLimits: Bool {
        if case .overLimits = self { return true }
        return false
    }

    /// The loader that tried it was ended: of several photos it decoded together, any may be at fault.
    public var endedLoader: Bool {
        switch self {
        case .crashed, .exited, .timedOut, .stalled, .badAnswer: return true
        case .refused, .unreadable, .corrupt, .overLimits, .shuttingDown, .unavailable: return false
        }
    }
}

extension DecodeFailure {
    /// The same case, told in `words`: a loader's failure with what its decoder printed added.
    public func restated(_ words: String) -> DecodeFailure {
        switch self {
        case .refused: return .refused(words)
        case .unreadable: return .unreadable(words)
        case .overLimits: return .overLimits(words)
        case .unavailable: return .unavailable(words)
        case .corrupt, .crashed, .exited, .timedOut, .stalled, .badAnswer, .shuttingDown: return .corrupt(words)
        }
    }
}
