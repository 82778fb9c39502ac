import FuzzSupport

/// The entry point. With libFuzzer (`make fuzz`) it hands over to libFuzzer's driver;
/// without, it replays the inputs named on the command line (see `FuzzReplay`).
@main struct Replay {
  static func main() {
    #if FUZZING
      FuzzReplay.fuzz { Target.test($0) }
    #else
      let count = FuzzReplay.run(Array(CommandLine.arguments.dropFirst())) { Target.test($0) }
      print("FuzzPictures: \(count) inputs replayed")
    #endif
  }
}
