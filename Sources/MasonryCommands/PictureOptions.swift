/// Whether the cards' pictures are drawn: `--images symbols|none`.
struct PictureOptions {
  var drawsThumbnails = true

  static let valueOptions: Set<String> = ["--images"]

  static let documentation = [
    OptionHelp(
      "--images symbols|none",
      "The cards' pictures as thumbnails in terminal symbols (the default), or placeholders in each picture's dominant colour, without decoding anything."
    )
  ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    drawsThumbnails = try arguments.choice("--images", of: ["symbols", "none"]) != "none"
  }
}
