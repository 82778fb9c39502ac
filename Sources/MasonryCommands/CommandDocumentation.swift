/// What a command is for and how it is called: the source of its `--help` text and of
/// its part of the manual page.
struct CommandDocumentation: Sendable {
  /// The words after `masonry` that name it (empty for the browser).
  var name: String
  /// How it is called, after `masonry`.
  var synopsis: String
  /// What it does, in a paragraph or two (blank lines between paragraphs).
  var description: String
  var options: [OptionHelp]

  static let helpOption = OptionHelp("-h, --help", "Show this help.")

  /// The `--help` text.
  var usage: String {
    "usage: masonry \(synopsis)\n\n" + wrappedDescription + "\n\noptions:\n"
      + OptionHelp.text(options + [Self.helpOption])
  }

  /// The description, each paragraph wrapped at 80 columns.
  var wrappedDescription: String {
    description.split(separator: "\n\n").map {
      OptionHelp.wrap(String($0), width: 80).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }
}
