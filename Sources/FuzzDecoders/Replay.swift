import FuzzSupport

/// The entry point (see `FuzzReplay.main`): libFuzzer's driver, or a replay of the inputs
/// named on the command line.
@main struct Replay {
  static func main() { FuzzReplay.main("FuzzDecoders") { Target.test($0) } }
}
