import Cards

/// `masonry generate --count N [--seed S]`: a deterministic JSON Lines feed.
enum GenerateCommand {
  static let documentation = CommandDocumentation(
    name: "generate", synopsis: "generate --count N [--seed S]",
    description: """
      Prints N generated cards as JSON Lines, the same for the same seed: large feeds for \
      benchmarks and stress tests.
      """,
    options: [
      OptionHelp("--count N", "How many cards, 1 to 10000000 (required)."),
      OptionHelp("--seed S", "The seed of the generator (default: 1)."),
    ])

  static var usage: String { documentation.usage }

  static func run(_ arguments: [String], output: inout some TextOutput) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["--count", "--seed"], flagOptions: ["--help"])
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    _ = try parsed.positionals(atMost: 0)
    guard let count = try parsed.integer("--count", in: 1...10_000_000) else {
      throw UsageError("--count is required")
    }
    let generator = FeedGenerator(seed: UInt64(try parsed.integer("--seed", in: 0...Int.max) ?? 1))
    var start = 0
    // A reader that went away (`| head`) or a full disk ends the loop at once.
    while start < count && output.writeFailure == nil {
      let end = Swift.min(count, start + 10_000)
      var chunk = ""
      for index in start..<end { chunk += generator.line(index) + "\n" }
      output.write(chunk)
      start = end
    }
    return 0
  }
}
