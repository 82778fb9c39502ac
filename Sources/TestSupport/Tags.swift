import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension Trait where Self == ConditionTrait {
  /// Thousands of seeded random cases, or a sweep of every width: seconds each. `make
  /// check` leaves them out (`MASONRY_CHECK=1`); `make test`, which CI runs, runs them.
  public static var slow: Self {
    .disabled(if: leftOutByCheck, "slow: make check leaves it out, make test runs it")
  }

  /// The built program in a terminal: tmux, or xterm, kitty and mlterm on an Xvfb. `make
  /// check` leaves them out; `make test` runs them.
  public static var terminal: Self {
    .disabled(if: leftOutByCheck, "in a terminal: make check leaves it out, make test runs it")
  }
}

/// Whether the run is `make check`'s (swift test's own `--skip tag:` is not in this
/// toolchain, so the choice travels in the environment).
private var leftOutByCheck: Bool { getenv("MASONRY_CHECK") != nil }
