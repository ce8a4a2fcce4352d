import Foundation

/// How the window waits on a loader with a request: by the loader's own CPU time, so that a
/// busy machine never costs a photo its place, with a guard on the clock for a loader that
/// cannot run at all.
enum LoaderWatch {
    /// How long a loader may go without answering, on the clock, for a request of `cpuSeconds`
    /// of CPU time: many times that, and more, so that only a loader that cannot run (stopped,
    /// frozen, or kept from every core) meets it, never one sharing a busy machine.
    static func hangGuard(cpuSeconds: Double) -> Double { cpuSeconds * 20 + 10 }

    /// Waits for `loader` to answer while it spends at most `cpuSeconds` of its own CPU time,
    /// user and system, on each of the request's `photos`: a loader waiting for a core, sharing
    /// one with another big photo or stopped spends none, so only the decode's own work counts
    /// against a photo. Nil once it answers (or closes its socket); else why it is ended.
    static func awaitAnswer(from loader: LoaderHandle, cpuSeconds: Double, photos: Int) -> Ending? {
        let budget = cpuSeconds * Double(photos)
        let guardSeconds = Self.hangGuard(cpuSeconds: budget)
        let started = DispatchTime.now().uptimeNanoseconds
        let startedCPU = Self.cpuSeconds(of: loader.pid)
        var ready = pollfd(fd: loader.socket, events: Int16(POLLIN), revents: 0)
        while true {
            let waited = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            // A loader whose clock cannot be read (none to be had) is held to the clock instead.
            let spent = startedCPU.flatMap { first in Self.cpuSeconds(of: loader.pid).map { $0 - first } } ?? waited
            if spent >= budget { return .timedOut(cpuSeconds) }
            if waited >= guardSeconds { return .stalled(guardSeconds) }
            // One thread spends CPU time no faster than the clock runs, so the time left is a wait
            // that cannot overshoot it; a look at least every tenth of a second bounds what a
            // decoder of several threads overshoots by.
            let slice = min(budget - spent, guardSeconds - waited, 0.1)
            let polled = poll(&ready, 1, max(Int32((slice * 1000).rounded(.up)), 1))
            // An error other than a signal's is left to the read that follows to find.
            if polled > 0 || polled < 0 && errno != EINTR { return nil }
        }
    }

    /// The CPU time process `pid` has used, all its threads, user and system; nil where its
    /// clock cannot be read.
    static func cpuSeconds(of pid: pid_t) -> Double? {
        var clock = clockid_t()
        var now = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &now) == 0 else { return nil }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Why a loader is ended while a decode has it.
    enum Ending {
        /// It was found dead before it took the request.
        case unusable
        /// It spent its CPU time on the request: this many seconds a photo.
        case timedOut(Double)
        /// It gave no answer for this many seconds on the clock with CPU time left.
        case stalled(Double)
        /// It closed its socket without answering: it crashed, or was killed.
        case noAnswer
        /// Its answer did not describe its pixels: a hostile file may have taken it over.
        case badAnswer
    }

    /// Gives a loader that closed its socket a moment to finish ending, so its own end (a
    /// crash's signal) is what is reported, not the kill that follows.
    static func awaitEnd(_ pid: pid_t) {
        var info = siginfo_t()
        for _ in 0..<100 {
            // WEXITED | WNOHANG | WNOWAIT: whether it has ended, leaving it to be reaped.
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
            {
                return
            }
            usleep(1000)
        }
    }
}
