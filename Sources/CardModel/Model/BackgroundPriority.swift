import CThreadSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Work off the event loop — reading and parsing a source, measuring, searching — runs
/// below the loop's priority, so that a key is answered at once however busy the cores
/// are: measuring and searching on the shared pool's threads made `nice` 10 (as the
/// thumbnail workers are), reading and parsing on threads of their own at 19
/// (`LoadingThreads`). Linux keeps a nice value per thread; a pool thread that ran such
/// work stays nicer, which suits it, since the pool runs nothing else of ours but such
/// work. The process's main thread (the event loop, or a command's only thread) is never
/// lowered, even when it takes a share of a parallel loop itself.
package enum BackgroundPriority {
  /// How much nicer than the process background work runs.
  package static let niceness: Int32 = 10

  /// How much nicer than the process reading and parsing a source runs: well below
  /// measuring, which must keep up with the cards as they come (`G` the moment the load
  /// ends needs every card counted) and leaves parsing the cores it does not need. Less
  /// nice, parsing takes enough of two cores to leave a sixth of a million-card feed's
  /// chunks uncounted when the load ends, which `G` then waits for; at 19 a few are left,
  /// and the load takes a few per cent longer.
  package static let loadingNiceness: Int32 = 19

  /// Makes the calling thread `nice` by `level` (10: `niceness`), unless it is the main
  /// thread or is so already. Loading runs on the pool only when no thread of its own
  /// could be made (`LoadingThreads.start`); a pool thread is then set to the level of
  /// what it runs now, up or down. Going back up (19 → 10) needs root or an `RLIMIT_NICE`
  /// that allows it; without, the call fails and the thread stays at 19.
  ///
  /// - Complexity: two system calls the first time on a thread, one after.
  package static func lowerCallingThread(to level: Int32 = niceness) {
    #if canImport(Glibc)
      guard masonry_is_main_thread() == 0 else { return }
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      errno = 0
      let current = getpriority(which, 0)
      guard errno == 0, current != level else { return }
      setpriority(which, 0, level)
    #endif
  }
}
